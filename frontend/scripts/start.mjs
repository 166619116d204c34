#!/usr/bin/env node
// Starts the standalone build on PORT (default 3000). HOSTNAME is what the standalone server binds
// to; shells and containers often set it to the machine's name, so FRONTEND_HOST decides here.
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
process.env.HOSTNAME = process.env.FRONTEND_HOST || '0.0.0.0';
process.env.NODE_ENV = 'production';
await import(server);
