import type { NatsConnection } from 'nats';
import type { StoredEventMessage } from './wire';

export type DirectQuery = { last_by_subj: string } | { seq: number; next_by_subj?: string };

/**
 * JetStream direct get ($JS.API.DIRECT.GET, server 2.9+, stream needs allow_direct): one request,
 * no consumer. Resolves undefined when the stream holds no such message (status 404).
 * The nats.js client only exposes this on its implementation class, so it is spoken here.
 */
export async function directGet(
  nc: NatsConnection,
  stream: string,
  query: DirectQuery,
  timeoutMs: number,
): Promise<StoredEventMessage | undefined> {
  const subject =
    'last_by_subj' in query
      ? `$JS.API.DIRECT.GET.${stream}.${query.last_by_subj}`
      : `$JS.API.DIRECT.GET.${stream}`;
  const body = 'last_by_subj' in query ? new Uint8Array(0) : new TextEncoder().encode(JSON.stringify(query));
  const reply = await nc.request(subject, body, { timeout: timeoutMs });
  const h = reply.headers;
  if (h?.hasError) {
    if (h.code === 404) return undefined;
    throw new Error(`direct get on ${stream} failed: ${h.code} ${h.description}`);
  }
  const seq = Number(h?.get('Nats-Sequence'));
  const subj = h?.get('Nats-Subject');
  if (!h || !subj || !Number.isSafeInteger(seq)) throw new Error(`direct get on ${stream}: unexpected reply`);
  return { subject: subj, seq, data: reply.data, header: (n) => h.get(n) || undefined };
}
