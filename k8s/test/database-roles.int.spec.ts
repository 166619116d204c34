// The production PostgreSQL cluster's roles (k8s/overlays/production/postgres.yaml), tried on a
// real server: the statements CloudNativePG runs when it creates the cluster, run here under
// names of this run's own, then each service's role against its own and the others' databases.
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { databaseUrlFor } from '@parley/db';
import { migrateProjectionDatabase } from '@parley/projections';
import { TEST_DATABASE_SERVER } from '@parley/testing';
import { kustomize } from '../../scripts/lib/kustomize.mjs';

const repoRoot = join(__dirname, '..', '..');
const prefix = `t${randomBytes(4).toString('hex')}`;
const password = randomBytes(12).toString('hex');
const quiet = { warn: () => undefined };

interface InitDb {
  database: string;
  owner: string;
  postInitSQL: string[];
}
const cluster = kustomize(join(repoRoot, 'k8s', 'overlays', 'production')).find(
  (o) => o.kind === 'Cluster',
) as unknown as {
  spec: { bootstrap: { initdb: InitDb }; managed: { roles: Array<{ name: string }> } };
};
const initdb = cluster.spec.bootstrap.initdb;
const services = [initdb.owner, ...cluster.spec.managed.roles.map((r) => r.name)];

/** This run's name for a role or a database of the manifest, so nothing real is touched. */
const roleOf = (service: string) => `${prefix}_${service}`;
const databaseOf = (service: string) => `${prefix}_parley_${service}`;
function renamed(statement: string): string {
  const roles = new RegExp(`\\b(${services.join('|')})\\b`, 'g');
  // Databases first (parley_x), then bare role names, which no longer match inside them.
  return statement
    .replace(/\bparley_([a-z]+)\b/g, (_, s: string) => databaseOf(s))
    .replace(roles, (r) => roleOf(r));
}

async function asSuperuser<T>(work: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: TEST_DATABASE_SERVER });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/** The role's connection string for a database, as its DATABASE_URL in parley-secrets would be. */
function urlAs(service: string, database: string): string {
  const u = new URL(databaseUrlFor(TEST_DATABASE_SERVER, database));
  u.username = roleOf(service);
  u.password = password;
  return u.toString();
}

async function connectAs(service: string, database: string): Promise<Client> {
  const c = new Client({ connectionString: urlAs(service, database) });
  await c.connect();
  return c;
}

beforeAll(async () => {
  await asSuperuser(async (c) => {
    // What CloudNativePG does before postInitSQL: the initdb owner's role.
    await c.query(`CREATE ROLE ${roleOf(initdb.owner)} LOGIN`);
    for (const statement of initdb.postInitSQL) await c.query(renamed(statement));
    // What managed.roles (and the initdb secret) then set: each role's password.
    for (const s of services) await c.query(`ALTER ROLE ${roleOf(s)} PASSWORD '${password}'`);
  });
}, 60_000);

afterAll(async () => {
  await asSuperuser(async (c) => {
    for (const s of services) await c.query(`DROP DATABASE IF EXISTS ${databaseOf(s)} WITH (FORCE)`);
    for (const s of services) await c.query(`DROP ROLE IF EXISTS ${roleOf(s)}`);
  });
}, 60_000);

describe('one database role per service (production PostgreSQL)', () => {
  it('creates a role and a database owned by it for every service', async () => {
    expect(services.sort()).toEqual([
      'assistant',
      'billing',
      'content',
      'conversations',
      'domains',
      'identity',
      'notifications',
    ]);
    const owners = await asSuperuser(
      async (c) =>
        (
          await c.query<{ datname: string; owner: string }>(
            `SELECT datname, pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname LIKE '${prefix}%' ORDER BY datname`,
          )
        ).rows,
    );
    expect(owners).toEqual(services.sort().map((s) => ({ datname: databaseOf(s), owner: roleOf(s) })));
  });

  it.each(['identity', 'content', 'assistant'])(
    'lets %s create, write and read tables in its own database',
    async (service) => {
      const c = await connectAs(service, databaseOf(service));
      try {
        await c.query('CREATE TABLE things (id int PRIMARY KEY, name text)');
        await c.query("INSERT INTO things VALUES (1, 'one')");
        expect((await c.query('SELECT name FROM things')).rows).toEqual([{ name: 'one' }]);
      } finally {
        await c.end();
      }
    },
  );

  it("refuses every service's role a connection to every other service's database", async () => {
    const refused: string[] = [];
    for (const role of services) {
      for (const other of services.filter((s) => s !== role)) {
        try {
          const c = await connectAs(role, databaseOf(other));
          await c.end();
        } catch (e) {
          const { code, message } = e as { code?: string; message: string };
          if (code === '42501' && message.startsWith(`permission denied for database "${databaseOf(other)}"`))
            refused.push(`${role}->${other}`);
        }
      }
    }
    expect(refused).toHaveLength(services.length * (services.length - 1));
  });

  it("cannot read or write another service's tables even when let into its database", async () => {
    // identity's table in identity's database stays identity's: a role that got in would still
    // find no privilege on it.
    const owner = await connectAs('identity', databaseOf('identity'));
    await owner.query('CREATE TABLE IF NOT EXISTS secrets (v text)');
    await owner.end();
    await asSuperuser((c) =>
      c.query(`GRANT CONNECT ON DATABASE ${databaseOf('identity')} TO ${roleOf('billing')}`),
    );
    try {
      const intruder = await connectAs('billing', databaseOf('identity'));
      try {
        await expect(intruder.query('SELECT * FROM secrets')).rejects.toMatchObject({ code: '42501' });
        await expect(intruder.query('CREATE TABLE mine (v text)')).rejects.toMatchObject({ code: '42501' });
      } finally {
        await intruder.end();
      }
    } finally {
      await asSuperuser((c) =>
        c.query(`REVOKE CONNECT ON DATABASE ${databaseOf('identity')} FROM ${roleOf('billing')}`),
      );
    }
  });

  it('gives no role the right to create databases or roles', async () => {
    const c = await connectAs('conversations', databaseOf('conversations'));
    try {
      await expect(c.query(`CREATE DATABASE ${prefix}_extra`)).rejects.toMatchObject({ code: '42501' });
      await expect(c.query(`CREATE ROLE ${prefix}_extra`)).rejects.toMatchObject({ code: '42501' });
    } finally {
      await c.end();
    }
  });

  it("runs a service's migrate entry as its own role", async () => {
    const migrations = join(repoRoot, 'services', 'domains', 'migrations');
    const applied = await migrateProjectionDatabase(
      urlAs('domains', databaseOf('domains')),
      quiet,
      migrations,
    );
    // Every migration the service has, each once (the list grows with the service).
    const all = readdirSync(migrations)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    expect(all.length).toBeGreaterThan(1);
    expect(applied).toEqual(all);
  });
});
