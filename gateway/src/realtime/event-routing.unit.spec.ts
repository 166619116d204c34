import { ConversationsEvent, type MessagePosted, type ProductCard } from '@parley/contracts';
import { routeEvent } from './event-routing';

const audience = { accountId: 'acc1', domainId: 'dom1', customerId: 'cus1', sharedWith: ['agentA'] };
const message = (over: Partial<MessagePosted> = {}): MessagePosted => ({
  roomId: 'room1',
  audience,
  messageId: 'm1',
  clientId: 'c1',
  role: 'user',
  author: 'visitor',
  content: 'Hello',
  isNote: false,
  productIds: [],
  postedAt: '2026-11-22T10:00:00.000Z',
  ...over,
});
const emissionsOf = (type: string, data: unknown, cards?: ProductCard[]) =>
  routeEvent(type, data).emissions(cards);
const where = (type: string, data: unknown) =>
  emissionsOf(type, data).map((e) => `${e.event}@${e.room}#${e.channel}`);

describe('routeEvent', () => {
  it("the list's unread flag: set by the customer, cleared by a team reply, left alone by the bot and notes", () => {
    const unreadOf = (over: Partial<MessagePosted>) => {
      const update = emissionsOf(ConversationsEvent.MessagePosted, message(over)).find(
        (e) => e.event === 'chat-list-update' || e.event === 'customer-message',
      );
      return (update!.data as { room: { unread?: boolean } }).room.unread;
    };
    expect(unreadOf({})).toBe(true);
    expect(unreadOf({ author: 'team', role: 'assistant', teamMemberId: 'u1' })).toBe(false);
    expect(unreadOf({ author: 'bot', role: 'assistant' })).toBeUndefined();
    expect(unreadOf({ author: 'system', role: 'assistant' })).toBeUndefined();
    expect(
      unreadOf({ author: 'team', role: 'assistant', isNote: true, noteType: 'internal' }),
    ).toBeUndefined();
  });

  it('a visitor message goes to both sides of the room and to the global rooms of everyone who sees it', () => {
    // customer-message carries the row's patch: no chat-list-update beside it.
    expect(where(ConversationsEvent.MessagePosted, message())).toEqual([
      'chat-message@room:room1:team#room1',
      'chat-message@room:room1:visitor#room1',
      'customer-message@acct:acc1:global#chat-global',
      'customer-message@agent:agentA:global#chat-global',
    ]);
    const customer = emissionsOf(ConversationsEvent.MessagePosted, message()).find(
      (e) => e.event === 'customer-message',
    );
    expect((customer!.data as { room: unknown }).room).toMatchObject({
      id: 'room1',
      unread: true,
      lastMessage: { id: 'm1', content: 'Hello' },
    });
    const [chat] = emissionsOf(ConversationsEvent.MessagePosted, message());
    expect(chat!.data).toEqual({
      id: 'm1',
      role: 'user',
      content: 'Hello',
      createdAt: '2026-11-22T10:00:00.000Z',
      teamMemberId: null,
      teamMemberName: null,
      isNote: false,
      noteType: null,
      link: null,
      products: [],
      checkoutProductId: null,
      seen: false,
      clientId: 'c1',
    });
  });

  it('a note never goes to the visitor side, and is not a customer message', () => {
    const rooms = emissionsOf(
      ConversationsEvent.MessagePosted,
      message({ role: 'assistant', author: 'team', isNote: true, noteType: 'internal', teamMemberId: 'u1' }),
    ).map((e) => e.room);
    expect(rooms).toContain('room:room1:team');
    expect(rooms).not.toContain('room:room1:visitor');
    expect(where(ConversationsEvent.MessagePosted, message({ author: 'team', isNote: true }))).not.toContain(
      'customer-message@acct:acc1:global#chat-global',
    );
  });

  it('a live mode change reaches the mode channel, both sides of the room and the lists', () => {
    const data = {
      roomId: 'room1',
      audience,
      live: true,
      changedBy: 'u1',
      changedAt: '2026-11-22T10:00:00.000Z',
    };
    expect(where(ConversationsEvent.LiveModeChanged, data)).toEqual([
      'mode-change@room:room1:mode#room1-mode',
      'realtime-mode@room:room1:team#room1',
      'realtime-mode@room:room1:visitor#room1',
      'chat-list-update@acct:acc1:global#chat-global',
      'chat-list-update@agent:agentA:global#chat-global',
    ]);
    expect(emissionsOf(ConversationsEvent.LiveModeChanged, data)[0]!.data).toEqual({
      roomId: 'room1',
      live: true,
    });
  });

  it('an unshare tells the owners and the agent who lost the room, and updates that agent s list', () => {
    const data = {
      roomId: 'room1',
      audience: { ...audience, sharedWith: [] },
      memberId: 'agentA',
      sharedBy: 'o',
      at: 'x',
    };
    expect(where(ConversationsEvent.RoomUnshared, data)).toEqual([
      'share-status-changed@acct:acc1:global#chat-global',
      'share-status-changed@agent:agentA:global#chat-global',
      'chat-list-update@acct:acc1:global#chat-global',
      'chat-list-update@agent:agentA:global#chat-global',
    ]);
  });

  it('a new room is announced on the lists only', () => {
    expect(where(ConversationsEvent.RoomOpened, { roomId: 'room1', audience, openedAt: 'x' })).toEqual([
      'new-conversation@acct:acc1:global#chat-global',
      'new-conversation@agent:agentA:global#chat-global',
    ]);
  });

  it('a message carries the cards of its products in its own order; a card not found is left out', () => {
    const card = (id: string) => ({
      id,
      name: id,
      image: null,
      price: 1,
      hasDiscount: false,
      discountedPrice: null,
      productUrl: null,
    });
    const [chat] = emissionsOf(
      ConversationsEvent.MessagePosted,
      message({ author: 'team', role: 'assistant', productIds: ['p2', 'gone', 'p1'] }),
      [card('p1'), card('p2')],
    );
    expect((chat!.data as { products: { id: string }[] }).products.map((p) => p.id)).toEqual(['p2', 'p1']);
  });

  it('a purchase reply opens the payment flow only for a product whose card the domain gave', () => {
    const card = {
      id: 'p1',
      name: 'Mug',
      image: null,
      price: 1,
      hasDiscount: false,
      discountedPrice: null,
      productUrl: null,
    };
    const reply = message({ author: 'bot', role: 'assistant', productIds: ['p1'], checkoutProductId: 'p1' });
    type Data = {
      checkoutProductId?: string | null;
      room?: { lastMessage: { checkoutProductId: string | null } };
    };
    const checkout = (cards: ProductCard[]) =>
      emissionsOf(ConversationsEvent.MessagePosted, reply, cards).map((e) => {
        const data = e.data as Data;
        return `${e.event}:${data.room ? data.room.lastMessage.checkoutProductId : data.checkoutProductId}`;
      });
    expect(checkout([card])).toEqual([
      'chat-message:p1',
      'chat-message:p1',
      'chat-list-update:p1',
      'chat-list-update:p1',
    ]);
    // Content gave no card for the domain (another domain's product): no side may open it.
    expect(checkout([])).toEqual([
      'chat-message:null',
      'chat-message:null',
      'chat-list-update:null',
      'chat-list-update:null',
    ]);
    expect(routeEvent(ConversationsEvent.MessagePosted, reply).products).toEqual({
      domainId: 'dom1',
      ids: ['p1'],
    });
  });

  it('ignores events it does not relay and unreadable payloads', () => {
    expect(emissionsOf(ConversationsEvent.CustomerRegistered, {})).toEqual([]);
    expect(emissionsOf(ConversationsEvent.MessagePosted, { roomId: 'room1' })).toEqual([]);
  });

  it('names the products whose cards a message needs, and the agent an unshare takes the room from', () => {
    const posted = (over: Partial<MessagePosted>) =>
      routeEvent(ConversationsEvent.MessagePosted, message(over));
    expect(posted({ productIds: ['p1', 'p2'] }).products).toEqual({ domainId: 'dom1', ids: ['p1', 'p2'] });
    expect(posted({}).products).toBeUndefined();
    expect(routeEvent(ConversationsEvent.MessagePosted, { productIds: ['p1'] }).products).toBeUndefined();
    const share = (type: string, sharedWith: string[]) =>
      routeEvent(type, {
        roomId: 'room1',
        audience: { ...audience, sharedWith },
        memberId: 'agentA',
        sharedBy: 'o',
        at: 'x',
      }).revoke;
    expect(share(ConversationsEvent.RoomUnshared, [])).toEqual({ userId: 'agentA', roomId: 'room1' });
    // Still in the audience (shared again before this event was relayed): nothing to take away.
    expect(share(ConversationsEvent.RoomUnshared, ['agentA'])).toBeUndefined();
    expect(share(ConversationsEvent.RoomShared, ['agentA'])).toBeUndefined();
    expect(routeEvent(ConversationsEvent.RoomUnshared, { memberId: 'agentA' }).revoke).toBeUndefined();
  });
});
