// The lane consumer parks what it gives up as a dead letter (listed, counted, replayable), and
// applies a replay asked for through the handler.
import { randomUUID } from 'node:crypto';
import { ensureStream, EventStore, type RecordedEvent } from '@parley/eventstore';
import { createLogger } from '@parley/logger';
import { deadLetterCounts, listDeadLetters, replayProgress, requestReplay } from '@parley/projections';
import {
  connectTestNats,
  createTestDatabase,
  deleteNamespaceStreams,
  eventually,
  randomNamespace,
  type TestDatabase,
} from '@parley/testing';
import type { NatsConnection } from 'nats';
import { startLaneConsumer, type LaneConsumer } from './lane-consumer';

describe('lane consumer dead letters', () => {
  let nc: NatsConnection;
  let db: TestDatabase;
  let namespace: string;
  let consumer: LaneConsumer | undefined;

  beforeAll(async () => {
    nc = await connectTestNats();
    db = await createTestDatabase();
    namespace = randomNamespace();
    await ensureStream(nc, 'conversations', namespace);
  });
  afterAll(async () => {
    await consumer?.stop();
    await deleteNamespaceStreams(nc, namespace);
    await nc.close();
    await db.drop();
  });

  it('parks an event a deterministic error refuses at once, and a replay applies it once fixed', async () => {
    const applied: number[] = [];
    let refuse = true;
    consumer = await startLaneConsumer({
      nc,
      pool: db.pool,
      namespace,
      logger: createLogger('lane-test', 'silent'),
      name: 'lane-test-v1',
      context: 'conversations',
      concurrency: 4,
      retryDelayMs: 10,
      replayPollMs: 50,
      handler: {
        laneOf: (e: RecordedEvent) => e.subject.split('.').at(-1)!,
        async apply(e) {
          if (refuse && (e.data as { n: number }).n === 2)
            throw Object.assign(new Error('value too long for type character varying(3)'), { code: '22001' });
          applied.push((e.data as { n: number }).n);
        },
      },
    });
    const store = new EventStore(nc, { context: 'conversations', namespace });
    const subject = store.subject('room', randomUUID());
    let version = 0;
    for (const n of [1, 2, 3])
      version = (
        await store.append(subject, [{ type: 'Counted', data: { n } }], {
          expectedVersion: version,
          commandId: randomUUID(),
        })
      ).version;

    const [letter] = await eventually(async () => {
      const letters = await listDeadLetters(db.pool);
      expect(letters).toHaveLength(1);
      expect(applied).toEqual([1, 3]);
      return letters;
    });
    expect(letter).toMatchObject({ projection: 'lane-test-v1', eventType: 'Counted', attempts: 1 });
    expect(letter!.error).toContain('value too long');
    expect(await deadLetterCounts(db.pool, namespace)).toEqual([{ projection: 'lane-test-v1', count: 1 }]);

    refuse = false;
    const asked = await requestReplay(db.pool, letter!.id);
    if (asked.kind !== 'requested') throw new Error(`not requested: ${asked.kind}`);
    await eventually(async () =>
      expect(await replayProgress(db.pool, letter!.id, asked.requestedAt)).toMatchObject({
        kind: 'replayed',
      }),
    );
    expect(applied).toEqual([1, 3, 2]);
    expect(await deadLetterCounts(db.pool, namespace)).toEqual([{ projection: 'lane-test-v1', count: 0 }]);
  });
});
