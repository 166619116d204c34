import type { RunningStack } from '../scripts/stack.mjs';
import { stopTestStack } from './support/stack';

export default async function globalTeardown(): Promise<void> {
  const stack = (globalThis as { __parleyStack?: RunningStack }).__parleyStack;
  if (stack) await stopTestStack(stack);
}
