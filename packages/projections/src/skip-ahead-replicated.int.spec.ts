// The read-model barrier's look-ahead on a 3-node JetStream cluster (R3, as production runs it).
// SkipAhead tells waiters that nothing the projection consumes lies between its position and the
// stream's end. It read that with a direct get, which any replica may answer: a follower behind
// the acknowledgements then found nothing and released waiters for an event the projection had
// not applied, so a read right after a write could miss it.
import { connectEventBus, EventStore } from '@parley/eventstore';
import { createLogger } from '@parley/logger';
import {
  appendConcurrently,
  clusterBasePort,
  connectLeaderAndFollower,
  ensureReplicatedStream,
  randomNamespace,
  startNatsCluster,
  waitForCurrentReplicas,
  type NatsCluster,
} from '@parley/testing';
import type { NatsConnection } from 'nats';
import { SkipAhead } from './skip-ahead';
import { PositionWaiters } from './waiters';

const CONTEXT = 'barrier';
const NOISE_WRITERS = 12;
const NOISE_EVENTS = 24_000;
const ROUNDS_MS = 1_000;

jest.setTimeout(120_000);

describe('the projection look-ahead on a 3-node JetStream cluster', () => {
  let cluster: NatsCluster;
  let nc: NatsConnection;
  const namespace = randomNamespace();

  beforeAll(async () => {
    // Clear of the event store's cluster test, which may run at the same time in this slot.
    cluster = await startNatsCluster(clusterBasePort() + 100);
    nc = await connectEventBus(cluster.urls.join(','), 'skip-ahead-test');
  });
  afterAll(async () => {
    await nc?.close();
    await cluster?.destroy();
  });

  // A node that stood still (SIGSTOP) while the others took writes answers its clients as soon
  // as it runs again, before its replica has caught up: the look-ahead then asked a replica that
  // had not yet applied the event the waiter was waiting for.
  it('never releases a waiter for an acknowledged event it has not reached, through a node catching up', async () => {
    const stream = await ensureReplicatedStream(nc, CONTEXT, namespace);
    const jsm = await nc.jetstreamManager();
    const info = await waitForCurrentReplicas(jsm, stream);
    const {
      toLeader: writerConnection,
      toFollower: readerConnection,
      follower: stalled,
    } = await connectLeaderAndFollower(cluster, info, 'skip-ahead');
    try {
      const store = new EventStore(writerConnection, { context: CONTEXT, namespace });
      const watched = store.subject('watched', 'one');
      const log = createLogger('skip-ahead-test', 'silent');

      const watchedAt = await cluster.whilePaused(stalled.name, async () => {
        await appendConcurrently(store, {
          aggregate: 'noise',
          writers: NOISE_WRITERS,
          eachWrites: NOISE_EVENTS / NOISE_WRITERS,
        });
        // The last event of all: the stalled replica applies it last.
        return (
          await store.append(watched, [{ type: 'Watched', data: {} }], { expectedVersion: 0, commandId: 'w' })
        ).version;
      });

      // A projection of `watched` that has applied everything before its event, asking right
      // after the node woke, round after round while it catches up.
      const released: string[] = [];
      let rounds = 0;
      for (const until = Date.now() + ROUNDS_MS; Date.now() < until; rounds++) {
        const waiters = new PositionWaiters();
        waiters.set(watchedAt - 1);
        let resolved = false;
        const waiting = waiters.waitFor(watchedAt, 5_000, () => 'the test projection');
        void waiting.then(
          () => (resolved = true),
          () => undefined,
        );
        await new SkipAhead({
          nc: readerConnection,
          stream,
          filterSubject: watched,
          waiters,
          log,
          stopping: () => false,
        }).run();
        await Promise.resolve();
        if (resolved) released.push(`round ${rounds}: released before ${watchedAt} was applied`);
        waiters.advance(watchedAt); // settles the waiter
        await waiting.catch(() => undefined);
      }
      expect(rounds).toBeGreaterThan(10);
      expect(released.slice(0, 5)).toEqual([]);
    } finally {
      await Promise.all([writerConnection.close(), readerConnection.close()]);
    }
  });
});
