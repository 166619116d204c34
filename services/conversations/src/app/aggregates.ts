import { createHash } from 'node:crypto';
import { foldEvents, type Decider, type DomainEvent, type EventStore } from '@parley/eventstore';

/** sha256 of the parts: a subject token that is always valid and reveals nothing. */
export const hashKey = (...parts: string[]): string =>
  createHash('sha256').update(parts.join('\n')).digest('hex');

/** Each aggregate's subject: conversations.<aggregate>.<id>. */
export function subjects(store: EventStore) {
  return {
    room: (roomId: string) => store.subject('room', roomId),
    customer: (customerId: string) => store.subject('customer', customerId),
    /** The visitor key is hashed here; only the hash is ever stored. */
    visitorKey: (key: string) => store.subject('visitorkey', hashKey(key)),
    /** The same subject by the key's hash (a visitor token carries the hash, never the key). */
    visitorKeyById: (keyId: string) => store.subject('visitorkey', keyId),
    email: (domainId: string, email: string) => store.subject('email', hashKey(domainId, email)),
    slot: (domainId: string, date: string, slot: string) =>
      store.subject('slot', hashKey(domainId, date, slot)),
  };
}

/** Reads an aggregate for a decision or an answer made outside its own command. */
export async function loadState<C, E extends DomainEvent, S>(
  store: EventStore,
  subject: string,
  decider: Decider<C, E, S>,
): Promise<{ state: S; version: number }> {
  const loaded = await store.load<E>(subject);
  return { state: foldEvents(decider, loaded.events), version: loaded.version };
}

/** A visitor key's id: the hex SHA-256 `hashKey` gives. */
export const isKeyId = (id: string | undefined | null): id is string =>
  typeof id === 'string' && /^[0-9a-f]{64}$/.test(id);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids; anything else cannot name a resource, so it is not found (never a 500). */
export const isId = (id: string | undefined | null): id is string => typeof id === 'string' && UUID.test(id);
