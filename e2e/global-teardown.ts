import type { RunningStack } from '../scripts/stack.mjs';
import type { LanguageModelDouble } from './support/language-model';
import { stopTestStack } from './support/stack';

export default async function globalTeardown(): Promise<void> {
  const shared = globalThis as { __parleyStack?: RunningStack; __parleyModel?: LanguageModelDouble };
  if (shared.__parleyStack) await stopTestStack(shared.__parleyStack);
  await shared.__parleyModel?.close();
}
