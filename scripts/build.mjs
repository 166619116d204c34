#!/usr/bin/env node
// `npm run build`: bundles every Node program into its dist/, builds the widget and the frontend, all of them
// regardless of staleness (`npm start` rebuilds only what changed).
import {
  buildFrontend,
  buildNodePrograms,
  buildWidgetAssets,
  frontendPresent,
  presentNodePrograms,
} from './lib/build-steps.mjs';
import { nodePrograms } from './lib/programs.mjs';

const log = (line) => console.log(`[build] ${line}`);
try {
  const present = presentNodePrograms();
  for (const p of nodePrograms) if (!present.includes(p)) log(`${p.dir} has no src/main.ts yet; skipped`);
  await buildNodePrograms(log, { force: true, programs: present });
  await buildWidgetAssets(log);
  if (frontendPresent()) await buildFrontend(log, { force: true });
  else log('frontend has no next.config yet; skipped');
} catch (e) {
  console.error(`[build] failed: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
}
