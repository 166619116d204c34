import { Pool } from 'pg';
import { ensureDatabase } from './ensure-database';

/** Where an idle connection's failure is reported; a program's Logger fits. */
export interface DatabaseLogger {
  warn(details: object, message: string): void;
}

export interface OpenDatabaseOptions {
  /** Most connections the pool holds at once. */
  max: number;
  /**
   * Create the database when it is missing (default). Off for a program that does not migrate
   * at start: its role may not create databases, and a missing one is an operator's error.
   */
  create?: boolean;
}

/**
 * A service's connection pool to its own database, created first if it is missing. An idle
 * connection that fails (the server restarted) is logged rather than left as an unhandled
 * 'error' event, which would crash the process. The caller ends the pool on stop.
 */
export async function openDatabase(
  url: string,
  logger: DatabaseLogger,
  options: OpenDatabaseOptions,
): Promise<Pool> {
  if (options.create !== false) await ensureDatabase(url);
  const pool = new Pool({ connectionString: url, max: options.max });
  pool.on('error', (e) => logger.warn({ err: e }, 'idle database connection failed'));
  return pool;
}
