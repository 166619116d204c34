import { randomUUID } from 'node:crypto';
import type { SubscribeAck, TypingStatus, VisitorMessageAck } from '@parley/contracts';
import type { Socket } from 'socket.io-client';
import {
  ownerWithDomain,
  startConversationsWorld,
  visitorOf,
  type ConversationsWorld,
  type SignedInOwner,
} from './support/conversations';
import { eventually, openSocket, recordAll, sleep, subscribe } from './support/sockets';

/**
 * Every client event counts against its socket's budget (SOCKET_EVENT_LIMIT per
 * SOCKET_EVENT_WINDOW_SECONDS): a visitor socket that sends 'typing' or 'subscribe' in a loop
 * reached the owner's dashboard hundreds of times a second and read Redis at each, unbounded.
 */
const LIMIT = 10;
const TEAM_LIMIT = 30;
const WINDOW_SECONDS = 3;

let world: ConversationsWorld;
let owner: SignedInOwner;
const sockets: Socket[] = [];

async function socketOf(token: string): Promise<Socket> {
  const s = await openSocket(world.gateway.url, token);
  sockets.push(s);
  return s;
}

async function visitorInRoom(): Promise<{ token: string; roomId: string }> {
  const { client, session } = await visitorOf(world, owner.domainId);
  const posted = await client.post('/api/widget/messages', { content: 'hello', clientId: randomUUID() });
  if (posted.status !== 201) throw new Error(`visitor message: ${posted.status}`);
  return { token: session.token, roomId: (posted.body as { data: { roomId: string } }).data.roomId };
}

beforeAll(async () => {
  world = await startConversationsWorld({
    SOCKET_EVENT_LIMIT: String(LIMIT),
    SOCKET_EVENT_LIMIT_TEAM: String(TEAM_LIMIT),
    SOCKET_EVENT_WINDOW_SECONDS: String(WINDOW_SECONDS),
  });
  owner = await ownerWithDomain(world);
}, 120_000);

afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

afterAll(async () => {
  await world?.dispose();
});

const typingOf = (received: ReturnType<typeof recordAll>) =>
  received.filter((r) => r.event === 'typing-status').map((r) => r.envelope.data as TypingStatus);

it('a typing flood reaches the team only up to the budget, the rest is refused with retryAfter, and the socket is cut off', async () => {
  const { token, roomId } = await visitorInRoom();
  const visitor = await socketOf(token);
  const ownerSocket = await socketOf(owner.accessToken);
  expect(await subscribe(visitor, roomId)).toMatchObject({ ok: true });
  expect(await subscribe(ownerSocket, roomId)).toMatchObject({ ok: true });
  const byOwner = recordAll(ownerSocket);
  const answers: unknown[] = [];
  const disconnected = new Promise<string>((resolve) => visitor.once('disconnect', resolve));

  // The subscribe above spent one event of the budget.
  for (let i = 0; i < 3 * LIMIT; i++)
    visitor.emit('typing', { roomId, isTyping: i % 2 === 0 }, (a: unknown) => answers.push(a));
  expect(await disconnected).toBe('io server disconnect');
  await sleep(300);

  const accepted = answers.filter((a) => (a as { ok: boolean }).ok);
  const refused = answers.filter((a) => !(a as { ok: boolean }).ok);
  // Events accepted in the same read as the one that cut the socket off may go unanswered.
  expect(accepted.length).toBeLessThanOrEqual(LIMIT - 1);
  expect(refused.length).toBeGreaterThanOrEqual(LIMIT + 1);
  for (const r of refused) {
    expect(r).toEqual({ ok: false, error: 'rate-limited', retryAfter: expect.any(Number) });
    expect((r as { retryAfter: number }).retryAfter).toBeGreaterThanOrEqual(1);
    expect((r as { retryAfter: number }).retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  }
  // Only what was accepted went out (the disconnect adds the last not-typing).
  expect(typingOf(byOwner).length).toBeLessThanOrEqual(LIMIT);

  // Another visitor, and the owner's own socket, are not affected.
  const other = await visitorInRoom();
  const otherSocket = await socketOf(other.token);
  expect(await subscribe(otherSocket, other.roomId)).toMatchObject({ ok: true });
  expect(
    await otherSocket.timeout(5000).emitWithAck('typing', { roomId: other.roomId, isTyping: true }),
  ).toEqual({
    ok: true,
  });
  expect(await subscribe(ownerSocket, other.roomId)).toMatchObject({ ok: true });
}, 30_000);

it('a subscribe over budget says rate-limited; the budget comes back after its window', async () => {
  const { token, roomId } = await visitorInRoom();
  const visitor = await socketOf(token);
  const acks: SubscribeAck[] = [];
  for (let i = 0; i < LIMIT + 2; i++) acks.push(await subscribe(visitor, roomId));
  expect(acks.slice(0, LIMIT).every((a) => a.ok)).toBe(true);
  expect(acks.slice(LIMIT)).toEqual([
    { ok: false, error: 'rate-limited', retryAfter: expect.any(Number) },
    { ok: false, error: 'rate-limited', retryAfter: expect.any(Number) },
  ]);
  expect(visitor.connected).toBe(true);
  await sleep(WINDOW_SECONDS * 1000 + 200);
  expect(await subscribe(visitor, roomId)).toMatchObject({ ok: true });
}, 30_000);

it('a visitor message over budget gets the POST s 429, and posts nothing', async () => {
  const { token, roomId } = await visitorInRoom();
  const visitor = await socketOf(token);
  const ownerSocket = await socketOf(owner.accessToken);
  expect(await subscribe(ownerSocket, roomId)).toMatchObject({ ok: true });
  const byOwner = recordAll(ownerSocket);
  for (let i = 0; i < LIMIT; i++) visitor.emit('typing', { roomId, isTyping: false }, () => undefined);
  const ack = (await visitor.timeout(5000).emitWithAck('visitor-message', {
    content: 'one too many',
    clientId: randomUUID(),
  })) as VisitorMessageAck;
  expect(ack).toEqual({
    ok: false,
    status: 429,
    error: { code: 'RATE_LIMITED', message: 'You are sending messages too quickly. Please wait a moment.' },
    retryAfter: expect.any(Number),
  });
  await sleep(500);
  expect(byOwner.filter((r) => r.event === 'chat-message')).toEqual([]);
  await eventually(() => visitor.connected, 'the socket still connected');
}, 30_000);

it('a packet over 64 KB closes its connection before it is read; a 4,000-character message of 4-byte characters fits', async () => {
  const { token, roomId } = await visitorInRoom();
  const visitor = await socketOf(token);
  const longest = (await visitor.timeout(5000).emitWithAck('visitor-message', {
    content: '🙂'.repeat(2000),
    clientId: randomUUID(),
  })) as VisitorMessageAck;
  expect(longest).toMatchObject({ ok: true, data: { roomId } });
  const disconnected = new Promise<string>((resolve) => visitor.once('disconnect', resolve));
  visitor.emit('typing', { roomId, isTyping: true, padding: 'x'.repeat(70 * 1024) });
  expect(await disconnected).toBe('transport close');
  // The gateway is unharmed: a new socket subscribes.
  const again = await socketOf(token);
  expect(await subscribe(again, roomId)).toMatchObject({ ok: true });
}, 30_000);

it('a team member s socket has its own, larger budget', async () => {
  const { roomId } = await visitorInRoom();
  const team = await socketOf(owner.accessToken);
  const acks: SubscribeAck[] = [];
  for (let i = 0; i < TEAM_LIMIT + 1; i++) acks.push(await subscribe(team, roomId));
  expect(acks.slice(0, TEAM_LIMIT).every((a) => a.ok)).toBe(true);
  expect(acks[TEAM_LIMIT]).toEqual({ ok: false, error: 'rate-limited', retryAfter: expect.any(Number) });
}, 30_000);
