#!/usr/bin/env node
// Starts the standalone build on PORT (default 3000) and HOSTNAME (default 0.0.0.0), the variables
// Next.js's standalone server reads.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const server = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '.next',
  'standalone',
  'frontend',
  'server.js',
);
if (!existsSync(server)) {
  console.error('frontend: no build found; run `npm run build -w frontend` first');
  process.exit(1);
}
process.env.PORT ||= '3000';
process.env.HOSTNAME ||= '0.0.0.0';
process.env.NODE_ENV = 'production';
await import(server);
