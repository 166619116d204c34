import { createHash } from 'node:crypto';
import { foldEvents, type Decider, type DomainEvent, type EventStore } from '@parley/eventstore';

/** sha256 of the (already lower-cased) hostname: a subject token that is always valid. */
export const hostnameKey = (hostname: string): string => createHash('sha256').update(hostname).digest('hex');

/** Each aggregate's subject: domains.<aggregate>.<id>. */
export function subjects(store: EventStore) {
  return {
    domain: (domainId: string) => store.subject('domain', domainId),
    account: (accountId: string) => store.subject('account', accountId),
    hostname: (hostname: string) => store.subject('hostname', hostnameKey(hostname)),
  };
}

/** Reads an aggregate for a decision made outside its own decider. */
export async function loadState<C, E extends DomainEvent, S>(
  store: EventStore,
  subject: string,
  decider: Decider<C, E, S>,
): Promise<{ state: S; version: number }> {
  const loaded = await store.load<E>(subject);
  return { state: foldEvents(decider, loaded.events), version: loaded.version };
}
