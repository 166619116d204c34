#!/usr/bin/env node
// `output: 'standalone'` leaves the browser assets out of .next/standalone (they are meant for a
// CDN); copy them in so the standalone server serves them itself.
import { cpSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const app = join(root, '.next', 'standalone', 'frontend');
if (!existsSync(join(app, 'server.js'))) {
  console.error(`copy-static: ${app}/server.js not found; run next build first`);
  process.exit(1);
}
cpSync(join(root, '.next', 'static'), join(app, '.next', 'static'), { recursive: true });
if (existsSync(join(root, 'public'))) cpSync(join(root, 'public'), join(app, 'public'), { recursive: true });
