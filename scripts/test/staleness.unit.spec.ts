import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundle } from '../bundle.mjs';
import { bundleStaleness, fingerprint, listFiles } from '../lib/staleness.mjs';

const repoRoot = join(__dirname, '..', '..');

describe('bundleStaleness', () => {
  let dir: string;
  let out: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'parley-bundle-'));
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src', 'main.ts'), "import { twice } from './twice';\nconsole.log(twice(2));\n");
    writeFileSync(join(dir, 'src', 'twice.ts'), 'export const twice = (n: number): number => n * 2;\n');
    out = join(dir, 'dist', 'main.js');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const age = (path: string, secondsAgo: number) => {
    const t = new Date(Date.now() - secondsAgo * 1000);
    utimesSync(path, t, t);
  };

  /** Builds with sources a minute old and the bundle half a minute old, as after real editing. */
  const buildAsEarlier = async () => {
    age(join(dir, 'src', 'main.ts'), 60);
    age(join(dir, 'src', 'twice.ts'), 60);
    await bundle(join(dir, 'src', 'main.ts'), out);
    age(out, 30);
  };

  it('is stale before the first build and fresh after it', async () => {
    expect(bundleStaleness(out, repoRoot)).toBe('not built yet');
    await buildAsEarlier();
    expect(bundleStaleness(out, repoRoot)).toBeNull();
  });

  it('notices an imported file that changed after the build', async () => {
    await buildAsEarlier();
    writeFileSync(join(dir, 'src', 'twice.ts'), 'export const twice = (n: number): number => n + n;\n');
    expect(bundleStaleness(out, repoRoot)).toMatch(/twice\.ts changed$/);
  });

  it('notices an input that was removed', async () => {
    await buildAsEarlier();
    rmSync(join(dir, 'src', 'twice.ts'));
    expect(bundleStaleness(out, repoRoot)).toMatch(/twice\.ts was removed$/);
  });

  it('does not trust a bundle without its record of inputs', async () => {
    await buildAsEarlier();
    rmSync(`${out}.inputs.json`);
    expect(bundleStaleness(out, repoRoot)).toBe('no record of its inputs');
  });
});

describe('fingerprint', () => {
  it('changes when a file changes and not otherwise', () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-fp-'));
    try {
      mkdirSync(join(dir, 'app'));
      mkdirSync(join(dir, 'node_modules'));
      writeFileSync(join(dir, 'app', 'page.tsx'), 'a');
      writeFileSync(join(dir, 'node_modules', 'ignored.js'), 'x');
      const files = listFiles(dir, dir, new Set(['node_modules']));
      expect(files).toEqual(['app/page.tsx']);
      const before = fingerprint(files, dir);
      expect(fingerprint(files, dir)).toBe(before);
      writeFileSync(join(dir, 'app', 'page.tsx'), 'ab');
      expect(fingerprint(files, dir)).not.toBe(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
