// Starts the whole product on the test ports once per e2e run; the specs find it through the
// E2E_* variables (see e2e/support/stack.ts). global-teardown.ts stops it. The assistant answers
// with the run's own language-model double (support/language-model.ts), started first.
import { startLanguageModelDouble } from './support/language-model';
import { startTestStack } from './support/stack';

export default async function globalSetup(): Promise<void> {
  const model = await startLanguageModelDouble();
  // Shared with global-teardown.ts, which jest runs in this same context.
  const shared = globalThis as { __parleyStack?: unknown; __parleyModel?: unknown };
  shared.__parleyModel = model;
  try {
    shared.__parleyStack = await startTestStack(model);
  } catch (error) {
    await model.close();
    throw error;
  }
}
