import { migrate, openDatabase, requireMigrated, SchemaBehindError, type DatabaseLogger } from '@parley/db';
import type { Pool } from 'pg';
import { CHECKPOINTS, DEAD_LETTERS, ensureProjectionSchema } from './schema';
import type { StopSteps } from './starter';

export interface ProjectionDatabaseOptions {
  /** Most connections the pool holds at once. */
  max: number;
  /** The program's own `NNN_name.sql` migrations; none for a program without tables of its own. */
  migrationsDir?: string;
  /**
   * Migrate at start (default; `npm start`, tests). Off (MIGRATE_ON_START=false, production) the
   * database must exist and be migrated already, by the program's `migrate` entry: the program
   * then only checks, and refuses to start on a schema behind its code.
   */
  migrate?: boolean;
}

/**
 * The database a program's projections write to, created if missing: its own migrations applied
 * and the checkpoint tables in place. The pool's end is added to `stops` before either, so a
 * failing migration, and the program's stop, close it again.
 */
export async function openProjectionDatabase(
  stops: StopSteps,
  url: string,
  logger: DatabaseLogger,
  options: ProjectionDatabaseOptions,
): Promise<Pool> {
  const migrating = options.migrate !== false;
  const pool = await openDatabase(url, logger, { max: options.max, create: migrating });
  stops.add(() => pool.end());
  if (migrating) await migrateSchema(pool, options.migrationsDir);
  else await requireSchema(pool, options.migrationsDir);
  return pool;
}

/**
 * What a program's `migrate` entry does: creates the database if missing, applies the program's
 * migrations and the checkpoint tables, and closes again. Returns the migrations it applied.
 */
export async function migrateProjectionDatabase(
  url: string,
  logger: DatabaseLogger,
  migrationsDir?: string,
): Promise<string[]> {
  const pool = await openDatabase(url, logger, { max: 1 });
  try {
    return await migrateSchema(pool, migrationsDir);
  } finally {
    await pool.end();
  }
}

async function migrateSchema(pool: Pool, migrationsDir: string | undefined): Promise<string[]> {
  const applied = migrationsDir ? await migrate(pool, migrationsDir) : [];
  await ensureProjectionSchema(pool);
  return applied;
}

async function requireSchema(pool: Pool, migrationsDir: string | undefined): Promise<void> {
  if (migrationsDir) await requireMigrated(pool, migrationsDir);
  const { rows } = await pool.query<{ checkpoints: string | null; letters: string | null }>(
    `SELECT to_regclass('${CHECKPOINTS}')::text AS checkpoints, to_regclass('${DEAD_LETTERS}')::text AS letters`,
  );
  if (!rows[0]?.checkpoints || !rows[0].letters) throw new SchemaBehindError([CHECKPOINTS, DEAD_LETTERS]);
}
