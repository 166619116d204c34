/**
 * The reference the realtime bench compares the product with (REFERENCE=1): the thinnest server
 * that keeps the product's delivery guarantees, on the same libraries, in its own process.
 *
 *   visitor socket 'visitor-message' -> one JetStream publish (Nats-Msg-Id: at most once per
 *   client id) -> ack to the visitor; a durable pull consumer (as the gateway's relay) -> the
 *   gateway's own replay-buffer script in Redis (de-duplication mark + stream entries, the cursor)
 *   -> Socket.IO Redis adapter -> the visitor's room (its echo, but to the socket that sent it: as
 *   the gateway, sender-echoes.ts) and the account's chat-global.
 *
 * No decide, no read model, no gRPC, no rate limits, no HTTP app. Socket handshakes are checked as
 * the gateway checks them (visitor tokens, an owner JWT against JWKS_URL), once per connection.
 * Driven over IPC like the bench's gateway (child-ipc.ts).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/redis-adapter';
import { aggregateSubjects, ensureStream, subjectFor } from '@parley/eventstore';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { AckPolicy, connect, DeliverPolicy, nanos, type JsMsg } from 'nats';
import { createClient, type RedisClientType } from 'redis';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import { createVisitorTokens, isVisitorToken } from '../../gateway/src/auth/visitor-token';
import { coalescedAcks } from '../../gateway/src/realtime/coalesced-acks';
import { broadcasts } from '../../gateway/src/realtime/conversations-relay';
import { createReplayBuffer } from '../../gateway/src/realtime/replay-buffer';
import { senderEchoes } from '../../gateway/src/realtime/sender-echoes';
import { ownBroadcastSkippingParser } from '../../gateway/src/socket/own-broadcast-parser';
import { serveParent } from './child-ipc';

const config = z
  .object({
    REFERENCE_PORT: z.coerce.number().int().min(0).default(0),
    NATS_URL: z.string().default('nats://127.0.0.1:4222'),
    REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
    REDIS_KEY_PREFIX: z.string().min(1),
    EVENT_NAMESPACE: z.string().min(1),
    VISITOR_TOKEN_SECRET: z.string().min(16),
    JWKS_URL: z.string().url(),
    JWT_ISSUER: z.string(),
    JWT_AUDIENCE: z.string(),
  })
  .parse(process.env);

const DURABLE = 'reference-relay';
/** As the gateway's relay: longer than JetStream can redeliver an event. */
const DEDUPE_TTL_MS = 10 * 60 * 1000;
const visitorMessageSchema = z.object({
  content: z.string().min(1).max(5000),
  clientId: z.string().min(1).max(100),
});
const subscribeSchema = z.object({ channel: z.string().max(200) });

type Who = { kind: 'visitor'; roomId: string; accountId: string } | { kind: 'team'; accountId: string };
const visitorRoom = (roomId: string) => `room:${roomId}:visitor`;
const accountGlobal = (accountId: string) => `acct:${accountId}:global`;

/** What the reference appends: the fields the relay needs, the bench's watcher reads `data.clientId`. */
interface Posted {
  type: 'MessagePosted';
  data: {
    roomId: string;
    accountId: string;
    messageId: string;
    clientId: string;
    content: string;
    postedAt: string;
  };
}

async function main(): Promise<void> {
  const nc = await connect({ servers: config.NATS_URL });
  const stream = await ensureStream(nc, 'conversations', config.EVENT_NAMESPACE);
  const js = nc.jetstream();
  const commands = createClient({ url: config.REDIS_URL }) as RedisClientType;
  const subscriber = commands.duplicate();
  await Promise.all([commands.connect(), subscriber.connect()]);
  const buffer = createReplayBuffer(commands, {
    keyPrefix: config.REDIS_KEY_PREFIX,
    dedupeTtlMs: DEDUPE_TTL_MS,
  });
  const visitors = createVisitorTokens(config.VISITOR_TOKEN_SECRET);
  const jwks = createRemoteJWKSet(new URL(config.JWKS_URL));

  const http = createServer();
  const io = new Server(http, {
    path: '/socket.io',
    adapter: createAdapter(commands, subscriber, {
      key: `${config.REDIS_KEY_PREFIX}:socket.io`,
      parser: ownBroadcastSkippingParser(),
    }),
  });
  const echoes = senderEchoes();
  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown }).token;
    if (typeof token !== 'string') return next(new Error('unauthorized'));
    const who: Promise<Who> = isVisitorToken(token)
      ? visitors.verify(token).then(({ visitor }) => ({
          kind: 'visitor',
          // One room per visitor: the reference has no conversations to open one.
          roomId: visitor.customerId,
          accountId: visitor.accountId,
        }))
      : jwtVerify(token, jwks, { issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE }).then(
          ({ payload }) => ({ kind: 'team', accountId: String(payload.acct) }),
        );
    who.then(
      (w) => {
        (socket.data as { who: Who }).who = w;
        next();
      },
      () => next(new Error('unauthorized')),
    );
  });
  io.on('connection', (socket: Socket) => {
    const who = (socket.data as { who: Who }).who;
    socket.on('subscribe', async (payload: unknown, ack: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (a: unknown) => void) : () => undefined;
      const request = subscribeSchema.safeParse(payload);
      if (!request.success) return reply({ ok: false, error: 'invalid' });
      const room =
        who.kind === 'team' && request.data.channel === 'chat-global'
          ? accountGlobal(who.accountId)
          : who.kind === 'visitor' && request.data.channel === who.roomId
            ? visitorRoom(who.roomId)
            : undefined;
      if (!room) return reply({ ok: false, error: 'forbidden' });
      await socket.join(room);
      reply({ ok: true, cursor: (await buffer.since(room, undefined)).cursor });
    });
    if (who.kind !== 'visitor') return;
    socket.on('visitor-message', async (payload: unknown, ack: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (a: unknown) => void) : () => undefined;
      const request = visitorMessageSchema.safeParse(payload);
      if (!request.success)
        return reply({ ok: false, status: 400, error: { code: 'INVALID', message: 'invalid' } });
      const { content, clientId } = request.data;
      echoes.posting(clientId, socket.id);
      const posted: Posted = {
        type: 'MessagePosted',
        data: {
          roomId: who.roomId,
          accountId: who.accountId,
          messageId: `${who.roomId}:${clientId}`,
          clientId,
          content,
          postedAt: new Date().toISOString(),
        },
      };
      try {
        await js.publish(
          subjectFor('conversations', 'room', who.roomId, config.EVENT_NAMESPACE),
          JSON.stringify(posted),
          {
            msgID: posted.data.messageId,
          },
        );
        reply({ ok: true, data: { roomId: who.roomId, message: posted.data } });
      } catch {
        echoes.failed(clientId, socket.id);
        reply({ ok: false, status: 503, error: { code: 'UNAVAILABLE', message: 'unavailable' } });
      }
    });
  });

  // The relay: as the gateway's, scripts in event order without waiting for each reply, emits
  // and acks in the same order.
  const jsm = await nc.jetstreamManager();
  await jsm.consumers.add(stream, {
    durable_name: DURABLE,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.New,
    filter_subject: aggregateSubjects('conversations', 'room', config.EVENT_NAMESPACE),
    ack_wait: nanos(30_000),
    max_deliver: 5,
    max_ack_pending: 2_000,
  });
  const messages = await (await js.consumers.get(stream, DURABLE)).consume({ max_messages: 512 });
  let tail: Promise<void> = Promise.resolve();
  const acks = coalescedAcks();
  const relay = (m: JsMsg) => {
    const { data } = JSON.parse(new TextDecoder().decode(m.data)) as Posted;
    const envelopeData = { message: data };
    const emissions = [
      { room: visitorRoom(data.roomId), channel: data.roomId, event: 'chat-message', data },
      {
        room: accountGlobal(data.accountId),
        channel: 'chat-global',
        event: 'customer-message',
        data: envelopeData,
      },
    ];
    const recorded = buffer.record(`${stream}:${m.seq}`, emissions);
    recorded.catch(() => undefined); // handled in order below
    tail = tail.then(async () => {
      let cursors: string[] | undefined;
      try {
        cursors = await recorded;
      } catch {
        m.nak(1000);
        return;
      }
      if (cursors) {
        const sender = echoes.take(data.clientId);
        for (const { rooms, e, cursor } of broadcasts(emissions, cursors))
          (sender && e.event === 'chat-message' ? io.to(rooms).except(sender) : io.to(rooms)).emit(e.event, {
            channel: e.channel,
            cursor,
            data: e.data,
          });
      }
      acks.add(m);
    });
  };
  const relaying = (async () => {
    for await (const m of messages) relay(m);
  })();

  await new Promise<void>((resolve) => http.listen(config.REFERENCE_PORT, '127.0.0.1', resolve));
  serveParent((http.address() as AddressInfo).port, async () => {
    await messages.close();
    await relaying;
    await tail;
    acks.flush();
    await new Promise((resolve) => io.close(resolve));
    await nc.drain();
    await Promise.all([commands.close(), subscriber.close()]);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
