import { randomBytes, randomUUID } from 'node:crypto';
import { executeCommand } from '@parley/eventstore';
import { customerDecider } from '../domain/customer/decide';
import type { CustomerState } from '../domain/customer/state';
import { roomDecider } from '../domain/room/decide';
import type { RoomState } from '../domain/room/state';
import { customerNotFound, domainNotFound } from '../domain/shared/errors';
import { visitorKeyDecider } from '../domain/visitor-key/decide';
import type { VisitorKeyState } from '../domain/visitor-key/state';
import type { DomainRow } from '../projections/queries';
import { isId, isKeyId, loadState, subjects } from './aggregates';
import type { ConversationsDeps, Visitor } from './deps';

/** Merges chain at most this far (a merged customer's target is active when it is merged into). */
const MAX_MERGE_HOPS = 5;

/** The customer a visitor continues as: a merged customer's visitor is the one it merged into. */
export async function activeCustomer(
  deps: ConversationsDeps,
  customerId: string,
): Promise<CustomerState | null> {
  let id = customerId;
  for (let hop = 0; hop <= MAX_MERGE_HOPS; hop++) {
    if (!isId(id)) return null;
    const { state } = await deps.watched.load(subjects(deps.store).customer(id), customerDecider);
    if (state.status === 'none') return null;
    if (state.status === 'active') return state;
    id = state.mergedInto ?? '';
  }
  return null;
}

/**
 * The visitor's customer, domain and key. A visitor of a deleted domain, naming a customer of
 * another domain, or whose key is not one issued to (a customer now continuing as) that
 * customer, reaches nothing. The token names the visitor's own id (the key's `visitorId`), which
 * after a typed email has merged them is not the customer they now are: the key's holder is.
 */
export async function visitorCustomer(
  deps: ConversationsDeps,
  visitor: Visitor,
): Promise<{ customer: CustomerState; domain: DomainRow; key: VisitorKeyState }> {
  if (!isId(visitor.domainId)) throw domainNotFound();
  // Read at once (each is a round trip, on every visitor message), judged in order after.
  const [domain, named, loadedKey] = await Promise.all([
    deps.domains.byId(visitor.domainId),
    activeCustomer(deps, visitor.customerId),
    isKeyId(visitor.keyId)
      ? deps.watched.load(subjects(deps.store).visitorKeyById(visitor.keyId), visitorKeyDecider)
      : null,
  ]);
  if (!domain) throw domainNotFound();
  if (!loadedKey) throw customerNotFound();
  const key = loadedKey.state;
  if (!key.holder || key.holder.domainId !== visitor.domainId) throw customerNotFound();
  if (named?.customerId === key.holder.customerId && named.domainId === visitor.domainId)
    return { customer: named, domain, key };
  // The key's customer may since have merged into another, or the token names the visitor's own
  // id, which has merged into the key's customer (a moment ago: its cached state may not say so).
  const customer = await activeCustomer(deps, key.holder.customerId);
  if (!customer || customer.domainId !== visitor.domainId) throw customerNotFound();
  const namesKey = visitor.customerId === key.visitorId || visitor.customerId === key.holder.customerId;
  if (!namesKey && named?.customerId !== customer.customerId) throw customerNotFound();
  return { customer, domain, key };
}

/** The id a visitor is shown and their token names: their own, never a customer they merged into. */
export const visitorIdOf = (key: VisitorKeyState, customer: CustomerState): string =>
  key.visitorId ?? key.holder?.customerId ?? customer.customerId;

/**
 * The visitor's current room: the latest room opened under their key that is open and the
 * customer's, else none. Never another room of the customer: a visitor who gave an email someone
 * else holds must not see the chats of that other browser.
 */
export async function keyRoom(
  deps: ConversationsDeps,
  customer: CustomerState,
  key: VisitorKeyState,
): Promise<{ roomId: string; state: RoomState } | null> {
  for (const roomId of [...key.roomIds].reverse()) {
    const { state } = await loadState(deps.store, subjects(deps.store).room(roomId), roomDecider);
    if (state.status === 'open' && state.customerId === customer.customerId) return { roomId, state };
  }
  return null;
}

/**
 * The room a visitor's message goes to: the latest under their key; the first message opens one
 * (recorded on the key first, so two first messages land in the same room, then on the customer,
 * whose rooms move with it in a merge).
 */
export async function roomToPost(
  deps: ConversationsDeps,
  customer: CustomerState,
  keyId: string,
  key: VisitorKeyState,
): Promise<string> {
  const latest = key.roomIds.at(-1);
  if (latest) return latest;
  const at = subjects(deps.store);
  const opened = await executeCommand(
    deps.store,
    at.visitorKeyById(keyId),
    visitorKeyDecider,
    { type: 'OpenRoom', fallbackRoomId: randomUUID(), now: deps.clock() },
    { commandId: randomUUID() },
  );
  const roomId = opened.state.roomIds.at(-1);
  if (!roomId) throw new Error(`visitor key ${keyId} opened no room`);
  if (!customer.roomIds.includes(roomId)) {
    await executeCommand(
      deps.store,
      at.customer(customer.customerId),
      customerDecider,
      { type: 'AddRoom', roomId, now: deps.clock() },
      { commandId: randomUUID() },
    );
  }
  return roomId;
}

/**
 * A new visitor key for the customer: 32 random bytes, shown once; only its hash is kept. A key
 * issued to continue another (`continues`) reaches exactly what that one reaches and keeps the
 * visitor's own id; a new customer's first key opens the room fixed at its registration. `email`
 * is the one the visitor just gave (else the continued key's). Returns the key with its state.
 */
export async function issueVisitorKey(
  deps: ConversationsDeps,
  customer: CustomerState,
  continues?: { key: VisitorKeyState; email: string },
): Promise<{ visitorKey: string; state: VisitorKeyState }> {
  const visitorKey = randomBytes(32).toString('base64url');
  const from = continues?.key;
  const issued = await executeCommand(
    deps.store,
    subjects(deps.store).visitorKey(visitorKey),
    visitorKeyDecider,
    {
      type: 'IssueKey',
      customerId: customer.customerId,
      domainId: customer.domainId,
      roomIds: from ? from.roomIds : [],
      answers: from ? Object.values(from.answers) : [],
      nextRoomId: from ? (from.nextRoomId ?? randomUUID()) : (customer.roomIds[0] ?? randomUUID()),
      visitorId: from ? visitorIdOf(from, customer) : customer.customerId,
      email: continues?.email ?? null,
      now: deps.clock(),
    },
    { commandId: randomUUID() },
  );
  return { visitorKey, state: issued.state };
}

export async function registerCustomer(deps: ConversationsDeps, domain: DomainRow): Promise<CustomerState> {
  const customerId = randomUUID();
  const outcome = await executeCommand(
    deps.store,
    subjects(deps.store).customer(customerId),
    customerDecider,
    {
      type: 'Register',
      customerId,
      accountId: domain.accountId,
      domainId: domain.domainId,
      roomId: randomUUID(),
      now: deps.clock(),
    },
    { commandId: randomUUID() },
  );
  return outcome.state;
}
