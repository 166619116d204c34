import { randomUUID } from 'node:crypto';
import { LIVE_SUPPORT_ENABLED_TEXT } from '@parley/contracts';
import { EventStore } from '@parley/eventstore';
import { refusal, type TestCaller } from '../test/conversations-client';
import { eventually } from '@parley/testing';
import { startHarnessWithDomain, type Harness } from '../test/harness';

/** The assistant's calls: bot replies, handoff, the owner mail marker. */
describe('conversations: service calls', () => {
  let h: Harness;
  let owner: TestCaller;
  let domainId: string;

  beforeAll(async () => {
    ({ h, owner, domainId } = await startHarnessWithDomain());
  }, 60_000);
  afterAll(() => h?.stop());

  async function room() {
    const { visitor } = await h.newVisitor(domainId);
    const posted = await h.call('PostVisitorMessage', {
      visitor,
      content: 'Where is my order?',
      clientId: 'v1',
    });
    return { roomId: posted.room.id as string, visitor, visitorMessageId: posted.message.id as string };
  }

  it('posts a bot reply once per client id, keeps its decision, and leaves it out without include_bot', async () => {
    const { roomId, visitor, visitorMessageId } = await room();
    const decision = { engine: 'rules', intent: 'order-status' };
    const reply = await h.call('PostBotMessage', {
      roomId,
      content: 'Let me check that.',
      link: 'https://shop.example.com/orders',
      productIds: ['p1'],
      clientId: visitorMessageId,
      decisionJson: JSON.stringify(decision),
    });
    expect(reply.message).toMatchObject({
      role: 'assistant',
      content: 'Let me check that.',
      teamMemberId: '',
      link: 'https://shop.example.com/orders',
      productIds: ['p1'],
      clientId: visitorMessageId,
    });
    const again = await h.call('PostBotMessage', {
      roomId,
      content: 'Let me check that.',
      clientId: visitorMessageId,
    });
    expect(again.message.id).toBe(reply.message.id);

    const store = new EventStore(h.nc, { context: 'conversations', namespace: h.namespace });
    const { events } = await store.load(store.subject('room', roomId));
    const botEvents = events.filter((e) => (e.data as { author?: string }).author === 'bot');
    expect(botEvents).toHaveLength(1);
    expect(botEvents[0]!.data).toMatchObject({
      author: 'bot',
      decision,
      audience: { accountId: owner.accountId, domainId, customerId: visitor.customerId, sharedWith: [] },
    });

    await eventually(async () => {
      const all = await h.call('GetRoomMessages', { caller: owner, roomId, includeBot: true });
      expect(all.messages.map((m: { content: string }) => m.content)).toEqual([
        'Where is my order?',
        'Let me check that.',
      ]);
      // The team sees why the bot said it; the visitor never does.
      expect(JSON.parse(all.messages[1].decisionJson)).toEqual(decision);
      expect(all.messages[0].decisionJson).toBe('');
      const human = await h.call('GetRoomMessages', { caller: owner, roomId, includeBot: false });
      expect(human.messages.map((m: { content: string }) => m.content)).toEqual(['Where is my order?']);
    });
    const visitorChat = await h.call('GetVisitorChat', { visitor });
    expect(visitorChat.messages).toHaveLength(2);
    expect(visitorChat.messages.map((m: { decisionJson: string }) => m.decisionJson)).toEqual(['', '']);

    const bad = await refusal(h.call('PostBotMessage', { roomId, content: 'x', decisionJson: '[1]' }));
    expect(bad.kind).toBe('validation');
    const missing = await refusal(h.call('PostBotMessage', { roomId: randomUUID(), content: 'x' }));
    expect(missing).toMatchObject({ kind: 'not_found', code: 'ROOM_NOT_FOUND' });
  });

  it('hands a room to the team with the reason and the live message', async () => {
    const { roomId } = await room();
    const handed = await h.call('RequestHandoff', { roomId, reason: 'asked for a human' });
    expect(handed).toMatchObject({
      id: roomId,
      live: true,
      lastMessage: { content: LIVE_SUPPORT_ENABLED_TEXT },
    });
    const store = new EventStore(h.nc, { context: 'conversations', namespace: h.namespace });
    const { events } = await store.load(store.subject('room', roomId));
    expect(events.find((e) => e.type === 'conversations.LiveModeChanged')?.data).toMatchObject({
      live: true,
      changedBy: 'assistant',
      reason: 'asked for a human',
    });
    const again = await h.call('RequestHandoff', { roomId, reason: 'again' });
    expect(again.messageCount).toBe(handed.messageCount);
  });

  it('marks a room mailed once', async () => {
    const { roomId } = await room();
    expect(await h.call('MarkRoomMailed', { roomId })).toEqual({ newlyMailed: true });
    expect(await h.call('MarkRoomMailed', { roomId })).toEqual({ newlyMailed: false });
    await eventually(async () => {
      const { room: r } = await h.call('GetRoomMessages', { caller: owner, roomId, includeBot: true });
      expect(r.mailed).toBe(true);
    });
  });
});
