// npm run dead-letters against real databases and a real projection runner: list what is
// parked, replay it (failing again while its cause stays, applied once fixed, once only), and
// the command itself as an operator runs it.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { ensureStream, EventStore } from '@parley/eventstore';
import { createLogger } from '@parley/logger';
import {
  ensureProjectionSchema,
  startProjection,
  type Projection,
  type ProjectionRunner,
} from '@parley/projections';
import {
  connectTestNats,
  createTestDatabase,
  deleteNamespaceStreams,
  randomNamespace,
  type TestDatabase,
} from '@parley/testing';
import type { NatsConnection } from 'nats';
import { listAll, replay } from '../dead-letters/commands';
import { formatList, formatReplay } from '../dead-letters/format';
import type { Target } from '../dead-letters/targets';

const repoRoot = join(__dirname, '..', '..');

/** Runs `npm run dead-letters -- <args>` as an operator would; resolves with its output and exit code. */
function runCommand(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '-s', 'dead-letters', '--', ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, out }));
  });
}

describe('npm run dead-letters', () => {
  let nc: NatsConnection;
  let namespace: string;
  let conversationsDb: TestDatabase;
  let identityDb: TestDatabase;
  let targets: Target[];
  let runner: ProjectionRunner | undefined;
  let broken = true;
  const applied: number[] = [];

  /** A read model that refuses the note 'poison' while `broken`. */
  const notes: Projection = {
    name: 'notes-v1',
    context: 'ledger',
    async apply(tx, event) {
      const text = (event.data as { text: string }).text;
      if (broken && text === 'poison') throw new Error('notes cannot take poison yet');
      applied.push(event.sequence);
      await tx.query('INSERT INTO notes (seq, text) VALUES ($1, $2)', [event.sequence, text]);
    },
  };
  const startRunner = async () => {
    runner = await startProjection({
      nc,
      pool: conversationsDb.pool,
      projection: notes,
      namespace,
      logger: createLogger('dead-letters-test', 'silent'),
      maxDeliver: 1,
      replayPollMs: 50,
    });
  };

  beforeAll(async () => {
    nc = await connectTestNats();
    namespace = randomNamespace();
    await ensureStream(nc, 'ledger', namespace);
    conversationsDb = await createTestDatabase();
    identityDb = await createTestDatabase();
    await conversationsDb.pool.query('CREATE TABLE notes (seq bigint PRIMARY KEY, text text NOT NULL)');
    await ensureProjectionSchema(identityDb.pool);
    targets = [
      { service: 'identity', database: identityDb.name, url: identityDb.url },
      { service: 'conversations', database: conversationsDb.name, url: conversationsDb.url },
    ];
    await startRunner();
    const store = new EventStore(nc, { context: 'ledger', namespace });
    for (const text of ['first', 'poison', 'last']) {
      const subject = store.subject('note', randomUUID());
      const { version } = await store.append(subject, [{ type: 'Noted', data: { text } }], {
        expectedVersion: 0,
        commandId: randomUUID(),
      });
      await runner!.waitFor(version);
    }
  });
  afterAll(async () => {
    await runner?.stop();
    await deleteNamespaceStreams(nc, namespace);
    await nc.close();
    await conversationsDb.drop();
    await identityDb.drop();
  });

  it('lists each service’s dead letters with their id, projection, event and error', async () => {
    const lines = formatList(await listAll(targets));
    expect(lines[0]).toBe(`identity (${identityDb.name}): no dead letters`);
    expect(lines[1]).toBe(`conversations (${conversationsDb.name}): 1 dead letter`);
    expect(lines[2]).toMatch(
      new RegExp(
        `^  conversations/1  notes-v1  namespace ${namespace}  event 2  Noted  on ${namespace}\\.ledger\\.note\\.`,
      ),
    );
    expect(lines[2]).toContain('after 1 attempt');
    expect(lines[3]).toBe('    Error: notes cannot take poison yet');
    expect(lines.at(-1)).toBe(
      '1 parked. Replay one, once its cause is fixed: npm run dead-letters -- replay <id>',
    );
  });

  it('a replay fails again while the cause stays, applies the event once fixed, and only once', async () => {
    const failed = await replay(targets, 'conversations/1', { waitMs: 10_000, pollMs: 50 });
    expect(failed).toEqual({
      ref: 'conversations/1',
      kind: 'failed',
      error: 'Error: notes cannot take poison yet',
      attempts: 2,
    });
    expect(formatReplay(failed)).toBe(
      'conversations/1: the replay failed again (attempt 2); still parked: Error: notes cannot take poison yet',
    );

    broken = false;
    // Named without its service: found in the one database that has it.
    expect(await replay(targets, '1', { waitMs: 10_000, pollMs: 50 })).toEqual({
      ref: 'conversations/1',
      kind: 'replayed',
    });
    const { rows } = await conversationsDb.pool.query('SELECT seq, text FROM notes ORDER BY seq');
    expect(rows).toEqual([
      { seq: '1', text: 'first' },
      { seq: '2', text: 'poison' },
      { seq: '3', text: 'last' },
    ]);
    const again = await replay(targets, 'conversations/1', { waitMs: 1_000, pollMs: 50 });
    expect(again.kind).toBe('already-replayed');
    expect(applied.filter((s) => s === 2)).toHaveLength(1);
    expect(formatList(await listAll(targets)).at(-1)).toBe('Nothing parked.');
    expect(await replay(targets, 'conversations/99', { waitMs: 0 })).toEqual({
      ref: 'conversations/99',
      kind: 'missing',
      reason: 'no such dead letter',
    });
  });

  it('runs as a command: the service’s DATABASE_URL, list and replay with exit codes', async () => {
    // A new dead letter, with no runner to apply its replay.
    await runner!.stop();
    runner = undefined;
    await conversationsDb.pool.query(
      `INSERT INTO projection_dead_letters (namespace, projection, stream_sequence, subject, event_type, payload, error, attempts)
       VALUES ($1, 'notes-v1', 99, 'ledger.note.x', 'Noted', '{}', 'Error: refused', 1)`,
      [namespace],
    );
    const env = { DATABASE_URL: conversationsDb.url };
    const listed = await runCommand(['list', '--service', 'conversations'], env);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(`conversations (${conversationsDb.name}): 1 dead letter`);
    expect(listed.out).toContain('conversations/2  notes-v1');

    const waiting = await runCommand(
      ['replay', 'conversations/2', '--service', 'conversations', '--wait', '0.5'],
      env,
    );
    expect(waiting.out).toContain(
      'conversations/2: replay asked; no runner of notes-v1 took it up yet — it is applied when its service runs',
    );
    expect(waiting.code).toBe(2);

    const missing = await runCommand(['replay', 'conversations/77', '--service', 'conversations'], env);
    expect(missing.out).toContain('conversations/77: no such dead letter');
    expect(missing.code).toBe(1);
  }, 60_000);
});
