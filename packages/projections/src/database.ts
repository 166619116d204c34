import { migrate, openDatabase, type DatabaseLogger } from '@parley/db';
import type { Pool } from 'pg';
import { ensureProjectionSchema } from './schema';
import type { StopSteps } from './starter';

export interface ProjectionDatabaseOptions {
  /** Most connections the pool holds at once. */
  max: number;
  /** The program's own `NNN_name.sql` migrations; none for a program without tables of its own. */
  migrationsDir?: string;
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
  const pool = await openDatabase(url, logger, { max: options.max });
  stops.add(() => pool.end());
  if (options.migrationsDir) await migrate(pool, options.migrationsDir);
  await ensureProjectionSchema(pool);
  return pool;
}
