/**
 * The realtime bench's two observation points, on a thread of their own: the dashboard socket
 * (when each bench message reaches the team) and an ordered consumer of the room subjects (when
 * each is in JetStream). The bench's main thread plays the 2,000 visitor sockets and the
 * senders; stamped there, a receipt waited behind that traffic (its event loop was late by
 * 100-260 ms at p99 at 500 msg/s), so the bench measured its own queue as the product's tail.
 * A real dashboard is a browser of its own, as this thread is.
 *
 * Stamps are `performance.timeOrigin + performance.now()`: one clock across the threads.
 * Protocol (worker_threads messages):
 *   worker -> { type: 'ready' }                        the socket is subscribed, the consumer running
 *   worker -> { type: 'seen', delivered, appended }    [n, at] pairs since the last batch
 *   parent -> { type: 'unwatch' }                      stop the JetStream consumer (its cost is the bench's)
 *   parent -> { type: 'close' }  worker -> { type: 'closed' }
 */
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import type { CustomerMessage, RealtimeEnvelope, SubscribeAck } from '@parley/contracts';
import { streamName } from '@parley/eventstore';
import { connectTestNats } from '@parley/testing';
import { DeliverPolicy } from 'nats';
import { io } from 'socket.io-client';

export interface ObserverData {
  url: string;
  token: string;
  namespace: string;
}

/** The bench's message number from its client id (`b<n>`); undefined for any other message. */
const benchNumber = (clientId: string | null | undefined): number | undefined =>
  clientId?.startsWith('b') ? Number(clientId.slice(1)) : undefined;

const now = () => performance.timeOrigin + performance.now();

async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('dashboard-observer runs as a worker thread');
  const { url, token, namespace } = workerData as ObserverData;

  let delivered: number[] = [];
  let appended: number[] = [];
  let flushing = false;
  // One message to the parent per turn: the stamps are taken on receipt, the batching adds nothing to them.
  const flushSoon = () => {
    if (flushing) return;
    flushing = true;
    setImmediate(() => {
      flushing = false;
      port.postMessage({ type: 'seen', delivered, appended });
      delivered = [];
      appended = [];
    });
  };

  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  socket.on('customer-message', (envelope: RealtimeEnvelope<CustomerMessage>) => {
    const at = now();
    const n = benchNumber(envelope.data.message.clientId);
    if (n === undefined) return;
    delivered.push(n, at);
    flushSoon();
  });
  const ack = (await socket
    .timeout(30_000)
    .emitWithAck('subscribe', { channel: 'chat-global' })) as SubscribeAck;
  if (!ack.ok) throw new Error(`subscribe chat-global refused: ${JSON.stringify(ack)}`);

  const nc = await connectTestNats({ noAsyncTraces: true });
  const watcher = await (
    await nc.jetstream().consumers.get(streamName('conversations', namespace), {
      filterSubjects: `${namespace}.conversations.room.>`,
      deliver_policy: DeliverPolicy.New,
    })
  ).consume();
  const decoder = new TextDecoder();
  const watching = (async () => {
    for await (const m of watcher) {
      const at = now();
      const payload = JSON.parse(decoder.decode(m.data)) as { data?: { clientId?: string } };
      const n = benchNumber(payload.data?.clientId);
      if (n === undefined) continue;
      appended.push(n, at);
      flushSoon();
    }
  })();

  port.on('message', async (m: { type: string }) => {
    if (m.type === 'unwatch') watcher.stop();
    if (m.type === 'close') {
      watcher.stop();
      await watching;
      socket.close();
      await nc.close();
      port.postMessage({ type: 'closed' });
    }
  });
  port.postMessage({ type: 'ready' });
}

main().catch((error: unknown) => {
  console.error('dashboard-observer:', error);
  process.exitCode = 1;
});
