// Content can never stop a projection: text PostgreSQL refuses (NUL, lone surrogates) is made
// storable before apply, and what still fails the same way every time is parked at once.
import { randomUUID } from 'node:crypto';
import { ensureStream, EventStore, type RecordedEvent } from '@parley/eventstore';
import { createLogger } from '@parley/logger';
import {
  connectTestNats,
  createTestDatabase,
  deleteNamespaceStreams,
  randomNamespace,
  type TestDatabase,
} from '@parley/testing';
import type { NatsConnection } from 'nats';
import { ensureProjectionSchema, startProjection, type Projection, type ProjectionRunner } from './index';

const logger = createLogger('projections-test', 'silent');
const R = '\uFFFD';
/** Every kind of text PostgreSQL refuses, with an emoji (a valid surrogate pair) between. */
const HOSTILE = 'a\u0000b\ud800c👋\udc00d\udbff';
const STORED = `a${R}b${R}c👋${R}d${R}`;

interface NoteRow {
  id: string;
  body: string;
  doc: unknown;
}

/** A read model with a text and a jsonb column, as most of the product's read models have. */
function notesProjection(applied: number[], options: { limitTitle?: boolean } = {}): Projection {
  return {
    name: 'notes-v1',
    context: 'ledger',
    async apply(tx, event: RecordedEvent) {
      applied.push(event.sequence);
      const data = event.data as { body: string; title?: string };
      const id = event.subject.split('.').pop()!;
      await tx.query(
        `INSERT INTO notes (id, body, doc, title) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id) DO UPDATE SET body = $2, doc = $3, title = $4`,
        [id, data.body, JSON.stringify(event.data), options.limitTitle ? (data.title ?? '') : ''],
      );
    },
  };
}

describe('projection runner and event content', () => {
  let nc: NatsConnection;
  let db: TestDatabase;
  let namespace: string;
  let store: EventStore;
  const runners: ProjectionRunner[] = [];

  beforeAll(async () => {
    nc = await connectTestNats();
  });
  beforeEach(async () => {
    namespace = randomNamespace();
    db = await createTestDatabase();
    await ensureStream(nc, 'ledger', namespace);
    store = new EventStore(nc, { context: 'ledger', namespace });
    await ensureProjectionSchema(db.pool);
    await db.pool.query(
      'CREATE TABLE notes (id text PRIMARY KEY, body text NOT NULL, doc jsonb NOT NULL, title varchar(8) NOT NULL)',
    );
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await deleteNamespaceStreams(nc, namespace);
    await db.drop();
  });
  afterAll(async () => {
    await nc.close();
  });

  const start = async (projection: Projection, maxDeliver = 5) => {
    const runner = await startProjection({ nc, pool: db.pool, projection, namespace, logger, maxDeliver });
    runners.push(runner);
    return runner;
  };
  const note = async (id: string, data: Record<string, unknown>) =>
    (
      await store.append(store.subject('note', id), [{ type: 'Noted', data }], {
        expectedVersion: 0,
        commandId: randomUUID(),
      })
    ).version;
  const notes = async () =>
    (await db.pool.query<NoteRow>('SELECT id, body, doc FROM notes ORDER BY id')).rows;
  const deadLetters = async () =>
    (await db.pool.query('SELECT stream_sequence, payload, error, attempts FROM projection_dead_letters'))
      .rows;

  it('applies an event with NUL and lone surrogates in every text field, once, with the text made storable', async () => {
    const applied: number[] = [];
    const runner = await start(notesProjection(applied));
    const hostile = await note('a', {
      body: HOSTILE,
      tags: [HOSTILE, 'plain'],
      nested: { [`key${HOSTILE}`]: HOSTILE },
    });
    const last = await note('b', { body: 'after' });
    await runner.waitFor(last);

    expect(applied).toEqual([hostile, last]);
    expect(await deadLetters()).toEqual([]);
    expect(await notes()).toEqual([
      {
        id: 'a',
        body: STORED,
        doc: { body: STORED, tags: [STORED, 'plain'], nested: { [`key${STORED}`]: STORED } },
      },
      { id: 'b', body: 'after', doc: { body: 'after' } },
    ]);
  });

  it('an error that fails the same way every time (the value does not fit) parks the event at once', async () => {
    const applied: number[] = [];
    const runner = await start(notesProjection(applied, { limitTitle: true }), 5);
    const poison = await note('a', { body: 'x', title: 'far longer than eight' });
    const last = await note('b', { body: 'y', title: 'short' });
    await runner.waitFor(last);

    expect(applied).toEqual([poison, last]);
    expect(await deadLetters()).toEqual([
      {
        stream_sequence: String(poison),
        payload: expect.stringContaining('far longer than eight'),
        error: expect.stringMatching(/too long/),
        attempts: 1,
      },
    ]);
    expect((await notes()).map((n) => n.id)).toEqual(['b']);
  });

  it('parks a message whose raw bytes hold NUL, and an error whose text holds NUL, instead of stalling', async () => {
    const applied: number[] = [];
    const refusing: Projection = {
      ...notesProjection(applied),
      async apply(tx, event) {
        if ((event.data as { body: string }).body === 'refuse') throw new Error(`refused ${HOSTILE}`);
        await notesProjection(applied).apply(tx, event);
      },
    };
    const runner = await start(refusing, 2);
    await nc.jetstream().publish(store.subject('note', 'junk'), new TextEncoder().encode('junk\u0000\ud800'));
    const refused = await note('r', { body: 'refuse' });
    const last = await note('b', { body: 'after' });
    await runner.waitFor(last, 20_000);

    const letters = await deadLetters();
    expect(letters).toEqual([
      expect.objectContaining({ payload: `junk${R}${R}`, attempts: 1 }),
      expect.objectContaining({
        stream_sequence: String(refused),
        error: `Error: refused ${STORED}`,
        attempts: 2,
      }),
    ]);
    expect((await notes()).map((n) => n.id)).toEqual(['b']);
  });
});
