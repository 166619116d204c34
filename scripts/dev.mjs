#!/usr/bin/env node
// `npm start`: the whole product on this machine, on the dev ports, logs on the console.
// A program that exits is started again with backoff (as Kubernetes would), the rest running on;
// Ctrl-C (or SIGTERM) stops every program.
import { runInForeground } from './lib/foreground.mjs';
import { warnUnlessPinnedNode } from './lib/pinned-node.mjs';
import { startStack } from './stack.mjs';

warnUnlessPinnedNode();

await runInForeground({
  start: (signal) =>
    startStack({
      profile: 'dev',
      logLevel: process.env.LOG_LEVEL,
      signal,
      onUnexpectedExit: (name, description, lastLines) => {
        console.error(`\n[stack] ${description}. Its last output:\n${lastLines.join('\n')}`);
      },
    }),
});
