import { randomBytes } from 'node:crypto';
import { Client, Pool } from 'pg';

/** The server tests create throwaway databases on; its `postgres` database is used to create them. */
export const TEST_DATABASE_SERVER =
  process.env.TEST_DATABASE_SERVER_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  name: string;
  pool: Pool;
  /** Closes the pool and drops the database (also if other sessions are still connected). */
  drop(): Promise<void>;
}

/** Creates an empty database `parley_t_<random>` for one test file or test. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `parley_t_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE "${name}"`));
  const target = new URL(TEST_DATABASE_SERVER);
  target.pathname = `/${name}`;
  const url = target.toString();
  const pool = new Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection (the database is being dropped) must not crash the run.
  pool.on('error', () => undefined);
  let dropped = false;
  return {
    url,
    name,
    pool,
    async drop() {
      if (dropped) return;
      dropped = true;
      await pool.end().catch(() => undefined);
      await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

async function admin(work: (c: Client) => Promise<unknown>): Promise<void> {
  const client = new Client({ connectionString: TEST_DATABASE_SERVER });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
