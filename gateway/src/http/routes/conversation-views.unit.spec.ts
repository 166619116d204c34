import type { ContentItem } from '../../clients/content-client';
import type { ChatMessage__Output, Room__Output } from '../../clients/conversations-client';
import { chatMessageView, ownerMessageView, productCard, roomSummaryView } from './conversation-views';

const wire = (over: Partial<ChatMessage__Output> = {}): ChatMessage__Output => ({
  id: 'm1',
  role: 'assistant',
  content: 'Try these',
  createdAt: '2030-01-01T10:00:00.000Z',
  teamMemberId: '',
  teamMemberName: '',
  isNote: false,
  noteType: '',
  link: '',
  productIds: [],
  checkoutProductId: '',
  seen: false,
  clientId: '',
  decisionJson: '',
  offline: false,
  ...over,
});

const product = (id: string, body: Record<string, unknown>): ContentItem => ({
  id,
  kind: 'product',
  domainId: 'd1',
  body,
  createdAt: '',
  updatedAt: '',
});

describe('conversation views', () => {
  it("gives the team the bot's decision record, and drops one that is not a JSON object", () => {
    const decision = { intent: 'question', source: { kind: 'article', id: 'a1' }, confidence: 0.82 };
    expect(ownerMessageView(wire({ decisionJson: JSON.stringify(decision) }), new Map()).decision).toEqual(
      decision,
    );
    expect(ownerMessageView(wire(), new Map())).not.toHaveProperty('decision');
    expect(ownerMessageView(wire({ decisionJson: '[1,2]' }), new Map())).not.toHaveProperty('decision');
    expect(ownerMessageView(wire({ decisionJson: '{broken' }), new Map())).not.toHaveProperty('decision');
  });

  it('turns a product into the card a message shows: first image as url, discounted price only with a discount', () => {
    expect(
      productCard(
        product('p1', {
          name: 'Mug',
          images: ['i1', 'i2'],
          price: 20,
          hasDiscount: true,
          discountedPrice: 15,
          productUrl: 'https://shop.example.com/mug',
        }),
      ),
    ).toEqual({
      id: 'p1',
      name: 'Mug',
      image: '/api/images/i1',
      price: 20,
      hasDiscount: true,
      discountedPrice: 15,
      productUrl: 'https://shop.example.com/mug',
    });
    expect(productCard(product('p2', { name: 'Cup', price: 5, discountedPrice: 5 }))).toMatchObject({
      image: null,
      hasDiscount: false,
      discountedPrice: null,
      productUrl: null,
    });
  });

  it('says null where proto leaves a string empty, and keeps only the products that still exist, in order', () => {
    const cards = new Map([
      ['p2', productCard(product('p2', { name: 'Cup', price: 5 }))],
      ['p1', productCard(product('p1', { name: 'Mug', price: 20 }))],
    ]);
    const view = chatMessageView(wire({ productIds: ['p1', 'gone', 'p2'] }), cards);
    expect(view).toMatchObject({
      teamMemberId: null,
      teamMemberName: null,
      noteType: null,
      link: null,
      clientId: null,
    });
    expect(view.products.map((p) => p.id)).toEqual(['p1', 'p2']);
  });

  it('opens the payment flow only for a product whose card was found for the domain', () => {
    const cards = new Map([['p1', productCard(product('p1', { name: 'Mug', price: 20 }))]]);
    const mine = chatMessageView(wire({ productIds: ['p1'], checkoutProductId: 'p1' }), cards);
    expect(mine).toMatchObject({ checkoutProductId: 'p1', products: [{ id: 'p1' }] });
    // Another domain's product (or one deleted since) has no card: nothing to open, nothing shown.
    const foreign = chatMessageView(wire({ productIds: ['p9'], checkoutProductId: 'p9' }), cards);
    expect(foreign).toMatchObject({ checkoutProductId: null, products: [] });
    expect(chatMessageView(wire(), cards).checkoutProductId).toBeNull();
  });

  it('names the owner-side text `message` and leaves out the team member of a bot reply', () => {
    const bot = ownerMessageView(wire(), new Map());
    expect(bot).toMatchObject({ message: 'Try these', role: 'assistant' });
    expect(bot).not.toHaveProperty('teamMemberId');
    expect(bot).not.toHaveProperty('content');
    const team = ownerMessageView(
      wire({ teamMemberId: 'u1', teamMemberName: 'Ada', isNote: true, noteType: 'transfer' }),
      new Map(),
    );
    expect(team).toMatchObject({
      teamMemberId: 'u1',
      teamMemberName: 'Ada',
      isNote: true,
      noteType: 'transfer',
    });
  });

  it('shows a room without messages with lastMessage null and without an email as null', () => {
    const room: Room__Output = {
      id: 'r1',
      domainId: 'd1',
      domain: 'shop.example.com',
      customerId: 'c1',
      customerEmail: '',
      live: false,
      mailed: false,
      sharedWith: [],
      createdAt: '',
      updatedAt: '',
      lastMessage: null,
      unread: false,
      messageCount: 0,
    };
    expect(roomSummaryView(room)).toMatchObject({ customerEmail: null, lastMessage: null });
    expect(roomSummaryView({ ...room, lastMessage: wire() }).lastMessage).toMatchObject({ id: 'm1' });
  });
});
