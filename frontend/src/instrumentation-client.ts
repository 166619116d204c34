import { zodJitless } from './lib/security/zod-jitless';

// Runs before the app's own code in the browser: zod's parsers interpreted, never compiled with
// eval (which the page policy forbids), set without loading zod on pages that do not use it.
zodJitless();
