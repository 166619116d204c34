// Removes what a test run leaves behind: its namespace's JetStream streams and its databases.
import { connect } from 'nats';
import pg from 'pg';

const NATS_URL = 'nats://127.0.0.1:4222';
const POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Deletes every stream of `namespace`: named `<NS>_...` or capturing only `<ns>.` subjects
 * (the naming of @parley/eventstore's streamName/contextSubjects). Returns the deleted names.
 */
export async function deleteNamespaceStreams(namespace) {
  if (!namespace) throw new Error('refusing to delete streams without a namespace');
  const nc = await connect({ servers: NATS_URL, name: 'parley-stack-cleanup' });
  const deleted = [];
  try {
    const jsm = await nc.jetstreamManager();
    const prefix = `${namespace.toUpperCase()}_`;
    const subjectPrefix = `${namespace}.`;
    for await (const info of jsm.streams.list()) {
      const subjects = info.config.subjects ?? [];
      const ours =
        info.config.name.startsWith(prefix) ||
        (subjects.length > 0 && subjects.every((s) => s.startsWith(subjectPrefix)));
      if (!ours) continue;
      await jsm.streams.delete(info.config.name);
      deleted.push(info.config.name);
    }
  } finally {
    await nc.close();
  }
  return deleted;
}

/** Drops the named databases, closing any connection still open to them. */
export async function dropDatabases(names, adminUrl = POSTGRES_ADMIN_URL) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (const name of names) {
      if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name: ${name}`);
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}
