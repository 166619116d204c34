import { createHash, randomUUID } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import {
  agentOf,
  eventually,
  ownerWithDomain,
  startConversationsWorld,
  visitorOf,
  type ConversationsWorld,
  type SignedInOwner,
} from './support/conversations';
import { GatewayClient } from './support/http-client';
import { openSocket, subscribe } from './support/sockets';

let world: ConversationsWorld;
let owner: SignedInOwner;

beforeAll(async () => {
  world = await startConversationsWorld();
  owner = await ownerWithDomain(world);
}, 180_000);

afterAll(async () => {
  await world?.dispose();
});

/** YYYY-MM-DD `days` from today (UTC). */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const createProduct = async (over: Record<string, unknown> = {}) => {
  const res = await owner.client.post('/api/products', {
    domainId: owner.domainId,
    name: 'Ceramic mug',
    price: 20,
    hasDiscount: true,
    discount: 25,
    productUrl: 'https://shop.example.com/mug',
    productType: 'Kitchen',
    description: 'A hand-thrown mug',
    ...over,
  });
  expect(res.status).toBe(201);
  return res.body.data as { id: string };
};

describe('widget sessions', () => {
  it('registers a new visitor with a key and a token, resumes them with the key, and a stale key starts anew', async () => {
    const { session } = await visitorOf(world, owner.domainId);
    expect(session).toMatchObject({
      domainId: owner.domainId,
      roomId: null,
      email: null,
      customerId: expect.any(String),
      visitorKey: expect.any(String),
      token: expect.any(String),
    });
    const lifetime = Date.parse(session.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(2 * 60 * 60 * 1000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(2 * 60 * 60 * 1000);

    const again = await visitorOf(world, owner.domainId, session.visitorKey);
    expect(again.session).toMatchObject({ customerId: session.customerId, visitorKey: session.visitorKey });
    expect(again.session.token).not.toBe('');

    const fresh = await visitorOf(world, owner.domainId, 'x'.repeat(43));
    expect(fresh.session.customerId).not.toBe(session.customerId);
  });

  it('answers 404 DOMAIN_NOT_FOUND for an unknown domain and 400 without one', async () => {
    const client = world.stack.client({ gateway: world.gateway });
    const unknown = await client.post('/api/widget/session', { domainId: randomUUID() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('DOMAIN_NOT_FOUND');
    const missing = await client.post('/api/widget/session', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'VALIDATION', message: 'A domain id is required' });
  });

  it('limits new sessions per client IP', async () => {
    const client = world.stack.client({ gateway: world.gateway });
    let last = 0;
    for (let i = 0; i < 61; i += 1) {
      last = (await client.post('/api/widget/session', { domainId: owner.domainId })).status;
      if (last === 429) break;
    }
    expect(last).toBe(429);
    // Another visitor (another IP) is not affected.
    await visitorOf(world, owner.domainId);
  });

  it('works from the widget iframe (the gateway’s own origin) even when the browser also holds a dashboard session', async () => {
    const client = new GatewayClient(world.gateway.url, { origin: world.gateway.url });
    for (const [name, cookie] of owner.client.cookies) client.cookies.set(name, cookie);
    const res = await client.post('/api/widget/session', { domainId: owner.domainId });
    expect(res.status).toBe(200);
    client.bearer = res.body.data.token;
    const posted = await client.post('/api/widget/messages', { content: 'From the iframe' });
    expect(posted.status).toBe(201);
    // The same cookie-carrying write to a dashboard route from that origin is still refused.
    client.bearer = undefined;
    const dashboardWrite = await client.post('/api/notifications/mark-all-read');
    expect(dashboardWrite.status).toBe(403);
    expect(dashboardWrite.body.error.code).toBe('ORIGIN_NOT_ALLOWED');
  });
});

describe('public widget reads', () => {
  it('shows the domain’s widget settings and home settings, never the bot configuration', async () => {
    await owner.client.request('PATCH', `/api/domains/${owner.domainId}/settings`, {
      json: { welcomeMessage: 'Welcome to the mug shop' },
    });
    const saved = await owner.client.post(`/api/domains/${owner.domainId}/config`, {
      personality: 'friendly',
      tone: 'casual',
      industry: 'retail',
      responseStyle: 'concise',
      handoff: 'quick',
    });
    expect(saved.status).toBe(200);
    const anyone = world.stack.client({ gateway: world.gateway });
    const res = await anyone.get(`/api/widget/domains/${owner.domainId}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      domainId: owner.domainId,
      domain: expect.stringContaining('.example.com'),
      // A new domain prices in USD until the owner picks a currency; the widget reads it here.
      settings: { welcomeMessage: 'Welcome to the mug shop', iconStyle: expect.any(String), currency: 'USD' },
      homeSettings: { homeLayout: expect.any(String) },
    });
    expect(Object.keys(res.body.data).sort()).toEqual([
      'businessHours',
      'domain',
      'domainId',
      'homeSettings',
      'settings',
    ]);
    // Issue 17: only whether the team is in and the owner's note, never the schedule itself.
    expect(Object.keys(res.body.data.businessHours).sort()).toEqual(['enabled', 'offlineMessage', 'open']);
    const badCurrency = await owner.client.request('PATCH', `/api/domains/${owner.domainId}/settings`, {
      json: { currency: 'XYZ' },
    });
    expect(badCurrency.status).toBe(400);
    expect(JSON.stringify(badCurrency.body)).toContain('Please choose a currency');
    expect(JSON.stringify(res.body)).not.toContain('concise');
    const missing = await anyone.get(`/api/widget/domains/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('DOMAIN_NOT_FOUND');
  });

  it('lists published articles pinned first, products with prices and discounts, and appointment types', async () => {
    const article = (title: string, over: Record<string, unknown> = {}) =>
      owner.client.post('/api/help-articles', {
        domainId: owner.domainId,
        title,
        question: `${title}?`,
        answer: 'Yes',
        ...over,
      });
    await article('Shipping');
    await article('Draft', { isPublished: false });
    await article('Returns', { isPinned: true });
    const mug = await createProduct();
    const type = await owner.client.post('/api/appointment-types', {
      domainId: owner.domainId,
      name: 'Pottery class',
      price: 45,
      appointmentType: 'Workshop',
    });
    const anyone = world.stack.client({ gateway: world.gateway });

    const articles = await anyone.get(`/api/widget/domains/${owner.domainId}/articles`);
    expect(articles.body.data.map((a: { title: string }) => a.title)).toEqual(['Returns', 'Shipping']);
    expect(articles.body.data[0]).not.toHaveProperty('isPublished');

    const products = await anyone.get(`/api/widget/domains/${owner.domainId}/products`);
    expect(products.body.data).toContainEqual(
      expect.objectContaining({
        id: mug.id,
        name: 'Ceramic mug',
        price: 20,
        hasDiscount: true,
        discount: 25,
        discountedPrice: 15,
        productUrl: 'https://shop.example.com/mug',
        image: null,
        images: [],
        variants: [],
      }),
    );

    const types = await anyone.get(`/api/widget/domains/${owner.domainId}/appointment-types`);
    expect(types.body.data).toEqual([
      { id: type.body.data.id, name: 'Pottery class', price: 45, appointmentType: 'Workshop', image: null },
    ]);
  });

  it('checks the taken-slots date', async () => {
    const anyone = world.stack.client({ gateway: world.gateway });
    for (const date of [undefined, '2030-02-30', 'tomorrow']) {
      const res = await anyone.get(
        `/api/widget/domains/${owner.domainId}/taken-slots${date ? `?date=${date}` : ''}`,
      );
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Choose a date (YYYY-MM-DD)');
    }
    const ok = await anyone.get(`/api/widget/domains/${owner.domainId}/taken-slots?date=${dayFromNow(3)}`);
    expect(ok.body).toEqual({ data: [] });
  });
});

describe('a visitor’s chat', () => {
  it('posts, reads its chat without the team’s notes, and sees a reply’s product cards', async () => {
    const { client, session } = await visitorOf(world, owner.domainId);
    const empty = await client.get('/api/widget/chat');
    expect(empty.body).toEqual({ data: { room: null, messages: [] } });

    const clientId = randomUUID();
    const posted = await client.post('/api/widget/messages', {
      content: '  Do you ship abroad?  ',
      clientId,
    });
    expect(posted.status).toBe(201);
    const { roomId, message } = posted.body.data;
    expect(message).toMatchObject({
      role: 'user',
      content: 'Do you ship abroad?',
      clientId,
      isNote: false,
      noteType: null,
      teamMemberId: null,
      link: null,
      products: [],
    });
    const retried = await client.post('/api/widget/messages', { content: 'Do you ship abroad?', clientId });
    expect(retried.body.data.message.id).toBe(message.id);

    const mug = await createProduct({ name: 'Travel mug' });
    const reply = await owner.client.post(`/api/conversations/${roomId}/messages`, {
      content: 'We do! Try this one',
      productIds: [mug.id, randomUUID()],
    });
    expect(reply.status).toBe(201);
    const note = await owner.client.post(`/api/conversations/${roomId}/messages`, {
      content: 'Customer seems keen',
      isNote: true,
    });
    expect(note.status).toBe(201);

    let chat = await client.get('/api/widget/chat');
    await eventually(async () => {
      chat = await client.get('/api/widget/chat');
      expect(chat.body.data.messages).toHaveLength(2);
    });
    expect(chat.status).toBe(200);
    expect(chat.headers.get('cache-control')).toBe('no-store');
    expect(chat.body.data.room).toEqual({ id: roomId, live: false });
    expect(chat.body.data.messages.map((m: { content: string }) => m.content)).toEqual([
      'Do you ship abroad?',
      'We do! Try this one',
    ]);
    expect(JSON.stringify(chat.body)).not.toContain('Customer seems keen');
    expect(chat.body.data.messages[1]).toMatchObject({
      role: 'assistant',
      teamMemberId: owner.user.id,
      teamMemberName: owner.user.fullname,
      products: [
        {
          id: mug.id,
          name: 'Travel mug',
          image: null,
          price: 20,
          hasDiscount: true,
          discountedPrice: 15,
          productUrl: 'https://shop.example.com/mug',
        },
      ],
    });
    const resumed = await visitorOf(world, owner.domainId, session.visitorKey);
    expect(resumed.session.roomId).toBe(roomId);

    expect((await client.post('/api/widget/seen')).status).toBe(204);
  });

  it('refuses an empty message, one of only a script tag, and one that is too long, with the spec’s texts', async () => {
    const { client } = await visitorOf(world, owner.domainId);
    for (const [content, text] of [
      ['   ', 'Empty message'],
      [undefined, 'Empty message'],
      ['<script>alert(1)</script>', 'Empty message'],
      ['x'.repeat(4001), 'Message is too long'],
    ] as const) {
      const res = await client.post('/api/widget/messages', content === undefined ? {} : { content });
      expect([content?.slice(0, 20), res.status, res.body.error.message]).toEqual([
        content?.slice(0, 20),
        400,
        text,
      ]);
    }
  });

  it('continues as the existing customer when the visitor gives a known email, with a new token', async () => {
    const email = `visitor.${randomUUID().slice(0, 8)}@example.com`;
    const first = await visitorOf(world, owner.domainId);
    await first.client.post('/api/widget/messages', { content: 'First visit' });
    const named = await first.client.post('/api/widget/email', { email });
    expect(named.status).toBe(200);
    expect(named.body.data).toMatchObject({ customerId: first.session.customerId, email });

    const second = await visitorOf(world, owner.domainId);
    // The second visitor is still named by their own id: another id would tell them the email is known.
    const merged = await second.client.post('/api/widget/email', { email: email.toUpperCase() });
    expect(merged.status).toBe(200);
    expect(merged.body.data).toMatchObject({ customerId: second.session.customerId, email });
    expect(merged.body.data.token).not.toBe(second.session.token);
    // The token names the new key by its hash, never the key itself.
    const claims = decodeJwt(merged.body.data.token);
    expect(claims.vk).toBe(createHash('sha256').update(merged.body.data.visitorKey).digest('hex'));
    expect(JSON.stringify(claims)).not.toContain(merged.body.data.visitorKey);

    const bad = await second.client.post('/api/widget/email', { email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Incorrect email format');
  });

  it('never shows a visitor who types a known email that customer’s chats from another browser', async () => {
    const email = `alice.${randomUUID().slice(0, 8)}@x.example`;
    // Browser A chats, then gives its email.
    const a = await visitorOf(world, owner.domainId);
    const aPost = await a.client.post('/api/widget/messages', { content: 'A: my card ends 4242' });
    expect(aPost.status).toBe(201);
    const aRoom = aPost.body.data.roomId as string;
    const aNamed = await a.client.post('/api/widget/email', { email });
    a.client.bearer = aNamed.body.data.token;

    // Browser B (its own key) types the same email: it becomes the same customer for the owner...
    const b = await visitorOf(world, owner.domainId);
    const bNamed = await b.client.post('/api/widget/email', { email });
    expect(bNamed.status).toBe(200);
    expect(bNamed.body.data).toMatchObject({ customerId: b.session.customerId, roomId: null });
    b.client.bearer = bNamed.body.data.token;

    // ...but sees nothing of A's: not in its chat (old token or new), not over the socket.
    for (const token of [b.session.token, bNamed.body.data.token]) {
      b.client.bearer = token;
      const chat = await b.client.get('/api/widget/chat');
      expect(chat.status).toBe(200);
      expect(chat.body.data).toEqual({ room: null, messages: [] });
    }
    const bSocket = await openSocket(world.gateway.url, bNamed.body.data.token);
    try {
      for (const channel of [aRoom, `${aRoom}-mode`]) {
        expect(await subscribe(bSocket, channel)).toEqual({ ok: false, error: 'forbidden' });
      }
      // No dashboard route reads A's room with a visitor token.
      expect((await b.client.get(`/api/conversations/${aRoom}/messages`)).status).toBe(401);

      // B's message opens B's own room (never lands in A's); B may join that one only.
      const bPost = await b.client.post('/api/widget/messages', { content: 'B: hello' });
      expect(bPost.status).toBe(201);
      const bRoom = bPost.body.data.roomId as string;
      expect(bRoom).not.toBe(aRoom);
      const bChat = await b.client.get('/api/widget/chat');
      expect(bChat.body.data.room.id).toBe(bRoom);
      expect(bChat.body.data.messages.map((m: { content: string }) => m.content)).toEqual(['B: hello']);
      expect(await subscribe(bSocket, bRoom)).toMatchObject({ ok: true });
      expect(await subscribe(bSocket, aRoom)).toEqual({ ok: false, error: 'forbidden' });

      // A keeps its own room, without B's message.
      const aChat = await a.client.get('/api/widget/chat');
      expect(aChat.body.data.room.id).toBe(aRoom);
      expect(aChat.body.data.messages.map((m: { content: string }) => m.content)).toEqual([
        'A: my card ends 4242',
      ]);

      // The owner sees one customer, the email, with both rooms.
      await eventually(async () => {
        const list = await owner.client.get(`/api/conversations?domainId=${owner.domainId}`);
        const rows = (
          list.body.data as Array<{ id: string; customerId: string; customerEmail: string }>
        ).filter((r) => r.id === aRoom || r.id === bRoom);
        expect(rows).toHaveLength(2);
        for (const row of rows) {
          expect(row).toMatchObject({ customerId: a.session.customerId, customerEmail: email });
        }
      });
    } finally {
      bSocket.close();
    }
  });

  it('asks the domain’s questions without the owner’s answers and keeps the visitor’s', async () => {
    const add = (question: string, answer: string) =>
      owner.client.post('/api/settings/filter-questions', { domainId: owner.domainId, question, answer });
    const size = (await add('Which size?', 'We stock S to XL')).body.data;
    const colour = (await add('Which colour?', 'Blue or sand')).body.data;
    const { client } = await visitorOf(world, owner.domainId);

    const before = await client.get('/api/widget/questions');
    expect(before.body.data).toEqual(
      expect.arrayContaining([
        { id: size.id, question: 'Which size?', answered: false, answer: null },
        { id: colour.id, question: 'Which colour?', answered: false, answer: null },
      ]),
    );
    expect(JSON.stringify(before.body)).not.toContain('We stock');

    const saved = await client.post('/api/widget/answers', {
      answers: [{ questionId: size.id, answer: 'M' }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toContainEqual({
      id: size.id,
      question: 'Which size?',
      answered: true,
      answer: 'M',
    });
    const after = await client.get('/api/widget/questions');
    expect(after.body.data).toContainEqual({
      id: colour.id,
      question: 'Which colour?',
      answered: false,
      answer: null,
    });

    const unknown = await client.post('/api/widget/answers', {
      answers: [{ questionId: randomUUID(), answer: 'x' }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields[0].field).toBe('answers.0.questionId');
    const blank = await client.post('/api/widget/answers', {
      answers: [{ questionId: size.id, answer: ' ' }],
    });
    expect(blank.body.error.message).toBe('Answer is required');
    const none = await client.post('/api/widget/answers', { answers: [] });
    expect(none.body.error.message).toBe('Answer at least one question');
  });

  it('books a slot once: a second booking of it is 409 SLOT_TAKEN, and the slot shows as taken', async () => {
    const date = dayFromNow(10);
    const first = await visitorOf(world, owner.domainId);
    const booked = await first.client.post('/api/widget/bookings', {
      date,
      slot: '10:00am',
      email: 'booker@example.com',
    });
    expect(booked.status).toBe(200);
    expect(booked.body.data).toMatchObject({
      customerId: first.session.customerId,
      domainId: owner.domainId,
      appointmentTypeId: null,
      appointmentName: 'Discovery Call',
      date,
      slot: '10:00am',
      email: 'booker@example.com',
      name: 'Guest',
    });

    const second = await visitorOf(world, owner.domainId);
    const again = await second.client.post('/api/widget/bookings', {
      date,
      slot: '10:00am',
      email: 'other@example.com',
      name: 'Other',
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'SLOT_TAKEN',
      message: 'This time slot is already booked',
    });

    const taken = await second.client.get(`/api/widget/domains/${owner.domainId}/taken-slots?date=${date}`);
    expect(taken.body.data).toEqual(['10:00am']);

    const type = await owner.client.post('/api/appointment-types', {
      domainId: owner.domainId,
      name: 'Fitting',
      price: 10,
      appointmentType: 'In store',
    });
    const typed = await second.client.post('/api/widget/bookings', {
      appointmentTypeId: type.body.data.id,
      date,
      slot: '11:00am',
      email: 'other@example.com',
      name: 'Other',
    });
    expect(typed.body.data).toMatchObject({
      appointmentTypeId: type.body.data.id,
      appointmentName: 'Fitting',
    });
    const unknownType = await second.client.post('/api/widget/bookings', {
      appointmentTypeId: randomUUID(),
      date,
      slot: '1:00pm',
      email: 'other@example.com',
    });
    expect(unknownType.status).toBe(404);

    for (const [body, message] of [
      [{ date, slot: '9:30am', email: 'a@example.com' }, 'Choose one of the offered time slots'],
      [{ date: '2030-13-01', slot: '9:00am', email: 'a@example.com' }, 'Choose a date (YYYY-MM-DD)'],
      [{ date, slot: '9:00am', email: 'nope' }, 'Incorrect email format'],
    ] as const) {
      const res = await second.client.post('/api/widget/bookings', body);
      expect([res.status, res.body.error.message]).toEqual([400, message]);
    }
    const past = await second.client.post('/api/widget/bookings', {
      date: dayFromNow(-2),
      slot: '9:00am',
      email: 'a@example.com',
    });
    expect(past.status).toBe(400);
  });

  it('records feedback on a published article of the domain only', async () => {
    const { client } = await visitorOf(world, owner.domainId);
    const article = await owner.client.post('/api/help-articles', {
      domainId: owner.domainId,
      title: 'Care',
      question: 'Dishwasher?',
      answer: 'Yes',
    });
    const ok = await client.post('/api/widget/feedback', { articleId: article.body.data.id, helpful: true });
    expect(ok.status).toBe(204);
    const unknown = await client.post('/api/widget/feedback', { articleId: randomUUID(), helpful: false });
    expect(unknown.status).toBe(404);
    const bad = await client.post('/api/widget/feedback', {
      articleId: article.body.data.id,
      helpful: 'yes',
    });
    expect(bad.body.error.message).toBe('helpful must be true or false');
  });
});

describe('who may use the visitor routes', () => {
  it('refuses a request without a token, a dashboard token, a forged and a tampered visitor token', async () => {
    const anyone = world.stack.client({ gateway: world.gateway });
    expect((await anyone.get('/api/widget/chat')).status).toBe(401);
    expect((await anyone.post('/api/widget/messages', { content: '' })).status).toBe(401);
    expect((await anyone.get('/api/widget/nothing-here')).status).toBe(404);

    // The owner's own access token as bearer: it is not a visitor token.
    const dashboard = world.stack.client({ gateway: world.gateway });
    dashboard.bearer = owner.client.cookie('parley_at')!.value;
    expect((await dashboard.get('/api/user/me')).status).toBe(200);
    expect((await dashboard.get('/api/widget/chat')).status).toBe(401);
    expect((await dashboard.post('/api/widget/messages', { content: 'hi' })).status).toBe(401);

    const { session } = await visitorOf(world, owner.domainId);
    const forged = await new SignJWT({ dom: owner.domainId, acct: owner.user.accountId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(session.customerId)
      .setAudience('parley-widget')
      .setIssuer('parley-gateway')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-guessed-secret-that-is-32-chars-long'));
    const [header, , signature] = session.token.split('.');
    const payload = Buffer.from(
      JSON.stringify({ sub: session.customerId, dom: randomUUID(), acct: owner.user.accountId, exp: 4e9 }),
    ).toString('base64url');
    for (const token of [forged, `${header}.${payload}.${signature}`]) {
      anyone.bearer = token;
      expect((await anyone.get('/api/widget/chat')).status).toBe(401);
    }
  });

  it('a visitor token opens no dashboard route and never another domain’s chat', async () => {
    const other = await ownerWithDomain(world);
    const theirs = await visitorOf(world, other.domainId);
    await theirs.client.post('/api/widget/messages', { content: 'Private to the other shop' });

    const { client } = await visitorOf(world, owner.domainId);
    for (const [method, path] of [
      ['GET', '/api/conversations'],
      ['GET', '/api/user/me'],
      ['GET', `/api/conversations/${theirs.session.customerId}/messages`],
      ['GET', '/api/bookings'],
      ['GET', '/api/domains'],
    ] as const) {
      expect([path, (await client.request(method, path)).status]).toEqual([path, 401]);
    }
    const mine = await client.get('/api/widget/chat');
    expect(mine.body.data).toEqual({ room: null, messages: [] });

    // An agent's dashboard token is no visitor token either.
    const agent = await agentOf(world, owner.user);
    const asAgent = world.stack.client({ gateway: world.gateway });
    asAgent.bearer = agent.client.cookie('parley_at')!.value;
    expect((await asAgent.get('/api/widget/chat')).status).toBe(401);
  });
});
