import { createHash, randomUUID } from 'node:crypto';

// Fixed namespace for identity's name-based ids (RFC 4122 v5).
const NAMESPACE = Buffer.from('8a4c2f6e1b7d4e0a9c3f5d2b6e8a1c47', 'hex');

/** The same name always gives the same uuid: replicas and retries agree on an id without talking. */
export function nameBasedId(name: string): string {
  const digest = createHash('sha1').update(NAMESPACE).update(name).digest();
  const bytes = digest.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Command ids: derived from a client's idempotency key when there is one (a retried request
 * finds its own events), random otherwise.
 */
export function commandIds(requestKey: string | undefined) {
  return (step: string): string => (requestKey ? `${requestKey}-${step}` : randomUUID());
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
