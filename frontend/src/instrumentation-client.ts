import { z } from 'zod';

// Runs before the app's own code in the browser. The page policy forbids eval; zod would probe
// for it once to compile faster parsers, and a strict policy reports that probe as a violation
// even though zod catches the refusal. Its interpreted parsers are all these forms need.
z.config({ jitless: true });
