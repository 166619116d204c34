#!/usr/bin/env node
// Builds the widget for the gateway to serve (WIDGET_DIST_DIR):
//   <out>/loader.js           the embed script (one IIFE, defines only window.Parley)
//   <out>/app/index.html      the framed app, with its hashed assets under <out>/app/assets/
// `node widget/scripts/build.mjs [outDir]`; scripts/lib/build-steps.mjs calls buildWidget().
import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const widgetDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const defaultWidgetOutDir = join(widgetDir, 'dist');

/** The gateway puts the product's public address here when it serves the page. */
export const APP_URL_PLACEHOLDER = '%PARLEY_APP_URL%';

const repoRoot = resolve(widgetDir, '..');

/**
 * The widget needs only the conversations part of @parley/contracts (constants and types). Its
 * index also re-exports every zod schema, whose top-level calls a bundler must keep: point the
 * import at the conversations module and let unused files drop out.
 */
const contractsConversationsOnly = {
  name: 'contracts-conversations-only',
  setup(b) {
    b.onResolve({ filter: /^@parley\/contracts$/ }, () => ({
      path: join(repoRoot, 'packages', 'contracts', 'src', 'conversations', 'index.ts'),
      sideEffects: false,
    }));
  },
};

const common = {
  bundle: true,
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  define: { 'process.env.NODE_ENV': '"production"' },
  target: 'es2020',
  plugins: [contractsConversationsOnly],
};

function indexHtml(script, style) {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="parley-app-url" content="${APP_URL_PLACEHOLDER}" />
    <title>Chat</title>
    ${style ? `<link rel="stylesheet" href="./assets/${style}" />` : ''}
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="./assets/${script}"></script>
  </body>
</html>
`;
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each file: the gateway sends the copy the browser
 * takes (Accept-Encoding) without compressing on every request, at the strongest settings.
 */
function precompress(files) {
  for (const file of files) {
    const bytes = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(bytes, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  }
}

/** Builds both parts into `outDir` (replacing what was there); returns the files written. */
export async function buildWidget(outDir = defaultWidgetOutDir) {
  const out = resolve(outDir);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, 'app', 'assets'), { recursive: true });

  await build({
    ...common,
    entryPoints: [join(widgetDir, 'loader', 'src', 'index.ts')],
    outfile: join(out, 'loader.js'),
    format: 'iife',
  });

  const app = await build({
    ...common,
    entryPoints: { app: join(widgetDir, 'app', 'src', 'main.tsx') },
    outdir: join(out, 'app', 'assets'),
    entryNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    format: 'esm',
    jsx: 'automatic',
    metafile: true,
  });
  const outputs = Object.keys(app.metafile.outputs).map((p) => basename(p));
  const script = outputs.find((f) => f.endsWith('.js'));
  const style = outputs.find((f) => f.endsWith('.css'));
  if (!script) throw new Error('the widget app build produced no script');
  writeFileSync(join(out, 'app', 'index.html'), indexHtml(script, style));
  const built = {
    loader: join(out, 'loader.js'),
    index: join(out, 'app', 'index.html'),
    assets: outputs.map((f) => join(out, 'app', 'assets', f)),
  };
  precompress([built.loader, ...built.assets]);
  return built;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  buildWidget(process.argv[2]).then(
    (r) => {
      const kb = (f) => `${(readFileSync(f).length / 1024).toFixed(1)} KB`;
      console.log(
        `[widget] built in ${Date.now() - started} ms: loader ${kb(r.loader)}, app ${r.assets.map(kb).join(' + ')}`,
      );
    },
    (e) => {
      console.error(`[widget] build failed: ${e instanceof Error ? e.message : e}`);
      process.exit(1);
    },
  );
}
