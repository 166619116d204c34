import { Client } from 'pg';
import { ensureStream, streamName } from '@parley/eventstore';
import {
  connectTestNats,
  createTestDatabase,
  deleteNamespaceStreams,
  randomNamespace,
  TEST_DATABASE_SERVER,
} from './index';

async function databaseExists(name: string): Promise<boolean> {
  const c = new Client({ connectionString: TEST_DATABASE_SERVER });
  await c.connect();
  try {
    return (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  } finally {
    await c.end();
  }
}

describe('test helpers', () => {
  it('createTestDatabase gives an empty parley_t_* database and drop() removes it, even with open sessions', async () => {
    const db = await createTestDatabase();
    expect(db.name).toMatch(/^parley_t_[0-9a-f]{12}$/);
    expect(db.url.endsWith(`/${db.name}`)).toBe(true);
    await db.pool.query('CREATE TABLE t (x int)');
    const straggler = new Client({ connectionString: db.url });
    straggler.on('error', () => undefined);
    await straggler.connect();
    expect(await databaseExists(db.name)).toBe(true);
    await db.drop();
    expect(await databaseExists(db.name)).toBe(false);
    await straggler.end().catch(() => undefined);
    await db.drop(); // idempotent
  });

  it("deleteNamespaceStreams removes only that namespace's streams and refuses an empty namespace", async () => {
    const nc = await connectTestNats();
    const mine = randomNamespace();
    const theirs = randomNamespace();
    try {
      await ensureStream(nc, 'alpha', mine);
      await ensureStream(nc, 'beta', mine);
      await ensureStream(nc, 'alpha', theirs);
      await deleteNamespaceStreams(nc, mine);
      const jsm = await nc.jetstreamManager();
      const names: string[] = [];
      for await (const n of jsm.streams.names()) names.push(n);
      expect(names).not.toContain(streamName('alpha', mine));
      expect(names).not.toContain(streamName('beta', mine));
      expect(names).toContain(streamName('alpha', theirs));
      await expect(deleteNamespaceStreams(nc, '')).rejects.toThrow(/refusing/);
    } finally {
      await deleteNamespaceStreams(nc, theirs);
      await nc.close();
    }
  });
});
