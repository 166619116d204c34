/** Another writer appended to the aggregate since the caller loaded it (JetStream API error 10071). */
export class ConcurrencyError extends Error {
  constructor(
    readonly subject: string,
    readonly expectedVersion: number,
    /** The aggregate's version as the server reported it, when it said so. */
    readonly actualVersion?: number,
  ) {
    super(
      `concurrent write to ${subject}: expected version ${expectedVersion}` +
        (actualVersion === undefined ? '' : `, found ${actualVersion}`),
    );
    this.name = 'ConcurrencyError';
  }
}

/**
 * A multi-event append stopped after some of its events were stored (JetStream has no atomic
 * batch on server 2.9). The stored prefix is part of the aggregate's history; the command is not
 * re-decided, because its remaining events were decided on a state that no longer holds.
 */
export class PartialAppendError extends Error {
  constructor(
    readonly subject: string,
    readonly commandId: string,
    /** How many events of the batch are in the log. */
    readonly appended: number,
    readonly total: number,
    override readonly cause?: unknown,
  ) {
    super(
      `command ${commandId} on ${subject} was partially appended: ${appended} of ${total} events stored` +
        (cause instanceof Error ? ` (${cause.message})` : ''),
    );
    this.name = 'PartialAppendError';
  }
}

/** A stored message on an aggregate subject is not an event this store wrote. */
export class CorruptEventError extends Error {
  constructor(
    readonly subject: string,
    readonly sequence: number,
    reason: string,
  ) {
    super(`event ${sequence} on ${subject} cannot be read: ${reason}`);
    this.name = 'CorruptEventError';
  }
}

/** A recorded event's payload breaks its contract (parseEventData): no later read makes it valid. */
export class MalformedEventError extends Error {
  constructor(type: string, eventId: string, issues: string) {
    super(`malformed ${type} ${eventId}: ${issues}`);
    this.name = 'MalformedEventError';
  }
}

/** JetStream's "wrong last sequence" API error, raised by expect.lastSubjectSequence. */
export const WRONG_LAST_SEQUENCE = 10071;

/** The api error code of a NATS JetStream error, if it is one. */
export function apiErrorCode(e: unknown): number | undefined {
  const api = (e as { api_error?: { err_code?: number } } | null)?.api_error;
  return typeof api?.err_code === 'number' ? api.err_code : undefined;
}

/** 'wrong last sequence: 7' -> 7 */
export function reportedLastSequence(e: unknown): number | undefined {
  const description = (e as { api_error?: { description?: string } } | null)?.api_error?.description ?? '';
  const m = /wrong last sequence: (\d+)/.exec(description);
  return m ? Number(m[1]) : undefined;
}
