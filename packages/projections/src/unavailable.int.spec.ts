// A dependency that is away (a service a reactor calls, NATS) says nothing about the event: the
// runner waits for it instead of spending the event's attempts and parking it.
import { randomUUID } from 'node:crypto';
import { AppError } from '@parley/contracts';
import { ensureStream, EventStore } from '@parley/eventstore';
import { createLogger } from '@parley/logger';
import {
  connectTestNats,
  createTestDatabase,
  deadLetters,
  deleteNamespaceStreams,
  randomNamespace,
  type TestDatabase,
} from '@parley/testing';
import { NatsError, type NatsConnection } from 'nats';
import { createTallyTable, readTallies, tallyProjection } from './__fixtures__/tally-projection';
import { ensureProjectionSchema, startProjection, type ProjectionRunner } from './index';

describe('projection runner and dependencies that are away', () => {
  let nc: NatsConnection;
  let db: TestDatabase;
  let namespace: string;
  let runner: ProjectionRunner | undefined;

  beforeAll(async () => {
    nc = await connectTestNats();
  });
  beforeEach(async () => {
    namespace = randomNamespace();
    db = await createTestDatabase();
    await ensureStream(nc, 'ledger', namespace);
    await ensureProjectionSchema(db.pool);
    await createTallyTable(db.pool, 'tallies');
  });
  afterEach(async () => {
    await runner?.stop();
    runner = undefined;
    await deleteNamespaceStreams(nc, namespace);
    await db.drop();
  });
  afterAll(async () => {
    await nc.close();
  });

  it.each([
    [
      'a service answering unavailable',
      () => new AppError('unavailable', 'Service temporarily unavailable.'),
    ],
    ['NATS timing out', () => NatsError.errorForCode('TIMEOUT')],
    ['NATS without responders', () => NatsError.errorForCode('503')],
  ])('waits out %s, then applies the event: no attempt spent, nothing parked', async (_what, failure) => {
    let awayUntil = Date.now() + 1500;
    const p = tallyProjection('tallies-v1', 'tallies', {
      failWhen: () => {
        if (Date.now() < awayUntil) throw failure();
        return false;
      },
    });
    runner = await startProjection({
      nc,
      pool: db.pool,
      projection: p,
      namespace,
      logger: createLogger('projections-test', 'silent'),
      maxDeliver: 3,
      retryDelayMs: 10,
    });
    const store = new EventStore(nc, { context: 'ledger', namespace });
    const { version } = await store.append(
      store.subject('tally', 'a'),
      [{ type: 'TallyAdded', data: { amount: 7 } }],
      {
        expectedVersion: 0,
        commandId: randomUUID(),
      },
    );
    await runner.waitFor(version, 20_000);
    awayUntil = 0;
    expect(await deadLetters(db.pool)).toEqual([]);
    expect(await readTallies(db.pool, 'tallies')).toEqual([{ id: 'a', total: 7, events: 1, last_seq: '1' }]);
    expect(p.attemptsBySeq.get(1)).toBeGreaterThan(1);
  });
});
