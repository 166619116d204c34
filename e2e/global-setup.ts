// Starts the whole product on the test ports once per e2e run; the specs find it through the
// E2E_* variables (see e2e/support/stack.ts). global-teardown.ts stops it.
import { startTestStack } from './support/stack';

export default async function globalSetup(): Promise<void> {
  // Shared with global-teardown.ts, which jest runs in this same context.
  (globalThis as { __parleyStack?: unknown }).__parleyStack = await startTestStack();
}
