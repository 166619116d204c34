import type { Logger } from '@parley/logger';
import type { ConsumerMessages, JetStreamManager, JsMsg, NatsConnection } from 'nats';
import { recreateDurable, type DurableSpec } from './consumer';

export interface OpenOrderedSessionOptions {
  nc: NatsConnection;
  jsm: JetStreamManager;
  durable: DurableSpec;
  /** How long one pull request waits for messages. */
  expires: number;
  /** Takes the session before anything else can run, so that a stop() from now on can end it. */
  opened(messages: ConsumerMessages): void;
  stopping(): boolean;
}

/** Positions the durable consumer after `durable.position` and starts pulling. */
export async function openOrderedSession(o: OpenOrderedSessionOptions): Promise<ConsumerMessages> {
  await recreateDurable(o.jsm, o.durable);
  const consumer = await o.nc.jetstream().consumers.get(o.durable.stream, o.durable.name);
  const messages = await consumer.consume({
    max_messages: o.durable.batchSize,
    expires: o.expires,
    // A consumer that is gone (deleted, or its state held in memory by a server that restarted)
    // ends the session with an error, so that the loop recreates it from the checkpoint: by
    // default the client would wait for it to come back, which nothing would ever do.
    abort_on_missing_resource: true,
  });
  o.opened(messages);
  // stop() ends the session it can see; one that opened while stop() was already waiting for
  // the loop must end here, or its iterator (woken only by messages) would never return.
  if (o.stopping()) messages.stop();
  return messages;
}

export interface ConsumeInOrderOptions {
  log: Logger;
  stopping(): boolean;
  /** Awaited when it returns a promise: the next message waits for it. */
  handle(m: JsMsg): void | Promise<void>;
}

/**
 * Hands the messages of a freshly opened session to `handle` in delivery order. Returns (the
 * session stopped) when the messages end, when stopping, or at a delivery gap.
 */
export async function consumeInOrder(messages: ConsumerMessages, o: ConsumeInOrderOptions): Promise<void> {
  let lastDelivery = 0;
  try {
    for await (const m of messages) {
      if (o.stopping()) break;
      // Deliveries of a fresh consumer are numbered 1, 2, 3...: a gap means a pull response
      // was lost on the way, and the missing messages would come back only after ack_wait,
      // behind later ones. Start over from the checkpoint instead.
      if (m.info.deliverySequence !== lastDelivery + 1) {
        o.log.warn(
          { expected: lastDelivery + 1, got: m.info.deliverySequence },
          'delivery gap; resuming from the checkpoint',
        );
        break;
      }
      lastDelivery = m.info.deliverySequence;
      const handled = o.handle(m);
      if (handled) await handled;
    }
  } finally {
    messages.stop();
  }
}
