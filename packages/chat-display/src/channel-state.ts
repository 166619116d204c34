import {
  compareCursors,
  REALTIME_MAX_RETRIES,
  REALTIME_RESUBSCRIBE_AFTER_MS,
  REALTIME_RETRY_BASE_MS,
  type SubscribeAck,
  type SubscribeRequest,
} from '@parley/contracts';

/**
 * What a realtime client (the dashboard's or the widget's) remembers per channel, apart from the
 * socket: the highest cursor seen (sent as `since` when subscribing again after a reconnect, so
 * the gateway replays what was missed).
 */
export class ChannelCursors {
  private readonly cursors = new Map<string, string>();

  /** The request for (re-)subscribing: `since` only once something was seen on the channel. */
  request(channel: string): SubscribeRequest {
    const since = this.cursors.get(channel);
    return since ? { channel, since } : { channel };
  }

  /**
   * An event's cursor (replayable events carry one; typing and presence carry null). The highest
   * one applied is kept: a replayed event may arrive after a newer live one.
   */
  seen(channel: string, cursor: string | null | undefined): void {
    if (!cursor) return;
    const held = this.cursors.get(channel);
    if (!held || compareCursors(cursor, held) > 0) this.cursors.set(channel, cursor);
  }

  /** A subscribe's answer: the channel's latest cursor after the replay. */
  acknowledged(channel: string, ack: SubscribeAck): void {
    if (ack.ok) this.seen(channel, ack.cursor);
  }

  /** A channel left for good starts from scratch next time (its history is refetched over REST). */
  forget(channel: string): void {
    this.cursors.delete(channel);
  }

  cursor(channel: string): string | undefined {
    return this.cursors.get(channel);
  }
}

export type SubscribeOutcome =
  | { kind: 'subscribed'; reset: boolean }
  | { kind: 'retry'; delayMs: number }
  | { kind: 'refused'; reason: string };

/**
 * Decides what a subscribe answer means. Nothing (a timeout) or 'unavailable' is tried again
 * up to 3 times, 1 s, 2 s, 4 s apart (spec: the real-time subscription retries up to 3 times);
 * 'rate-limited' likewise, but not before its `retryAfter`; 'forbidden' and 'invalid' are final.
 */
export function subscribeOutcome(ack: SubscribeAck | undefined, failuresSoFar: number): SubscribeOutcome {
  if (ack?.ok) return { kind: 'subscribed', reset: ack.reset === true };
  const reason = ack ? ack.error : 'timeout';
  if (reason !== 'forbidden' && reason !== 'invalid' && failuresSoFar < REALTIME_MAX_RETRIES) {
    const backoffMs = REALTIME_RETRY_BASE_MS * 2 ** failuresSoFar;
    const waitMs = ack?.ok === false && ack.error === 'rate-limited' ? ack.retryAfter * 1000 : 0;
    return { kind: 'retry', delayMs: Math.max(backoffMs, waitMs) };
  }
  return { kind: 'refused', reason };
}

/** A server -> client payload is an envelope when it names its channel. */
export function isEnvelope(
  payload: unknown,
): payload is { channel: string; cursor: string | null; data: unknown } {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    typeof (payload as { channel?: unknown }).channel === 'string' &&
    'data' in payload
  );
}

/**
 * After a 'refused' outcome: whether the connection should be dropped and opened again later (the
 * retries of a timeout, 'unavailable' or 'rate-limited' were spent: the gateway was too busy, not
 * the caller wrong), and after how long (half to one and a half times REALTIME_RESUBSCRIBE_AFTER_MS).
 */
export function reconnectAfterRefusal(reason: string, random: () => number = Math.random): number | null {
  if (reason !== 'timeout' && reason !== 'unavailable' && reason !== 'rate-limited') return null;
  return REALTIME_RESUBSCRIBE_AFTER_MS * (0.5 + random());
}
