import {
  foldEvents,
  type Decider,
  type DomainEvent,
  type EventStore,
  type RecordedEvent,
} from '@parley/eventstore';
import { emailKey } from '../security/secrets';

/** Each aggregate's subject: identity.<aggregate>.<id>. */
export function subjects(store: EventStore) {
  return {
    signup: (signupId: string) => store.subject('signup', signupId),
    email: (email: string) => store.subject('email', emailKey(email)),
    signupRequests: (email: string) => store.subject('signuprequests', emailKey(email)),
    user: (userId: string) => store.subject('user', userId),
    session: (sessionId: string) => store.subject('session', sessionId),
    settings: () => store.subject('settings', 'system'),
    invite: (inviteId: string) => store.subject('invite', inviteId),
    apiKey: (keyId: string) => store.subject('apikey', keyId),
  };
}

/** Reads an aggregate for a decision made outside its own decider (a check before another command). */
export async function loadState<C, E extends DomainEvent, S>(
  store: EventStore,
  subject: string,
  decider: Decider<C, E, S>,
): Promise<{ state: S; version: number }> {
  const loaded = await store.load<E>(subject);
  return { state: foldEvents(decider, loaded.events), version: loaded.version };
}

/** Recorded events back as the aggregate's own union, so `switch (event.type)` narrows `data`. */
export function asDomainEvents<E extends DomainEvent>(recorded: readonly RecordedEvent<E>[]): E[] {
  return recorded.map((r) => ({ type: r.type, data: r.data }) as E);
}

export function asDomainEvent<E extends DomainEvent>(recorded: RecordedEvent): E {
  return { type: recorded.type, data: recorded.data } as E;
}
