import { randomUUID } from 'node:crypto';
import { executeCommand } from '@parley/eventstore';
import { customerDecider } from '../domain/customer/decide';
import type { CustomerState } from '../domain/customer/state';
import { emailClaimDecider } from '../domain/email-claim/decide';
import { roomDecider } from '../domain/room/decide';
import { domainNotFound } from '../domain/shared/errors';
import { visitorKeyDecider } from '../domain/visitor-key/decide';
import type { VisitorKeyState } from '../domain/visitor-key/state';
import { hashKey, isId, loadState, subjects } from './aggregates';
import {
  activeCustomer,
  issueVisitorKey,
  keyRoom,
  registerCustomer,
  visitorCustomer,
  visitorIdOf,
} from './customers';
import type { ConversationsDeps, Visitor } from './deps';
import { email as validEmail } from './validate';

export interface VisitorSessionView {
  customerId: string;
  domainId: string;
  accountId: string;
  visitorKey: string;
  /** SHA-256 (hex) of the key: the gateway's visitor token carries it, never the key. */
  keyId: string;
  /** The latest room opened under the key; null before its first message. */
  roomId: string | null;
  email: string | null;
}

// 32 bytes in base64url; anything else cannot be a key this service issued.
const VISITOR_KEY = /^[A-Za-z0-9_-]{43}$/;

/**
 * The session of `visitorKey`, whose state the caller has just read or issued. It names the
 * visitor's own id and the email given under the key, never the customer's: a visitor who typed
 * an email another customer held (or once held) must learn nothing of that customer.
 */
async function sessionOf(
  deps: ConversationsDeps,
  customer: CustomerState,
  { visitorKey, state: key }: { visitorKey: string; state: VisitorKeyState },
): Promise<VisitorSessionView> {
  const room = await keyRoom(deps, customer, key);
  return {
    customerId: visitorIdOf(key, customer),
    domainId: customer.domainId,
    accountId: customer.accountId,
    visitorKey,
    keyId: hashKey(visitorKey),
    roomId: room?.roomId ?? null,
    email: key.email,
  };
}

/**
 * Resumes the customer a known key of this domain belongs to; an unknown key (or none) registers
 * a new customer with a new key. The domain must exist.
 */
export async function openVisitorSession(
  deps: ConversationsDeps,
  input: { domainId: string; visitorKey: string },
): Promise<VisitorSessionView> {
  if (!isId(input.domainId)) throw domainNotFound();
  const domain = await deps.domains.byId(input.domainId);
  if (!domain) throw domainNotFound();
  if (VISITOR_KEY.test(input.visitorKey)) {
    const { state: key } = await deps.watched.load(
      subjects(deps.store).visitorKey(input.visitorKey),
      visitorKeyDecider,
    );
    const holder = key.holder;
    if (holder && holder.domainId === domain.domainId) {
      const customer = await activeCustomer(deps, holder.customerId);
      if (customer && customer.domainId === domain.domainId)
        return sessionOf(deps, customer, { visitorKey: input.visitorKey, state: key });
    }
  }
  const customer = await registerCustomer(deps, domain);
  return sessionOf(deps, customer, await issueVisitorKey(deps, customer));
}

/**
 * Records the visitor's email. The answer always carries a new visitor key for the customer the
 * visitor now is (setCustomerEmail), continuing the visitor's key: it reaches the rooms and
 * answers of that key only, never the other customer's earlier chats (anyone can type a known
 * email). The session names the visitor's own id and the email just given, whoever holds it.
 */
export async function setVisitorEmail(
  deps: ConversationsDeps,
  visitor: Visitor,
  input: { email: string },
): Promise<VisitorSessionView> {
  const email = validEmail(input.email);
  const { customer, key } = await visitorCustomer(deps, visitor);
  const now = await setCustomerEmail(deps, customer, email);
  return sessionOf(deps, now, await issueVisitorKey(deps, now, { key, email }));
}

/**
 * Gives the customer an email; returns the customer they now are. The first customer of the
 * domain to give an email holds it (a claim per domain and email, race-free); a customer giving
 * an email another customer holds continues as that customer: their rooms and answers move there,
 * so the owner sees one customer. What a visitor reaches stays bounded by their key, whichever
 * customer it names, so nothing here widens a visitor's access. Idempotent: a repeat finds the
 * email set, or the rooms already moved to the holder.
 */
export async function setCustomerEmail(
  deps: ConversationsDeps,
  customer: CustomerState,
  email: string,
): Promise<CustomerState> {
  const at = subjects(deps.store);
  const claim = await executeCommand(
    deps.store,
    at.email(customer.domainId, email),
    emailClaimDecider,
    {
      type: 'ClaimEmail',
      domainId: customer.domainId,
      email,
      customerId: customer.customerId,
      now: deps.clock(),
    },
    { commandId: randomUUID() },
  );
  const holder = claim.state.holder ? await activeCustomer(deps, claim.state.holder) : null;
  if (!holder || holder.customerId === customer.customerId) {
    const updated = await executeCommand(
      deps.store,
      at.customer(customer.customerId),
      customerDecider,
      { type: 'SetEmail', email, now: deps.clock() },
      { commandId: randomUUID() },
    );
    return updated.state;
  }
  return mergeInto(deps, customer, holder);
}

/**
 * Moves an anonymous customer's opened rooms and answers to `target`, then marks it merged.
 * Each step is idempotent on its own aggregate, so a merge stopped half-way is finished by the
 * visitor's next attempt.
 */
async function mergeInto(
  deps: ConversationsDeps,
  from: CustomerState,
  target: CustomerState,
): Promise<CustomerState> {
  const at = subjects(deps.store);
  const moved: string[] = [];
  for (const roomId of from.roomIds) {
    const { state } = await loadState(deps.store, at.room(roomId), roomDecider);
    if (state.status !== 'open') continue;
    await executeCommand(
      deps.store,
      at.room(roomId),
      roomDecider,
      {
        type: 'Reassign',
        fromCustomerId: from.customerId,
        toCustomerId: target.customerId,
        now: deps.clock(),
      },
      { commandId: randomUUID() },
    );
    moved.push(roomId);
  }
  const targetSubject = at.customer(target.customerId);
  const command = { commandId: randomUUID() };
  let outcome = await executeCommand(
    deps.store,
    targetSubject,
    customerDecider,
    { type: 'Absorb', fromCustomerId: from.customerId, roomIds: moved, now: deps.clock() },
    command,
  );
  // Answers the visitor gave anonymously that the customer does not have yet.
  const answers = Object.values(from.answers)
    .filter((a) => !outcome.state.answers[a.questionId])
    .map(({ questionId, question, answer, roomId }) => ({
      questionId,
      question,
      answer,
      ...(roomId ? { roomId } : {}),
    }));
  if (answers.length > 0) {
    outcome = await executeCommand(
      deps.store,
      targetSubject,
      customerDecider,
      { type: 'SaveAnswers', answers, now: deps.clock() },
      { commandId: randomUUID() },
    );
  }
  await executeCommand(
    deps.store,
    at.customer(from.customerId),
    customerDecider,
    { type: 'MergeInto', intoCustomerId: target.customerId, now: deps.clock() },
    { commandId: randomUUID() },
  );
  deps.logger.info(
    { from: from.customerId, into: target.customerId, rooms: moved.length },
    'customers merged',
  );
  return outcome.state;
}
