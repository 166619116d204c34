import { ClientSocketEvent, type VisitorMessageAck } from '@parley/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { MESSAGES_RATE_LIMITED_MESSAGE, RATE_LIMIT_POLICIES } from '../src/http/rate-limits';
import {
  ownerWithDomain,
  startConversationsWorld,
  visitorOf,
  type ConversationsWorld,
  type SignedInOwner,
} from './support/conversations';
import { uniqueIp, type JsonResponse } from './support/http-client';

/**
 * Issue 11: one visitor token posted 40+ messages a minute, each answered by the assistant and
 * charged to the owner's monthly requests. Visitor messages are limited per visitor and per
 * address (docs/api.md, Rate limits), over REST and the widget socket alike.
 */

let world: ConversationsWorld;
let owner: SignedInOwner;
let otherOwner: SignedInOwner;
const PER_VISITOR = RATE_LIMIT_POLICIES.visitorMessage.points;
const PER_ADDRESS = RATE_LIMIT_POLICIES.visitorMessageIp.points;

beforeAll(async () => {
  world = await startConversationsWorld();
  [owner, otherOwner] = await Promise.all([ownerWithDomain(world), ownerWithDomain(world)]);
}, 240_000);

afterAll(async () => {
  await world?.dispose();
});

function expectRateLimited(res: JsonResponse) {
  expect(res.status).toBe(429);
  expect(res.body.error).toEqual({ code: 'RATE_LIMITED', message: MESSAGES_RATE_LIMITED_MESSAGE });
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

/** A widget socket from a chosen client address (the gateway under test trusts loopback proxies). */
async function visitorSocket(token: string, ip: string): Promise<Socket> {
  const socket = connect(world.gateway.url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
    extraHeaders: { 'x-forwarded-for': ip },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

const send = (socket: Socket, content: string) =>
  socket
    .timeout(15_000)
    .emitWithAck(ClientSocketEvent.visitorMessage, { content }) as Promise<VisitorMessageAck>;

describe('visitor messages are rate-limited', () => {
  it(`80 messages from one visitor in a burst meet a 429: ${PER_VISITOR} a minute per visitor, with Retry-After`, async () => {
    const { client } = await visitorOf(world, owner.domainId);
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) => client.post('/api/widget/messages', { content: `Burst ${i}` })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(PER_VISITOR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(80 - PER_VISITOR);
    expectRateLimited(answers.find((a) => a.status === 429)!);
    // The stored chat holds what was accepted, nothing more.
    const chat = await client.get('/api/widget/chat');
    expect(chat.body.data.messages.filter((m: { role: string }) => m.role === 'user')).toHaveLength(
      PER_VISITOR,
    );
  });

  it('over the widget socket too, counted with the same visitor’s POSTs, the 429 carrying retryAfter', async () => {
    const { client, session } = await visitorOf(world, owner.domainId);
    const first = await client.post('/api/widget/messages', { content: 'Hello' });
    expect(first.status).toBe(201);
    const socket = await visitorSocket(session.token, client.ip);
    try {
      const acks = await Promise.all(Array.from({ length: 79 }, (_, i) => send(socket, `Socket burst ${i}`)));
      expect(acks.filter((a) => a.ok)).toHaveLength(PER_VISITOR - 1);
      const refused = acks.filter((a) => !a.ok);
      expect(refused).toHaveLength(80 - PER_VISITOR);
      const one = refused[0] as Extract<VisitorMessageAck, { ok: false }>;
      expect(one).toMatchObject({
        ok: false,
        status: 429,
        error: { code: 'RATE_LIMITED', message: MESSAGES_RATE_LIMITED_MESSAGE },
      });
      expect(one.retryAfter).toBeGreaterThanOrEqual(1);
      expect(one.retryAfter).toBeLessThanOrEqual(60);
    } finally {
      socket.close();
    }
    // …and the POST is refused as well now.
    expectRateLimited(await client.post('/api/widget/messages', { content: 'Still there?' }));
  });

  it(`${PER_ADDRESS} a minute per client address and domain, whichever visitor sends them`, async () => {
    const ip = uniqueIp();
    const visitors = await Promise.all(
      Array.from({ length: Math.ceil(PER_ADDRESS / PER_VISITOR) + 1 }, async () => {
        const v = await visitorOf(world, owner.domainId);
        v.client.ip = ip;
        return v;
      }),
    );
    let accepted = 0;
    let refused: JsonResponse | undefined;
    for (const [i, v] of visitors.entries()) {
      for (let n = 0; n < PER_VISITOR && !refused; n++) {
        const res = await v.client.post('/api/widget/messages', { content: `Visitor ${i} says ${n}` });
        if (res.status === 201) accepted++;
        else refused = res;
      }
    }
    expect(accepted).toBe(PER_ADDRESS);
    expectRateLimited(refused!);
    // Another address, and the same address on another owner's site, have their own budgets.
    const elsewhere = await visitorOf(world, owner.domainId);
    expect((await elsewhere.client.post('/api/widget/messages', { content: 'Hi' })).status).toBe(201);
    const otherSite = await visitorOf(world, otherOwner.domainId);
    otherSite.client.ip = ip;
    expect((await otherSite.client.post('/api/widget/messages', { content: 'Hi' })).status).toBe(201);
  });

  it('a normal conversation never meets one, and refused input spends no point', async () => {
    const { client } = await visitorOf(world, owner.domainId);
    // Invalid messages are refused before any point is spent.
    for (let i = 0; i < PER_VISITOR + 5; i++)
      expect((await client.post('/api/widget/messages', { content: '   ' })).status).toBe(400);
    // A lively chat, sent back to back (faster than anyone types): every message goes through.
    for (let i = 0; i < 15; i++) {
      const res = await client.post('/api/widget/messages', { content: `Question number ${i}?` });
      expect([i, res.status]).toEqual([i, 201]);
    }
  });
});
