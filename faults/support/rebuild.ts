// "The read models equal a rebuild from the log": the conversations program started again on an
// empty database of its own replays the whole log; once it has reached where the live run's
// projections stopped, every table of its read model must hold exactly the live rows.
import { join } from 'node:path';
import pg from 'pg';
import { startChild } from '../../scripts/lib/child.mjs';
import { waitUntil } from '../../scripts/lib/net.mjs';

const repoRoot = join(__dirname, '..', '..');
const BOOKKEEPING = new Set(['projection_checkpoints', 'projection_dead_letters', 'schema_migrations']);
/**
 * What of a table a rebuild must reproduce, where not every column: account_revisions' revisions
 * are the ids of the transactions that wrote (decision 37), another set in a rebuild by design;
 * which accounts have one must still match.
 */
const COMPARED_COLUMNS: Record<string, string> = { account_revisions: 'account_id' };

export interface TableComparison {
  table: string;
  live: number;
  rebuilt: number;
  /** Rows in one and not the other (as JSON), a few of each for the report. */
  onlyLive: string[];
  onlyRebuilt: string[];
}

export interface RebuildOptions {
  postgresUrl: string;
  natsUrl: string;
  namespace: string;
  /** The live run's database (its program is stopped by now). */
  liveDatabase: string;
  grpcPort: number;
  logFile: string;
}

async function query<T extends pg.QueryResultRow>(
  url: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

const positions = async (url: string, namespace: string) =>
  new Map(
    (
      await query<{ projection: string; position: string }>(
        url,
        'SELECT projection, position FROM projection_checkpoints WHERE namespace = $1',
        [namespace],
      )
    ).map((r) => [r.projection, Number(r.position)]),
  );

export async function rebuildConversations(o: RebuildOptions): Promise<TableComparison[]> {
  const liveUrl = `${o.postgresUrl}/${o.liveDatabase}`;
  const rebuiltDatabase = `${o.liveDatabase}_rebuilt`;
  const rebuiltUrl = `${o.postgresUrl}/${rebuiltDatabase}`;
  await query(`${o.postgresUrl}/postgres`, `DROP DATABASE IF EXISTS "${rebuiltDatabase}" WITH (FORCE)`);
  const live = await positions(liveUrl, o.namespace);

  const program = startChild({
    name: 'conversations-rebuild',
    command: process.execPath,
    args: ['--enable-source-maps', 'dist/main.js'],
    cwd: join(repoRoot, 'services', 'conversations'),
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: rebuiltUrl,
      NATS_URL: o.natsUrl,
      EVENT_NAMESPACE: o.namespace,
      CONVERSATIONS_GRPC_PORT: String(o.grpcPort),
      LOG_LEVEL: 'warn',
    },
    logFile: o.logFile,
  });
  try {
    await waitUntil(
      'the rebuild to reach the live projections’ positions',
      async () => {
        if (!program.running()) throw new Error(`the rebuild exited: ${program.lastLines(20).join('\n')}`);
        const rebuilt = await positions(rebuiltUrl, o.namespace).catch(() => new Map<string, number>());
        return [...live].every(([projection, position]) => (rebuilt.get(projection) ?? -1) >= position);
      },
      { timeoutMs: 120_000, intervalMs: 250 },
    );
  } finally {
    await program.stop();
  }

  const tables = (
    await query<{ table_name: string }>(
      liveUrl,
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    )
  )
    .map((r) => r.table_name)
    .filter((t) => !BOOKKEEPING.has(t));
  const rowsOf = async (url: string, table: string) =>
    (
      await query<{ row: string }>(
        url,
        COMPARED_COLUMNS[table]
          ? `SELECT "${COMPARED_COLUMNS[table]}"::text AS row FROM "${table}"`
          : `SELECT to_jsonb(t)::text AS row FROM "${table}" t`,
      )
    )
      .map((r) => r.row)
      .sort();
  const comparisons: TableComparison[] = [];
  for (const table of tables) {
    const [a, b] = await Promise.all([rowsOf(liveUrl, table), rowsOf(rebuiltUrl, table)]);
    const inB = new Set(b);
    const inA = new Set(a);
    comparisons.push({
      table,
      live: a.length,
      rebuilt: b.length,
      onlyLive: a.filter((r) => !inB.has(r)).slice(0, 3),
      onlyRebuilt: b.filter((r) => !inA.has(r)).slice(0, 3),
    });
  }
  await query(`${o.postgresUrl}/postgres`, `DROP DATABASE IF EXISTS "${rebuiltDatabase}" WITH (FORCE)`);
  return comparisons;
}
