import { randomUUID } from 'node:crypto';
import type {
  ChatMessage,
  CustomerMessage,
  SubscribeAck,
  TypingStatus,
  VisitorMessageAck,
} from '@parley/contracts';
import { assistantSignalSubject, type AssistantSignal } from '@parley/contracts';
import { connectTestNats } from '@parley/testing';
import type { Socket } from 'socket.io-client';
import { startTestConversations, type TestConversations } from './support/conversations';
import { startTestDomains, type TestDomains } from './support/domains';
import { registerOwner, uniqueEmail, type Registered } from './support/flows';
import type { GatewayClient } from './support/http-client';
import { eventually, openSocket, recordAll, sleep, subscribe, type Received } from './support/sockets';
import { startStack, type TestGateway, type TestStack } from './support/stack';

/**
 * The realtime path end to end: the real identity, domains and conversations services, two
 * gateway replicas sharing Redis and the event namespace, visitors on the widget API and team
 * members on the dashboard API, sockets on either replica.
 */
let stack: TestStack;
let domainsService: TestDomains;
let conversations: TestConversations;
let gatewayA: TestGateway;
let gatewayB: TestGateway;
let owner: Registered & { client: GatewayClient };
let domainId: string;
const sockets: Socket[] = [];

async function signedIn(): Promise<Registered & { client: GatewayClient }> {
  const client = stack.client({ gateway: gatewayA });
  const registered = await registerOwner(stack, client, uniqueEmail('rt'));
  client.bearer = registered.accessToken;
  return { ...registered, client };
}

async function addDomain(who: { client: GatewayClient }): Promise<string> {
  const res = await who.client.post('/api/domains', {
    domain: `shop-${randomUUID().slice(0, 8)}.example.com`,
  });
  if (res.status !== 201) throw new Error(`add domain: ${res.status} ${JSON.stringify(res.body)}`);
  const id = (res.body as { data: { id: string } }).data.id;
  await conversations.knowsDomain(id);
  return id;
}

interface VisitorSession {
  token: string;
  customerId: string;
  client: GatewayClient;
}

async function newVisitor(gateway: TestGateway, domain = domainId): Promise<VisitorSession> {
  const client = stack.client({ gateway });
  const res = await client.post('/api/widget/session', { domainId: domain });
  if (res.status !== 200) throw new Error(`session: ${res.status} ${JSON.stringify(res.body)}`);
  const session = (res.body as { data: { token: string; customerId: string } }).data;
  client.bearer = session.token;
  return { token: session.token, customerId: session.customerId, client };
}

async function visitorSays(
  visitor: VisitorSession,
  content: string,
): Promise<{ roomId: string; message: ChatMessage }> {
  const res = await visitor.client.post('/api/widget/messages', { content, clientId: randomUUID() });
  if (res.status !== 201) throw new Error(`visitor message: ${res.status} ${JSON.stringify(res.body)}`);
  const data = (res.body as { data: { roomId: string; message: ChatMessage; assistantAnswers: boolean } })
    .data;
  // A room the visitor's message opens (or keeps) is the assistant's until the team goes live.
  if (typeof data.assistantAnswers !== 'boolean') throw new Error('the POST says nothing of the assistant');
  return data;
}

async function teamSays(
  who: { client: GatewayClient },
  roomId: string,
  content: string,
  extra: Record<string, unknown> = {},
): Promise<{ id: string }> {
  const res = await who.client.post(`/api/conversations/${roomId}/messages`, { content, ...extra });
  if (res.status !== 201) throw new Error(`team message: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { data: { id: string } }).data;
}

async function socket(gateway: TestGateway, token: string): Promise<Socket> {
  const s = await openSocket(gateway.url, token);
  sockets.push(s);
  return s;
}

const chatContents = (received: Received[], channel: string) =>
  received
    .filter((r) => r.event === 'chat-message' && r.envelope.channel === channel)
    .map((r) => (r.envelope.data as ChatMessage).content);

beforeAll(async () => {
  stack = await startStack();
  domainsService = await startTestDomains(stack.namespace);
  conversations = await startTestConversations(stack.namespace);
  const env = {
    EVENT_NAMESPACE: stack.namespace,
    DOMAINS_GRPC_URL: domainsService.grpcUrl,
    CONVERSATIONS_GRPC_URL: conversations.grpcUrl,
  };
  gatewayA = await stack.startGateway(env);
  gatewayB = await stack.startGateway(env);
  owner = await signedIn();
  domainId = await addDomain(owner);
}, 120_000);

afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

afterAll(async () => {
  for (const s of sockets.splice(0)) s.close();
  await stack?.dispose();
  await conversations?.stop();
  await domainsService?.stop();
});

describe('two gateway replicas', () => {
  it('a visitor on A and the owner on B see each other s messages, each once; notes never reach the visitor', async () => {
    const visitor = await newVisitor(gatewayA);
    const { roomId } = await visitorSays(visitor, 'Hi, anyone there?');

    const visitorSocket = await socket(gatewayA, visitor.token);
    const ownerSocket = await socket(gatewayB, owner.accessToken);
    const seenByVisitor = recordAll(visitorSocket);
    const seenByOwner = recordAll(ownerSocket);
    expect(await subscribe(visitorSocket, roomId)).toMatchObject({ ok: true });
    expect(await subscribe(ownerSocket, roomId)).toMatchObject({ ok: true });
    expect(await subscribe(ownerSocket, 'chat-global')).toMatchObject({ ok: true });

    await visitorSays(visitor, 'I have a question about my order');
    await eventually(
      () => chatContents(seenByOwner, roomId).includes('I have a question about my order'),
      'the visitor message on the owner socket',
    );
    // The list's customer-message is a publish of its own, after the room's: it may come a frame later.
    await eventually(
      () => seenByOwner.some((r) => r.event === 'customer-message'),
      'the customer-message on the owner socket',
    );
    const customerMessages = seenByOwner.filter((r) => r.event === 'customer-message');
    expect(customerMessages).toHaveLength(1);
    expect(customerMessages[0]!.envelope.channel).toBe('chat-global');
    expect((customerMessages[0]!.envelope.data as CustomerMessage).room).toMatchObject({
      id: roomId,
      domainId,
      customerId: visitor.customerId,
      unread: true,
    });

    await teamSays(owner, roomId, 'Internal: check the order first', { isNote: true, noteType: 'internal' });
    await teamSays(owner, roomId, 'Happy to help!');
    await eventually(
      () => chatContents(seenByVisitor, roomId).includes('Happy to help!'),
      'the reply on the visitor socket',
    );
    await eventually(
      () => chatContents(seenByOwner, roomId).includes('Happy to help!'),
      'the reply on the owner socket',
    );
    // Both sockets have the later reply, so an earlier note would have arrived already.
    expect(chatContents(seenByOwner, roomId)).toEqual([
      'I have a question about my order',
      'Internal: check the order first',
      'Happy to help!',
    ]);
    expect(chatContents(seenByVisitor, roomId)).toEqual([
      'I have a question about my order',
      'Happy to help!',
    ]);
    const reply = seenByVisitor.find((r) => (r.envelope.data as ChatMessage).content === 'Happy to help!')!;
    expect(reply.envelope.data).toMatchObject({
      role: 'assistant',
      teamMemberId: owner.user.id,
      isNote: false,
    });
    expect(reply.envelope.cursor).toMatch(/^\d+-\d+$/);

    // Exactly once per socket, although two replicas consume the events.
    await sleep(300);
    const ids = seenByOwner
      .filter((r) => r.event === 'chat-message')
      .map((r) => (r.envelope.data as ChatMessage).id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(seenByVisitor.filter((r) => r.event === 'chat-message')).toHaveLength(2);
  });

  it('a dashboard socket that drops for 10 s gets what it missed when it subscribes again with its cursor', async () => {
    const visitor = await newVisitor(gatewayA);
    const { roomId } = await visitorSays(visitor, 'first');
    let dashboard = await socket(gatewayB, owner.accessToken);
    let seen = recordAll(dashboard);
    const first = await subscribe(dashboard, roomId);
    expect(first).toMatchObject({ ok: true });
    await visitorSays(visitor, 'second');
    await eventually(() => chatContents(seen, roomId).includes('second'), 'the live message');
    const cursor = seen.at(-1)!.envelope.cursor!;

    dashboard.close();
    const pause = sleep(10_000);
    await visitorSays(visitor, 'while away 1');
    await teamSays(owner, roomId, 'while away: a note', { isNote: true });
    await visitorSays(visitor, 'while away 2');
    await pause;

    // Reconnected (to the other replica, as a load balancer may well do).
    dashboard = await socket(gatewayA, owner.accessToken);
    seen = recordAll(dashboard);
    const ack = (await subscribe(dashboard, roomId, cursor)) as Extract<SubscribeAck, { ok: true }>;
    expect(ack.ok).toBe(true);
    expect(ack.reset).toBeUndefined();
    // Replayed before the ack, in order, nothing twice.
    expect(chatContents(seen, roomId)).toEqual(['while away 1', 'while away: a note', 'while away 2']);
    expect(ack.cursor).toBe(seen.at(-1)!.envelope.cursor);

    // Live again after the replay.
    await visitorSays(visitor, 'back');
    await eventually(() => chatContents(seen, roomId).includes('back'), 'the live message after the replay');

    // A cursor older than the buffer keeps: reset, refetch over REST.
    const tooOld = `${Date.now() - 2 * 60 * 60 * 1000}-0`;
    const reset = await subscribe(await socket(gatewayB, owner.accessToken), roomId, tooOld);
    expect(reset).toMatchObject({ ok: true, reset: true });
    // A since that is no cursor at all is refused.
    expect(await subscribe(dashboard, roomId, 'yesterday')).toEqual({ ok: false, error: 'invalid' });
  }, 60_000);

  it('a new room reaches the owner s list; live mode reaches both sides and the list', async () => {
    const ownerSocket = await socket(gatewayB, owner.accessToken);
    const seenByOwner = recordAll(ownerSocket);
    expect(await subscribe(ownerSocket, 'chat-global')).toMatchObject({ ok: true });
    const visitor = await newVisitor(gatewayA);
    const { roomId } = await visitorSays(visitor, 'a brand new conversation');
    await eventually(() => seenByOwner.some((r) => r.event === 'new-conversation'), 'new-conversation');
    expect(seenByOwner.find((r) => r.event === 'new-conversation')!.envelope).toMatchObject({
      channel: 'chat-global',
      data: { room: { id: roomId, domainId, customerId: visitor.customerId, live: false } },
    });

    const visitorSocket = await socket(gatewayA, visitor.token);
    const seenByVisitor = recordAll(visitorSocket);
    expect(await subscribe(visitorSocket, roomId)).toMatchObject({ ok: true });
    expect(await subscribe(visitorSocket, `${roomId}-mode`)).toMatchObject({ ok: true });
    expect(await subscribe(ownerSocket, roomId)).toMatchObject({ ok: true });

    expect((await owner.client.post(`/api/conversations/${roomId}/live`, { live: true })).status).toBe(200);
    await eventually(
      () =>
        seenByVisitor.some((r) => r.event === 'mode-change') &&
        seenByVisitor.some((r) => r.event === 'realtime-mode') &&
        seenByOwner.some((r) => r.event === 'realtime-mode') &&
        seenByOwner.some(
          (r) =>
            r.event === 'chat-list-update' &&
            (r.envelope.data as { room: { live?: boolean } }).room.live === true,
        ),
      'the live switch on every channel',
    );
    expect(seenByVisitor.find((r) => r.event === 'mode-change')!.envelope).toMatchObject({
      channel: `${roomId}-mode`,
      data: { roomId, live: true },
    });
    expect(seenByVisitor.find((r) => r.event === 'realtime-mode')!.envelope).toMatchObject({
      channel: roomId,
      data: { roomId, live: true },
    });
    // The team has the room: the visitor's next message is not the assistant's to answer.
    expect(await visitorSays(visitor, 'still there?')).toMatchObject({ roomId, assistantAnswers: false });
  });

  it('typing reaches the other side only, and goes back to not-typing on its own', async () => {
    const visitor = await newVisitor(gatewayA);
    const { roomId } = await visitorSays(visitor, 'typing test');
    const visitorSocket = await socket(gatewayA, visitor.token);
    const ownerSocket = await socket(gatewayB, owner.accessToken);
    const secondTeamSocket = await socket(gatewayA, owner.accessToken);
    for (const [s, ch] of [
      [visitorSocket, roomId],
      [ownerSocket, roomId],
      [secondTeamSocket, roomId],
    ] as const)
      expect(await subscribe(s, ch)).toMatchObject({ ok: true });
    // Live signals from here on (a visitor's subscribe is also told the assistant is not typing).
    await sleep(300);
    const byVisitor = recordAll(visitorSocket);
    const byOwner = recordAll(ownerSocket);
    const bySecond = recordAll(secondTeamSocket);

    const typing = (received: Received[]) =>
      received.filter((r) => r.event === 'typing-status').map((r) => r.envelope.data as TypingStatus);

    expect(await visitorSocket.emitWithAck('typing', { roomId, isTyping: true })).toEqual({ ok: true });
    await eventually(() => typing(byOwner).length === 1, 'visitor typing on the team socket');
    expect(typing(byOwner)[0]).toEqual({ roomId, isTyping: true, agent: false });
    expect(typing(bySecond)).toEqual([{ roomId, isTyping: true, agent: false }]);
    // Not echoed to the visitor; back to not-typing 3 s later without a new signal.
    await eventually(() => typing(byOwner).length === 2, 'the automatic not-typing', 6000);
    expect(typing(byOwner)[1]).toEqual({ roomId, isTyping: false, agent: false });

    expect(await ownerSocket.emitWithAck('typing', { roomId, isTyping: true })).toEqual({ ok: true });
    await eventually(() => typing(byVisitor).length === 1, 'team typing on the visitor socket');
    expect(typing(byVisitor)[0]).toEqual({ roomId, isTyping: true, agent: true });
    expect(await ownerSocket.emitWithAck('typing', { roomId, isTyping: false })).toEqual({ ok: true });
    await eventually(() => typing(byVisitor).length === 2, 'team stopped typing');
    // Team typing never reaches other team sockets (they saw the visitor's two signals only).
    expect(typing(bySecond)).toEqual([
      { roomId, isTyping: true, agent: false },
      { roomId, isTyping: false, agent: false },
    ]);

    // Typing in a room the socket did not subscribe to is refused.
    expect(await visitorSocket.emitWithAck('typing', { roomId: randomUUID(), isTyping: true })).toEqual({
      ok: false,
      error: 'forbidden',
    });
  }, 30_000);

  it('a socket that subscribes while the assistant answers is told it is typing, with the draft so far', async () => {
    const nc = await connectTestNats();
    try {
      const visitor = await newVisitor(gatewayA);
      const { roomId } = await visitorSays(visitor, 'the assistant is typing before my socket joins');
      const audience = {
        accountId: owner.user.accountId,
        domainId,
        customerId: visitor.customerId,
        sharedWith: [],
      };
      const signal = async (s: { kind: 'typing'; isTyping: boolean } | { kind: 'stream'; text: string }) => {
        nc.publish(
          assistantSignalSubject(stack.namespace),
          new TextEncoder().encode(JSON.stringify({ ...s, roomId, audience } satisfies AssistantSignal)),
        );
        await nc.flush();
      };
      const joinAndListen = async (gateway: TestGateway) => {
        const s = await socket(gateway, visitor.token);
        const received = recordAll(s);
        expect(await subscribe(s, roomId)).toMatchObject({ ok: true });
        await sleep(300); // anything replayed arrives right after the ack
        return received.map((r) => [r.event, r.envelope.data]);
      };

      // The assistant took the message up before any socket of the visitor's was in the room.
      await signal({ kind: 'typing', isTyping: true });
      await sleep(200); // the relay keeps it (Redis)
      expect(await joinAndListen(gatewayB)).toEqual([
        ['typing-status', { roomId, isTyping: true, agent: true }],
      ]);

      await signal({ kind: 'stream', text: 'You can return it' });
      await sleep(200);
      expect(await joinAndListen(gatewayA)).toEqual([
        ['typing-status', { roomId, isTyping: true, agent: true }],
        ['bot-stream', { roomId, text: 'You can return it' }],
      ]);

      // A withdrawn draft is not replayed; once the assistant is done, that it is not typing.
      await signal({ kind: 'stream', text: '' });
      await sleep(200);
      expect(await joinAndListen(gatewayB)).toEqual([
        ['typing-status', { roomId, isTyping: true, agent: true }],
      ]);
      await signal({ kind: 'typing', isTyping: false });
      await sleep(200);
      expect(await joinAndListen(gatewayA)).toEqual([
        ['typing-status', { roomId, isTyping: false, agent: true }],
      ]);
    } finally {
      await nc.close();
    }
  }, 30_000);

  it('team activity broadcasts team-member-active on the presence channel, not to visitors', async () => {
    const visitor = await newVisitor(gatewayA);
    const { roomId } = await visitorSays(visitor, 'presence test');
    const watcher = await socket(gatewayA, owner.accessToken);
    const actor = await socket(gatewayB, owner.accessToken);
    const seen = recordAll(watcher);
    expect(await subscribe(watcher, `${roomId}-presence`)).toMatchObject({ ok: true });
    expect(await subscribe(actor, roomId)).toMatchObject({ ok: true });
    expect(await actor.emitWithAck('team-activity', { roomId })).toEqual({ ok: true });
    await eventually(() => seen.some((r) => r.event === 'team-member-active'), 'team-member-active');
    expect(seen.find((r) => r.event === 'team-member-active')!.envelope).toMatchObject({
      channel: `${roomId}-presence`,
      cursor: null,
      data: { roomId, memberId: owner.user.id, memberName: owner.user.fullname },
    });
    // The REST route does the same.
    expect((await owner.client.post(`/api/conversations/${roomId}/team-activity`)).status).toBe(204);
    await eventually(
      () => seen.filter((r) => r.event === 'team-member-active').length === 2,
      'the second activity',
    );

    const visitorSocket = await socket(gatewayA, visitor.token);
    expect(await visitorSocket.emitWithAck('team-activity', { roomId })).toEqual({
      ok: false,
      error: 'forbidden',
    });
  });
});

describe('who may join what', () => {
  it('refuses unknown channels, and visitors on chat-global and presence', async () => {
    const visitor = await newVisitor(gatewayA);
    const { roomId } = await visitorSays(visitor, 'hello');
    const visitorSocket = await socket(gatewayA, visitor.token);
    const ownerSocket = await socket(gatewayA, owner.accessToken);
    for (const channel of ['', 'room:x:team', 'a.b', `user-${owner.user.id}`.replace('-', ' ')])
      expect(await subscribe(ownerSocket, channel)).toEqual({ ok: false, error: 'invalid' });
    expect(await subscribe(visitorSocket, 'chat-global')).toEqual({ ok: false, error: 'forbidden' });
    expect(await subscribe(visitorSocket, `${roomId}-presence`)).toEqual({ ok: false, error: 'forbidden' });
    expect(await subscribe(visitorSocket, `${roomId}-mode`)).toMatchObject({ ok: true });
  });

  it('a visitor cannot join another visitor s room, nor one of another domain', async () => {
    const other = await signedIn();
    const otherDomain = await addDomain(other);
    const theirs = await newVisitor(gatewayA, otherDomain);
    const { roomId: otherRoom } = await visitorSays(theirs, 'a message on the other domain');
    const sameDomainVisitor = await newVisitor(gatewayA);
    const { roomId: sameDomainRoom } = await visitorSays(sameDomainVisitor, 'mine');

    const visitor = await newVisitor(gatewayB);
    await visitorSays(visitor, 'my own room');
    const s = await socket(gatewayB, visitor.token);
    for (const channel of [otherRoom, `${otherRoom}-mode`, sameDomainRoom, `${sameDomainRoom}-mode`])
      expect(await subscribe(s, channel)).toEqual({ ok: false, error: 'forbidden' });

    // Nor may the other account's owner join this account's rooms.
    const otherOwnerSocket = await socket(gatewayA, other.accessToken);
    expect(await subscribe(otherOwnerSocket, sameDomainRoom)).toEqual({ ok: false, error: 'forbidden' });
  });

  it('an agent joins only rooms shared with them, and leaves them when unshared', async () => {
    // Invite, accept: a real AGENT of the owner's account.
    const email = uniqueEmail('agent');
    const invited = await owner.client.post('/api/team/invites', { email });
    if (invited.status !== 201) throw new Error(`invite: ${invited.status} ${JSON.stringify(invited.body)}`);
    const token = await stack.teamInviteToken((invited.body as { data: { id: string } }).data.id);
    const agentClient = stack.client({ gateway: gatewayA });
    const accepted = await agentClient.post('/api/team/invites/accept', {
      token,
      fullname: 'Agent Smith',
      password: 'Secret_pass-1',
      confirmPassword: 'Secret_pass-1',
    });
    if (accepted.status !== 200)
      throw new Error(`accept: ${accepted.status} ${JSON.stringify(accepted.body)}`);
    const agent = accepted.body as { accessToken: string; user: { id: string } };

    const visitor = await newVisitor(gatewayA);
    const { roomId } = await visitorSays(visitor, 'for the agent?');
    const agentSocket = await socket(gatewayB, agent.accessToken);
    const seen = recordAll(agentSocket);
    for (const channel of [roomId, `${roomId}-mode`, `${roomId}-presence`])
      expect(await subscribe(agentSocket, channel)).toEqual({ ok: false, error: 'forbidden' });
    // chat-global is the agent's own: it carries nothing of rooms not shared with them.
    expect(await subscribe(agentSocket, 'chat-global')).toMatchObject({ ok: true });
    await visitorSays(visitor, 'not for the agent yet');

    const shared = await owner.client.post(`/api/conversations/${roomId}/share`, { memberId: agent.user.id });
    expect(shared.status).toBe(200);
    await eventually(() => seen.some((r) => r.event === 'share-status-changed'), 'share-status-changed');
    expect(seen.find((r) => r.event === 'share-status-changed')!.envelope.data).toEqual({
      roomId,
      memberId: agent.user.id,
      shared: true,
    });
    expect(await subscribe(agentSocket, roomId)).toMatchObject({ ok: true });
    await visitorSays(visitor, 'now the agent sees this');
    await eventually(
      () => chatContents(seen, roomId).includes('now the agent sees this'),
      'the shared room s message',
    );
    expect(seen.filter((r) => r.event === 'customer-message')).toHaveLength(1);

    const unshared = await owner.client.request(
      'DELETE',
      `/api/conversations/${roomId}/share/${agent.user.id}`,
    );
    expect(unshared.status).toBe(200);
    await eventually(
      () => seen.filter((r) => r.event === 'share-status-changed').length === 2,
      'the unshare notice',
    );
    await sleep(300); // the relay makes the agent's sockets leave right after emitting the notice
    await visitorSays(visitor, 'after the unshare');
    await teamSays(owner, roomId, 'reply after the unshare');
    await sleep(1000);
    expect(chatContents(seen, roomId)).toEqual(['now the agent sees this']);
  }, 60_000);
});

describe('visitor messages over the widget socket', () => {
  const sendOnSocket = (s: Socket, body: unknown): Promise<VisitorMessageAck> =>
    s.timeout(10_000).emitWithAck('visitor-message', body);

  it('answers as the POST does, reaches the owner, and a repeated client id posts once', async () => {
    const visitor = await newVisitor(gatewayA);
    const { roomId } = await visitorSays(visitor, 'first, over HTTP');
    const visitorSocket = await socket(gatewayA, visitor.token);
    const ownerSocket = await socket(gatewayB, owner.accessToken);
    const seenByOwner = recordAll(ownerSocket);
    expect(await subscribe(ownerSocket, roomId)).toMatchObject({ ok: true });

    const clientId = randomUUID();
    const ack = await sendOnSocket(visitorSocket, { content: '  then over the socket  ', clientId });
    expect(ack).toMatchObject({
      ok: true,
      data: {
        roomId,
        message: { role: 'user', content: 'then over the socket', clientId, isNote: false },
        assistantAnswers: true,
      },
    });
    const again = await sendOnSocket(visitorSocket, { content: 'then over the socket', clientId });
    expect(again.ok && again.data.message.id).toBe(ack.ok && ack.data.message.id);

    await eventually(
      () => chatContents(seenByOwner, roomId).includes('then over the socket'),
      'the socket message on the owner socket',
    );
    const chat = await visitor.client.get('/api/widget/chat');
    const contents = (chat.body as { data: { messages: ChatMessage[] } }).data.messages.map((m) => m.content);
    expect(contents).toEqual(['first, over HTTP', 'then over the socket']);
  });

  it('leaves the socket a message came in on out of its echo; the visitor s other tabs and the team get it', async () => {
    const visitor = await newVisitor(gatewayA);
    const { roomId } = await visitorSays(visitor, 'first, over HTTP');
    // Two tabs on two replicas: whichever replica relays a message, the other delivers it from
    // the announcement, and both must leave its sender out.
    const tabA = await socket(gatewayA, visitor.token);
    const tabB = await socket(gatewayB, visitor.token);
    const ownerSocket = await socket(gatewayB, owner.accessToken);
    const seenByA = recordAll(tabA);
    const seenByB = recordAll(tabB);
    const seenByOwner = recordAll(ownerSocket);
    for (const s of [tabA, tabB, ownerSocket]) expect(await subscribe(s, roomId)).toMatchObject({ ok: true });

    const fromA = await sendOnSocket(tabA, { content: 'from tab A', clientId: randomUUID() });
    const fromB = await sendOnSocket(tabB, { content: 'from tab B', clientId: randomUUID() });
    expect(fromA).toMatchObject({ ok: true, data: { message: { content: 'from tab A' } } });
    expect(fromB).toMatchObject({ ok: true, data: { message: { content: 'from tab B' } } });
    // An HTTP post has no socket of origin: every socket gets its echo.
    await visitorSays(visitor, 'over HTTP again');
    await teamSays(owner, roomId, 'the team replies');
    for (const seen of [seenByA, seenByB, seenByOwner])
      await eventually(
        () => chatContents(seen, roomId).includes('the team replies'),
        'the reply on every socket',
      );
    await sleep(300); // the replicas relay in no common order: anything still on its way arrives

    expect(new Set(chatContents(seenByA, roomId))).toEqual(
      new Set(['from tab B', 'over HTTP again', 'the team replies']),
    );
    expect(new Set(chatContents(seenByB, roomId))).toEqual(
      new Set(['from tab A', 'over HTTP again', 'the team replies']),
    );
    expect(new Set(chatContents(seenByOwner, roomId))).toEqual(
      new Set(['from tab A', 'from tab B', 'over HTTP again', 'the team replies']),
    );
    const echoOfA = seenByB.find((r) => (r.envelope.data as ChatMessage).content === 'from tab A')!;
    expect(echoOfA.envelope.cursor).toMatch(/^\d+-\d+$/);
    expect((echoOfA.envelope.data as ChatMessage).id).toBe(fromA.ok && fromA.data.message.id);
  });

  it('refuses what the POST refuses, with its status and error body', async () => {
    const visitor = await newVisitor(gatewayA);
    const visitorSocket = await socket(gatewayA, visitor.token);
    const viaHttp = await visitor.client.post('/api/widget/messages', { content: '   ' });
    const viaSocket = await sendOnSocket(visitorSocket, { content: '   ' });
    expect(viaHttp.status).toBe(400);
    expect(viaSocket).toEqual({ ok: false, status: 400, error: (viaHttp.body as { error: unknown }).error });
    expect(await sendOnSocket(visitorSocket, 'not an object')).toMatchObject({
      ok: false,
      status: 400,
      error: { code: 'VALIDATION' },
    });

    // A team member's socket is not a visitor's.
    const ownerSocket = await socket(gatewayA, owner.accessToken);
    expect(await sendOnSocket(ownerSocket, { content: 'hello' })).toMatchObject({
      ok: false,
      status: 401,
    });
  });
});
