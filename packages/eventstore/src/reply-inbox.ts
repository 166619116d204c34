import {
  createInbox,
  ErrorCode,
  NatsError,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
  type PubAck,
} from 'nats';

interface Pending {
  resolve(m: Msg): void;
  reject(e: unknown): void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Requests of one connection answered on one subscription, each reply matched by its token.
 * Not nc.request for the store's publishes: nats.js (2.29) builds a NatsError, stack and all, for
 * every answered request (its RequestOne rejects its settled promise when it cleans up) and races
 * a timer promise against each; for an append per message that was the service's costliest NATS
 * function. Same protocol on the wire: a publish with a reply subject under the connection's inbox.
 */
export class ReplyInbox {
  private readonly prefix: string;
  private readonly pending = new Map<string, Pending>();
  private subscribed = false;
  private next = 0;

  constructor(private readonly nc: NatsConnection) {
    this.prefix = `${createInbox()}.`;
  }

  /** The reply to a request on `subject`; rejects with nats' Timeout or NoResponders errors. */
  request(subject: string, data: Uint8Array, headers: MsgHdrs, timeoutMs: number): Promise<Msg> {
    this.subscribe();
    const token = (this.next++).toString(36);
    return new Promise<Msg>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(token);
        reject(NatsError.errorForCode(ErrorCode.Timeout));
      }, timeoutMs);
      this.pending.set(token, { resolve, reject, timer });
      try {
        this.nc.publish(subject, data, { reply: this.prefix + token, headers });
      } catch (e) {
        clearTimeout(timer);
        this.pending.delete(token);
        reject(e);
      }
    });
  }

  private subscribe(): void {
    if (this.subscribed) return;
    this.subscribed = true;
    this.nc.subscribe(`${this.prefix}*`, {
      callback: (err, m) => {
        if (err) return; // the connection closed: what is pending times out
        const token = m.subject.slice(this.prefix.length);
        const waiting = this.pending.get(token);
        if (!waiting) return; // answered after its timeout
        this.pending.delete(token);
        clearTimeout(waiting.timer);
        // As nats.js: a 503 status without payload means nobody serves the subject.
        if (m.data.length === 0 && m.headers?.code === 503)
          waiting.reject(NatsError.errorForCode(ErrorCode.NoResponders));
        else waiting.resolve(m);
      },
    });
  }
}

/**
 * A JetStream publish's reply -> its ack, or the error nats.js' js.publish throws for it (a
 * NatsError with the server's `api_error`, e.g. err_code 10071 for a wrong last sequence).
 */
export function parsePubAck(m: Msg): PubAck {
  let reply: Partial<PubAck> & { error?: { code: number; err_code?: number; description?: string } };
  try {
    reply = m.json();
  } catch {
    throw NatsError.errorForCode(ErrorCode.BadJson);
  }
  if (reply.error && reply.error.code >= 300) {
    const description = (reply.error.description ?? '').toLowerCase() || ErrorCode.Unknown;
    const e = new NatsError(description, String(reply.error.code));
    e.api_error = reply.error as NatsError['api_error'];
    throw e;
  }
  if (typeof reply.stream !== 'string' || reply.stream === '' || typeof reply.seq !== 'number')
    throw NatsError.errorForCode(ErrorCode.JetStreamInvalidAck);
  return { ...reply, duplicate: reply.duplicate ?? false } as PubAck;
}
