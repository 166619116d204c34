import type { ProductCard, RealtimeEnvelope } from '@parley/contracts';
import { aggregateSubjects, decodePayload, ensureStream } from '@parley/eventstore';
import type { Logger } from '@parley/logger';
import { sampleConsumerPending, sampleProjectionLag } from '@parley/metrics';
import {
  AckPolicy,
  DeliverPolicy,
  nanos,
  ReplayPolicy,
  type ConsumerMessages,
  type JetStreamManager,
  type JsMsg,
  type NatsConnection,
} from 'nats';
import { InternalRoom } from './channels';
import { coalescedAcks } from './coalesced-acks';
import { deliverySpan } from './delivery-span';
import { routeEvent, type Emission } from './event-routing';
import type { ReplayBuffer } from './replay-buffer';

/** Shared by every gateway replica: JetStream hands each event to one of them. */
export const RELAY_DURABLE = 'gateway-realtime';
const CONSUMER_NOT_FOUND = 10014;

export interface RelayTarget {
  /**
   * Emits to internal rooms on this replica only: the buffer's record script announced the event
   * to the other replicas (event-announcement.ts), which deliver it to their own sockets.
   */
  emit(rooms: string[], event: string, envelope: RealtimeEnvelope<unknown>): void;
  /** A room was unshared from an agent: their sockets leave its internal rooms, everywhere. */
  revoke(userId: string, roomId: string): void;
}

export interface RelayOptions {
  nc: NatsConnection;
  namespace?: string;
  buffer: ReplayBuffer;
  target: RelayTarget;
  logger: Logger;
  /** Events handed out and not yet acknowledged, across all replicas. */
  maxAckPending?: number;
  ackWaitMs?: number;
  maxDeliver?: number;
  /** The cards of a message's products (the widget shows them); a failure relays it without. */
  productCards?(domainId: string, ids: string[]): Promise<ProductCard[]>;
}

export interface ConversationsRelay {
  stop(): Promise<void>;
}

/**
 * Relays conversations' room events to sockets. For each event: the routing (pure, from the
 * event's `audience`), then one Redis script that marks the event seen, appends each emission
 * to its internal room's replay stream (the entry id is the envelope's cursor) and announces the
 * event to the other replicas, then the emits to this replica's sockets, then the ack. A
 * redelivered event finds its mark and is only acknowledged, so each event is emitted once
 * however often JetStream delivers it. Scripts are sent as events arrive without
 * waiting for the previous reply (one connection keeps them in order), and emits and acks follow
 * in the same order, so a replica's throughput is not bound by Redis round trips; the acks of one
 * turn of the event loop go to NATS together.
 */
export async function startConversationsRelay(options: RelayOptions): Promise<ConversationsRelay> {
  const { nc, buffer, target, logger } = options;
  const namespace = options.namespace || undefined;
  const stream = await ensureStream(nc, 'conversations', namespace);
  const jsm = await nc.jetstreamManager();
  try {
    await jsm.consumers.info(stream, RELAY_DURABLE);
  } catch (error) {
    if ((error as { api_error?: { err_code?: number } }).api_error?.err_code !== CONSUMER_NOT_FOUND)
      throw error;
    // Adding an identical consumer that another replica just added succeeds, so no race here.
    await jsm.consumers.add(stream, {
      durable_name: RELAY_DURABLE,
      description: 'gateway realtime relay (all replicas)',
      ack_policy: AckPolicy.Explicit,
      // Realtime is about now: a new consumer does not replay the stream's history.
      deliver_policy: DeliverPolicy.New,
      filter_subject: aggregateSubjects('conversations', 'room', namespace),
      ack_wait: nanos(options.ackWaitMs ?? 30_000),
      max_deliver: options.maxDeliver ?? 5,
      max_ack_pending: options.maxAckPending ?? 2_000,
      replay_policy: ReplayPolicy.Instant,
    });
  }
  const consumer = await nc.jetstream().consumers.get(stream, RELAY_DURABLE);
  const messages: ConsumerMessages = await consumer.consume({ max_messages: 512 });
  let tail: Promise<void> = Promise.resolve();
  const acks = coalescedAcks();

  /** Settles once the previous event's script has been sent: scripts go out in event order. */
  let issued: Promise<void> = Promise.resolve();

  const handle = (m: JsMsg) => {
    let type = '';
    let data: unknown;
    let meta: Record<string, string> | undefined;
    try {
      // The payload alone: the relay needs no header, and decoding them cost ~5 KB per event.
      ({ type, data, meta } = decodePayload({ subject: m.subject, seq: m.seq, data: m.data }));
    } catch (error) {
      logger.warn({ err: error, seq: m.seq }, 'unreadable conversations event; skipped');
    }
    // The delivery to the dashboard's and widget's sockets continues the trace that appended the event.
    const span = deliverySpan(type, m.seq, meta);
    const routed = routeEvent(type, data);
    const wanted = routed.products;
    const productCards = options.productCards;
    // Fetched at once; the script waits for them, and later events' scripts wait for this one.
    const cards =
      wanted && productCards
        ? span
            .within(() => productCards(wanted.domainId, wanted.ids))
            .catch((error: unknown) => {
              logger.warn(
                { err: error, seq: m.seq },
                'product cards unavailable; message relayed without them',
              );
              return [];
            })
        : undefined;
    const work = issued.then(async () => {
      const emissions = routed.emissions(cards ? await cards : []);
      const recorded = emissions.length ? buffer.record(`${stream}:${m.seq}`, emissions) : undefined;
      recorded?.catch(() => undefined); // handled in order below
      return { emissions, recorded };
    });
    issued = work.then(
      () => undefined,
      () => undefined,
    );
    tail = tail.then(async () => {
      const { emissions, recorded } = await work;
      let cursors: string[] | undefined;
      try {
        cursors = await recorded;
      } catch (error) {
        logger.warn({ err: error, seq: m.seq, type }, 'replay buffer unavailable; event will be redelivered');
        m.nak(1000);
        span.end(error);
        return;
      }
      if (cursors) {
        for (const { rooms, e, cursor } of broadcasts(emissions, cursors))
          target.emit(rooms, e.event, { channel: e.channel, cursor, data: e.data });
        if (routed.revoke) target.revoke(routed.revoke.userId, routed.revoke.roomId);
      }
      span.end(undefined, emissions.length);
      acks.add(m);
    });
  };

  const done = (async () => {
    for await (const m of messages) handle(m);
  })().catch((error: unknown) => logger.error({ err: error }, 'realtime relay stopped'));
  logger.info({ stream, durable: RELAY_DURABLE }, 'realtime relay consuming');
  const unmeasure = measureRelay(jsm, stream);

  return {
    stop: async () => {
      unmeasure();
      await messages.close();
      await done;
      await tail;
      acks.flush();
    },
  };
}

/**
 * The relay's consumer as the projections' metrics: its lag (events handed to no replica yet or
 * not yet acknowledged) and its pending messages, shared by every gateway replica.
 */
function measureRelay(jsm: JetStreamManager, stream: string): () => void {
  const labels = { projection: RELAY_DURABLE, stream };
  const info = () => jsm.consumers.info(stream, RELAY_DURABLE);
  const removals = [
    sampleProjectionLag(async () => {
      const i = await info();
      return [{ labels, value: i.num_pending + i.num_ack_pending }];
    }),
    sampleConsumerPending(async () => [{ labels, value: (await info()).num_pending }]),
  ];
  return () => removals.forEach((remove) => remove());
}

/**
 * Emissions of the same socket event, channel, payload and cursor (a message to the team and the
 * visitor side of its room; a list update to the account and its agents) go out as one
 * broadcast to all their rooms: one packet encoding, and a socket in several of them gets it once.
 */
export function broadcasts(
  emissions: readonly Emission[],
  cursors: readonly string[],
): { rooms: string[]; e: Emission; cursor: string | null }[] {
  const out: { rooms: string[]; e: Emission; cursor: string | null }[] = [];
  emissions.forEach((e, i) => {
    const cursor = cursors[i] ?? null;
    const same = out.find(
      (b) => b.e.event === e.event && b.e.channel === e.channel && b.e.data === e.data && b.cursor === cursor,
    );
    if (same) same.rooms.push(e.room);
    else out.push({ rooms: [e.room], e, cursor });
  });
  return out;
}

/** The internal rooms an agent loses with a room's share (team side; never the visitor's). */
export const roomsOfShare = (roomId: string) => [
  InternalRoom.room(roomId, 'team'),
  InternalRoom.mode(roomId),
  InternalRoom.presence(roomId),
];
