import type { RecordedEvent } from '@parley/eventstore';
import type { Logger } from '@parley/logger';
import type { JsMsg } from 'nats';
import { isDeterministicError } from './deterministic';
import { applyRetryDelayMs, attemptsForDelivery } from './retry';
import { isTransientError } from './transient';

const MAX_RETRY_DELAY_MS = 5_000;

export interface ApplyWithRetriesOptions {
  maxDeliver: number;
  retryDelayMs: number;
  log: Logger;
  apply: () => Promise<void>;
  /** Parks the event after `attempts` attempts in all (this delivery's and earlier ones'). */
  park: (error: unknown, attempts: number) => Promise<void>;
  sleep: (ms: number) => Promise<void>;
  stopping: () => boolean;
}

/**
 * Applies one event with the attempts its delivery has left, retrying in place. Returns true
 * once applied; false when parked or when the runner stops between attempts (the message is
 * then left unacked: the next runner starts from the checkpoint). A transient error is thrown:
 * not the event's fault, resume later from the checkpoint.
 */
export async function applyWithRetries(
  m: JsMsg,
  event: RecordedEvent,
  o: ApplyWithRetriesOptions,
): Promise<boolean> {
  const budget = attemptsForDelivery(o.maxDeliver, m.info.deliveryCount);
  const used = o.maxDeliver - budget;
  let lastError: unknown;
  for (let attempt = 1; attempt <= budget; attempt++) {
    try {
      await o.apply();
      return true;
    } catch (e) {
      if (isTransientError(e)) throw e;
      lastError = e;
      o.log.warn(
        { err: e, seq: m.seq, type: event.type, attempt: used + attempt, of: o.maxDeliver },
        'projection apply failed',
      );
      // Fails the same way every time: retrying would only hold up every tenant's events.
      if (isDeterministicError(e)) {
        await o.park(e, used + attempt);
        return false;
      }
      if (attempt < budget) {
        m.working(); // keep the server from redelivering it while we retry in place
        await o.sleep(applyRetryDelayMs(attempt, o.retryDelayMs, MAX_RETRY_DELAY_MS));
        if (o.stopping()) return false;
      }
    }
  }
  await o.park(lastError, used + budget);
  return false;
}
