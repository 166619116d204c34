import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const hasMigrations = (dir: string) =>
  existsSync(dir) && readdirSync(dir).some((f) => /^\d+_.+\.sql$/.test(f));

/**
 * services/identity/migrations, found from this file's place: beside src/ when run from source,
 * beside dist/ when bundled, under the repository when bundled elsewhere and run from its root.
 */
export function migrationsDir(configured: string | null): string {
  if (configured) return resolve(configured);
  let dir = __dirname;
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'migrations');
    if (hasMigrations(candidate) && existsSync(join(dir, 'package.json'))) return candidate;
    dir = dirname(dir);
  }
  const fromRoot = resolve(process.cwd(), 'services/identity/migrations');
  if (hasMigrations(fromRoot)) return fromRoot;
  throw new Error('identity migrations not found; set IDENTITY_MIGRATIONS_DIR');
}
