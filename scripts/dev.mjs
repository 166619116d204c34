#!/usr/bin/env node
// `npm start`: the whole product on this machine, on the dev ports, logs on the console.
// Ctrl-C (or SIGTERM) stops every program; a program that dies stops the rest, loudly.
import { startStack } from './stack.mjs';

let stack = null;
let stopping = false;
const startup = new AbortController();

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  // Still starting: the runner stops what it started and rejects; the catch below exits.
  if (!stack) return startup.abort();
  console.log('[stack] stopping…');
  await stack.stop();
  console.log('[stack] stopped');
  process.exit(code);
}

process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

try {
  stack = await startStack({
    profile: 'dev',
    logLevel: process.env.LOG_LEVEL,
    signal: startup.signal,
    onUnexpectedExit: (name, description, lastLines) => {
      console.error(
        `\n[stack] ${description}; stopping everything. Its last output:\n${lastLines.join('\n')}`,
      );
      shutdown(1);
    },
  });
  console.log('[stack] press Ctrl-C to stop');
} catch (e) {
  if (startup.signal.aborted) {
    console.log('[stack] stopped');
    process.exit(0);
  }
  console.error(`\n[stack] start-up failed: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
}
