import { readdirSync } from 'node:fs';
import type { Pool } from 'pg';

/** The `NNN_name.sql` files of `dir`, in the order `migrate` applies them. */
export function migrationFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort();
}

/** The migrations of `dir` this database has not had yet; reads only, so any role may ask. */
export async function pendingMigrations(pool: Pool, dir: string): Promise<string[]> {
  const files = migrationFiles(dir);
  const table = await pool.query<{ found: string | null }>(
    "SELECT to_regclass('schema_migrations')::text AS found",
  );
  if (!table.rows[0]?.found) return files;
  const done = new Set(
    (await pool.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
  );
  return files.filter((f) => !done.has(f));
}

/**
 * A program started with migrations off (MIGRATE_ON_START=false) found its database behind its
 * code: it refuses to start rather than run against tables it does not know.
 */
export class SchemaBehindError extends Error {
  constructor(readonly pending: string[]) {
    super(
      `database schema is behind this version: ${pending.length} migration(s) not applied (${pending.join(', ')}); ` +
        'run the migrate entry first (`node dist/main.js migrate`, the migrate Job in Kubernetes)',
    );
    this.name = 'SchemaBehindError';
  }
}

/** Refuses (SchemaBehindError) unless every migration of `dir` has been applied. */
export async function requireMigrated(pool: Pool, dir: string): Promise<void> {
  const pending = await pendingMigrations(pool, dir);
  if (pending.length > 0) throw new SchemaBehindError(pending);
}
