#!/usr/bin/env node
// Bundles one program's entry into a single CommonJS file. Workspace packages (@parley/*) are
// inlined so the image needs no TypeScript at run time; npm dependencies stay external and are
// installed in the image with `npm ci --omit=dev`.
//
// Beside the bundle it writes `<out>.inputs.json`, the files that went into it, so the local
// runner can tell a stale bundle from a fresh one without rebuilding (scripts/lib/staleness.mjs).
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));

const externalNpm = {
  name: 'external-npm',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@parley/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** The file listing a bundle's inputs, next to the bundle. */
export function inputsFileFor(outfile) {
  return `${resolve(outfile)}.inputs.json`;
}

/** Bundles `entry` into `outfile`; returns the input files (absolute paths). */
export async function bundle(entry, outfile) {
  const result = await build({
    entryPoints: [resolve(entry)],
    outfile: resolve(outfile),
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    sourcemap: true,
    logLevel: 'warning',
    metafile: true,
    plugins: [externalNpm],
  });
  // esbuild names inputs relative to its working directory.
  const inputs = Object.keys(result.metafile.inputs).map((p) => resolve(p));
  inputs.push(fileURLToPath(import.meta.url));
  writeFileSync(
    inputsFileFor(outfile),
    JSON.stringify({ inputs: inputs.map((p) => relative(repoRoot, p)) }, null, 1) + '\n',
  );
  return inputs;
}

const invokedDirectly = process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  const [entry, outfile] = process.argv.slice(2);
  if (!entry || !outfile) {
    console.error('usage: bundle.mjs <entry.ts> <out.js>');
    process.exit(2);
  }
  // No top-level await: this module is also loaded with require() from jest's global setup.
  bundle(entry, outfile).catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
