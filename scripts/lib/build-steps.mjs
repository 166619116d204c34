// Builds what is stale: each Node program's bundle, and the frontend's Next.js standalone output
// when its sources (or the shared packages it imports) changed since the last build.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildWidget } from '../../widget/scripts/build.mjs';
import { bundle } from '../bundle.mjs';
import { repoRoot } from './paths.mjs';
import { frontendProgram, nodePrograms } from './programs.mjs';
import { bundleStaleness, fingerprint, listFiles } from './staleness.mjs';

export const bundlePath = (program) => join(repoRoot, program.dir, 'dist', 'main.js');
export const entryPath = (program) => join(repoRoot, program.dir, 'src', 'main.ts');

/** Programs whose entry exists in this checkout (others are still being written). */
export function presentNodePrograms() {
  return nodePrograms.filter((p) => existsSync(entryPath(p)));
}

export async function buildNodePrograms(log, { force = false, programs = presentNodePrograms() } = {}) {
  for (const program of programs) {
    const out = bundlePath(program);
    const reason = force ? 'forced' : bundleStaleness(out, repoRoot);
    if (!reason) continue;
    const started = Date.now();
    await bundle(entryPath(program), out);
    log(`bundled ${program.dir} (${reason}) in ${Date.now() - started} ms`);
  }
}

const FRONTEND_DIR = join(repoRoot, frontendProgram.dir);
const NEXT_DIR = join(FRONTEND_DIR, '.next');
const STAMP = join(NEXT_DIR, 'parley-build-stamp.json');
const SKIP = new Set(['node_modules', '.next', 'out', 'coverage', 'test-results']);

export function frontendPresent() {
  return ['next.config.ts', 'next.config.mjs', 'next.config.js'].some((f) =>
    existsSync(join(FRONTEND_DIR, f)),
  );
}

/** The sources a frontend build depends on: its own files and the workspace packages it imports. */
function frontendSourcesFingerprint() {
  const files = [
    ...listFiles(FRONTEND_DIR, repoRoot, SKIP),
    ...listFiles(join(repoRoot, 'packages', 'contracts'), repoRoot, SKIP),
    ...listFiles(join(repoRoot, 'packages', 'chat-display'), repoRoot, SKIP),
    'package-lock.json',
  ].filter((f) => !f.endsWith('next-env.d.ts'));
  return fingerprint(files, repoRoot);
}

/**
 * The standalone server. In a workspace Next traces from the repository root, so server.js sits
 * under the workspace's own path; a single-package layout puts it at the top.
 */
export function standaloneServer() {
  const candidates = [
    join(NEXT_DIR, 'standalone', frontendProgram.dir, 'server.js'),
    join(NEXT_DIR, 'standalone', 'server.js'),
  ];
  return candidates.find((c) => existsSync(c)) ?? null;
}

function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let output = '';
    const keep = (chunk) => {
      output = (output + chunk.toString()).slice(-20000);
      options.onOutput?.(chunk.toString());
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve(output)
        : reject(
            new Error(
              `${command} ${args.join(' ')} failed (${signal ?? code}):\n${output.split('\n').slice(-40).join('\n')}`,
            ),
          ),
    );
  });
}

export async function buildFrontend(log, { force = false } = {}) {
  if (!frontendPresent()) return false;
  const print = frontendSourcesFingerprint();
  const previous = existsSync(STAMP) ? JSON.parse(readFileSync(STAMP, 'utf8')).fingerprint : null;
  if (!force && previous === print && standaloneServer()) return false;
  log('building the frontend (next build); this takes a minute or two');
  const started = Date.now();
  rmSync(STAMP, { force: true });
  await run('npm', ['run', 'build', '--workspace', frontendProgram.dir], {
    cwd: repoRoot,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
  });
  const server = standaloneServer();
  if (!server) {
    throw new Error(
      "next build produced no standalone server: frontend/next.config must set output: 'standalone'",
    );
  }
  // The standalone server serves browser assets only from beside itself; the frontend's build
  // script copies them there (frontend/scripts/copy-static.mjs).
  if (!existsSync(join(server, '..', '.next', 'static'))) {
    throw new Error(
      `the frontend build left no .next/static beside ${server}: its build script must copy it there`,
    );
  }
  mkdirSync(NEXT_DIR, { recursive: true });
  writeFileSync(STAMP, JSON.stringify({ fingerprint: frontendSourcesFingerprint() }) + '\n');
  log(`built the frontend in ${Math.round((Date.now() - started) / 1000)} s`);
  return true;
}

/**
 * The embeddable widget (loader.js and the framed app) into widget/dist, where the gateway serves
 * it from (WIDGET_DIST_DIR). esbuild takes well under a second, so it is simply always rebuilt.
 */
export async function buildWidgetAssets(log) {
  const started = Date.now();
  await buildWidget();
  log(`built the widget in ${Date.now() - started} ms`);
}
