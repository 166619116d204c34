#!/usr/bin/env node
// Bundles one program's entry into a single CommonJS file. Workspace packages (@parley/*) are
// inlined so the image needs no TypeScript at run time; npm dependencies stay external and are
// installed in the image with `npm ci --omit=dev`.
import { build } from 'esbuild';
import { resolve } from 'node:path';

const [entry, outfile] = process.argv.slice(2);
if (!entry || !outfile) {
  console.error('usage: bundle.mjs <entry.ts> <out.js>');
  process.exit(2);
}

const externalNpm = {
  name: 'external-npm',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@parley/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints: [resolve(entry)],
  outfile: resolve(outfile),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalNpm],
});
