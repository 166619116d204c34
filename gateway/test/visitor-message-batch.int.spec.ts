// Visitor messages gathered into PostVisitorMessages calls: through the gateway's conversations
// client against the real conversations service (one batch per turn, each item answered as its
// own PostVisitorMessage call answers), and through the real gateway's widget socket.
import { createHash, randomUUID } from 'node:crypto';
import { AppError, type ChatMessage, type VisitorMessageAck } from '@parley/contracts';
import { callerTokenSigner } from '@parley/grpc';
import { grpcClientHandled } from '@parley/metrics';
import type { Socket } from 'socket.io-client';
import {
  createConversationsClient,
  type ConversationsClient,
  type ConversationsVisitor,
  type PostedMessage__Output,
} from '../src/clients/conversations-client';
import {
  ownerWithDomain,
  startConversationsWorld,
  visitorOf,
  type ConversationsWorld,
} from './support/conversations';
import { openSocket } from './support/sockets';

let world: ConversationsWorld;
let domainId: string;
let batched: ConversationsClient;
let single: ConversationsClient;
const sockets: Socket[] = [];

beforeAll(async () => {
  world = await startConversationsWorld();
  domainId = (await ownerWithDomain(world)).domainId;
  const signer = callerTokenSigner(world.stack.callerTokenSecret, 'gateway');
  batched = createConversationsClient(world.conversations.grpcUrl, 10_000, signer, {
    maxItems: 64,
    windowMs: 0,
  });
  single = createConversationsClient(world.conversations.grpcUrl, 10_000, signer);
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  batched?.close();
  single?.close();
  await world?.dispose();
});

async function newVisitor(): Promise<{ visitor: ConversationsVisitor; token: string }> {
  const { session } = await visitorOf(world, domainId);
  const keyId = createHash('sha256').update(session.visitorKey).digest('hex');
  return {
    visitor: { customerId: session.customerId, domainId: session.domainId, keyId },
    token: session.token,
  };
}

const batchCalls = async () =>
  (await grpcClientHandled.get()).values
    .filter((v) => String(v.labels.method).endsWith('/postVisitorMessages'))
    .reduce((sum, v) => sum + v.value, 0);

/** What a rejection carries to the gateway's error mapping. */
const asAnswer = (r: PromiseSettledResult<unknown>) =>
  r.status === 'fulfilled'
    ? { ok: true }
    : r.reason instanceof AppError
      ? { kind: r.reason.kind, message: r.reason.message, fields: r.reason.fields, code: r.reason.code }
      : { other: String(r.reason) };

describe('PostVisitorMessages through the gateway client', () => {
  it('answers each item of one batch as its own call would, a bad item beside good ones', async () => {
    const a = await newVisitor();
    const b = await newVisitor();
    const stranger = { ...a.visitor, keyId: createHash('sha256').update(randomUUID()).digest('hex') };
    const replayed = randomUUID();
    const items: Array<[ConversationsVisitor, { content: string; clientId: string }]> = [
      [a.visitor, { content: 'first', clientId: replayed }],
      [a.visitor, { content: '<script>alert(1)</script>', clientId: '' }],
      [b.visitor, { content: 'from b', clientId: randomUUID() }],
      [a.visitor, { content: 'second', clientId: randomUUID() }],
      [a.visitor, { content: 'first', clientId: replayed }],
      [a.visitor, { content: 'x'.repeat(4001), clientId: '' }],
      [a.visitor, { content: 'nul \u0000 inside', clientId: '' }],
      [stranger, { content: 'not my key', clientId: '' }],
      [
        { ...a.visitor, keyId: '' },
        { content: 'no key', clientId: '' },
      ],
      [a.visitor, { content: 'third', clientId: randomUUID() }],
    ];
    const callsBefore = await batchCalls();
    const answers = await Promise.allSettled(items.map(([v, r]) => batched.postVisitorMessage(v, r)));
    expect((await batchCalls()) - callsBefore).toBe(1);

    // The same refusals, one call each (the good ones were posted already: their replays answer).
    const refusedAlone = await Promise.allSettled(
      items.map(([v, r], i) =>
        answers[i]!.status === 'rejected' ? single.postVisitorMessage(v, r) : Promise.resolve(),
      ),
    );
    expect(answers.map(asAnswer)).toEqual(refusedAlone.map(asAnswer));
    expect(answers.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect(asAnswer(answers[1]!)).toMatchObject({ kind: 'validation', message: 'Empty message' });
    expect(asAnswer(answers[6]!)).toMatchObject({ kind: 'validation', code: 'INVALID_TEXT' });
    expect(asAnswer(answers[7]!)).toMatchObject({ kind: 'not_found' });
    expect(asAnswer(answers[8]!)).toMatchObject({ kind: 'unauthenticated', code: 'NO_VISITOR' });

    // The replay in the same batch answers the message the first item posted, once.
    const posted = (i: number) => (answers[i] as PromiseFulfilledResult<PostedMessage__Output>).value.message;
    expect(posted(0)?.id).toBeTruthy();
    expect(posted(4)?.id).toBe(posted(0)?.id);
    // A visitor's messages land in their order.
    const chat = await single.getVisitorChat(a.visitor);
    expect(chat.messages.map((m) => m.content)).toEqual(['first', 'second', 'third']);
    expect((await single.getVisitorChat(b.visitor)).messages.map((m) => m.content)).toEqual(['from b']);
  });

  it('never sends more than its maximum in one call', async () => {
    const small = createConversationsClient(
      world.conversations.grpcUrl,
      10_000,
      callerTokenSigner(world.stack.callerTokenSecret, 'gateway'),
      { maxItems: 2, windowMs: 0 },
    );
    try {
      const { visitor } = await newVisitor();
      const callsBefore = await batchCalls();
      const contents = ['m1', 'm2', 'm3', 'm4', 'm5'];
      await Promise.all(
        contents.map((content) => small.postVisitorMessage(visitor, { content, clientId: '' })),
      );
      expect((await batchCalls()) - callsBefore).toBe(3);
      // Each call's items in their order; separate calls run concurrently, as single calls do.
      const landed = (await single.getVisitorChat(visitor)).messages.map((m) => m.content);
      expect([...landed].sort()).toEqual(contents);
      expect(landed.indexOf('m1')).toBeLessThan(landed.indexOf('m2'));
      expect(landed.indexOf('m3')).toBeLessThan(landed.indexOf('m4'));
    } finally {
      small.close();
    }
  });

  it('fails every item of a call that fails as a whole (unavailable)', async () => {
    const nowhere = createConversationsClient('127.0.0.1:1', 300, undefined, { maxItems: 64, windowMs: 0 });
    try {
      const { visitor } = await newVisitor();
      const answers = await Promise.allSettled(
        ['a', 'b', 'c'].map((content) => nowhere.postVisitorMessage(visitor, { content, clientId: '' })),
      );
      expect(answers.map(asAnswer)).toEqual(
        answers.map(() => ({
          kind: 'unavailable',
          message: 'Service temporarily unavailable. Please try again.',
          fields: [],
          code: undefined,
        })),
      );
    } finally {
      nowhere.close();
    }
  });
});

describe('visitor messages over the widget socket, sent without waiting', () => {
  it('acks each with its own outcome, the POST’s error for a bad one, and keeps their order', async () => {
    const { token } = await newVisitor();
    const s = await openSocket(world.gateway.url, token);
    sockets.push(s);
    const send = (body: unknown): Promise<VisitorMessageAck> =>
      s.timeout(10_000).emitWithAck('visitor-message', body);
    const clientId = randomUUID();
    const acks = await Promise.all([
      send({ content: 'one', clientId }),
      send({ content: '<script>alert(1)</script>' }),
      send({ content: 'two' }),
      send({ content: 'one', clientId }),
      send({ content: 'three' }),
    ]);
    expect(acks.map((a) => a.ok)).toEqual([true, false, true, true, true]);
    const http = world.stack.client({ gateway: world.gateway, origin: world.gateway.url });
    http.bearer = token;
    const viaHttp = await http.post('/api/widget/messages', { content: '<script>alert(1)</script>' });
    expect(viaHttp.status).toBe(400);
    expect(acks[1]).toEqual({ ok: false, status: 400, error: (viaHttp.body as { error: unknown }).error });
    const id = (a: VisitorMessageAck) => (a.ok ? a.data.message.id : undefined);
    expect(id(acks[3]!)).toBe(id(acks[0]!));
    const chat = await http.get('/api/widget/chat');
    const contents = (chat.body as { data: { messages: ChatMessage[] } }).data.messages.map((m) => m.content);
    expect(contents).toEqual(['one', 'two', 'three']);
  });
});
