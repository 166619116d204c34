import { Client } from 'pg';

/**
 * Creates the database named in `url` if it is missing, connecting to the server's `postgres` db.
 * A database that exists is only connected to: a service's own role (production) may have no
 * access to `postgres` nor the right to create databases, and needs neither then.
 */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[a-zA-Z0-9_]+$/.test(name)) throw new Error(`unsafe database name: ${name}`);
  if (await databaseAnswers(url)) return;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } catch (e) {
        // Two programs starting together may race to create it; losing that race is fine.
        if ((e as { code?: string }).code !== '42P04' && (e as { code?: string }).code !== '23505') throw e;
      }
    }
  } finally {
    await client.end();
  }
}

/** The same server as `url`, another database name. */
export function databaseUrlFor(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Whether the database accepts a connection; false only when it does not exist (3D000). */
async function databaseAnswers(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
    return true;
  } catch (e) {
    if ((e as { code?: string }).code === '3D000') return false;
    throw e;
  } finally {
    await client.end().catch(() => undefined);
  }
}
