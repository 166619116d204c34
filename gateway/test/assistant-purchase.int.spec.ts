import { createLogger } from '@parley/logger';
import { startStripeLocal, type StripeLocal } from '@parley/stripe-local/src/start';
import type { Socket } from 'socket.io-client';
import { refusal } from '../../services/conversations/test/conversations-client';
import { eventually, ownerWithDomain, visitorOf, type SignedInOwner } from './support/conversations';
import { startProductWorld, type ProductWorld } from './support/product';
import { openSocket, recordAll, subscribe, eventually as until, type Received } from './support/sockets';

const KEYS = {
  secret: 'sk_test_purchasetest1',
  publishable: 'pk_test_purchasetest1',
  webhook: 'whsec_purchasetest1',
};

/**
 * Issue 12: "The assistant's purchase intent opens this flow when the domain has payments on, and
 * the product card's 'Buy Now' otherwise." Every program real (the assistant answering from
 * retrieval), billing's Stripe SDK pointed at the local Stripe-compatible server: the owner's
 * payouts are connected through its onboarding page and webhook, then payments are turned on.
 * The assistant's reply reaches the widget (its chat read and its socket) carrying the product to
 * pay for, and never another domain's.
 */
let world: ProductWorld;
let local: StripeLocal;
let owner: SignedInOwner;
let other: SignedInOwner;
let mugId = '';
let teapotId = '';

const MUG_TEXT = 'Great choice! You can buy Glazed mug right here in the chat: choose your options and pay.';

interface WidgetMessage {
  id: string;
  role: string;
  content: string;
  products: Array<{ id: string; name: string }>;
  checkoutProductId: string | null;
}

const product = async (who: SignedInOwner, name: string) => {
  const res = await who.client.post('/api/products', {
    domainId: who.domainId,
    name,
    price: 20,
    productType: 'Physical',
    description: `A ${name.toLowerCase()}.`,
    variants: [{ name: 'Size', trackQuantity: false, options: [{ value: 'Small' }, { value: 'Large' }] }],
  });
  expect(res.status).toBe(201);
  return (res.body.data as { id: string }).id;
};

beforeAll(async () => {
  local = await startStripeLocal(
    {
      host: '127.0.0.1',
      httpPort: 0,
      secretKey: KEYS.secret,
      publishableKey: KEYS.publishable,
      webhookSecret: KEYS.webhook,
      webhookRetryBaseMs: 200,
      logLevel: 'silent',
    },
    createLogger('stripe-local', 'silent'),
  );
  world = await startProductWorld({
    billingEnv: {
      STRIPE_SECRET_KEY: KEYS.secret,
      STRIPE_PUBLISHABLE_KEY: KEYS.publishable,
      STRIPE_WEBHOOK_SECRET: KEYS.webhook,
      STRIPE_API_URL: local.url,
      STRIPE_JS_URL: `${local.url}/v3`,
    },
  });
  // The stack's first gateway knows no content service, and its relay shares the durable with
  // world.gateway's: a reply relayed by it would carry no product cards. The test's gateway alone.
  const [first] = world.stack.gateways;
  if (first && first !== world.gateway) await first.stop();
  local.webhooks.setUrl(`${world.gateway.url}/api/payments/webhook`);
  [owner, other] = await Promise.all([ownerWithDomain(world), ownerWithDomain(world)]);
  [mugId, teapotId] = await Promise.all([product(owner, 'Glazed mug'), product(other, 'Secret teapot')]);

  // Payouts: the onboarding link billing made, completed on the local server's page (its form
  // posts back), which announces the account with account.updated to the gateway's webhook.
  const link = await owner.client.get('/api/payments/connect');
  expect(link.status).toBe(200);
  const url = new URL((link.body.data as { url: string }).url);
  const done = await fetch(`${local.url}${url.pathname}`, {
    method: 'POST',
    body: new URLSearchParams({ return_url: 'http://localhost:3000/dashboard/settings' }),
    redirect: 'manual',
  });
  expect(done.status).toBe(303);
  await eventually(async () => {
    const status = await owner.client.get('/api/payments/connect/status');
    expect(status.body.data).toMatchObject({ chargesEnabled: true });
  }, 30_000);
  // Domains learns it from billing's event: until then turning payments on is refused.
  await eventually(async () => {
    const on = await owner.client.request('PATCH', `/api/domains/${owner.domainId}/settings`, {
      json: { paymentEnabled: true },
    });
    expect(on.status).toBe(200);
  }, 30_000);
  // Everything (the assistant's knowledge included) has read the products and the settings.
  await world.quiet();
}, 240_000);

afterAll(async () => {
  await world?.dispose();
  await local?.stop();
});

/** The visitor's chat as the widget reads it, once the assistant has answered `count` times. */
async function botReplies(client: SignedInOwner['client'], count: number): Promise<WidgetMessage[]> {
  let replies: WidgetMessage[] = [];
  await eventually(async () => {
    const chat = await client.get('/api/widget/chat');
    expect(chat.status).toBe(200);
    replies = (chat.body.data.messages as WidgetMessage[]).filter((m) => m.role === 'assistant');
    expect(replies.length).toBeGreaterThanOrEqual(count);
  }, 20_000);
  return replies;
}

const chatMessages = (received: Received[]) =>
  received.filter((r) => r.event === 'chat-message').map((r) => r.envelope.data as WidgetMessage);

describe('the assistant’s purchase reply', () => {
  let visitor: Awaited<ReturnType<typeof visitorOf>>;
  let roomId = '';
  let socket: Socket;
  let received: Received[] = [];

  afterAll(() => socket?.close());

  it('carries the product the visitor wants to buy when the domain takes payments', async () => {
    visitor = await visitorOf(world, owner.domainId);
    const posted = await visitor.client.post('/api/widget/messages', {
      content: 'I want to buy the glazed mug',
    });
    expect(posted.status).toBe(201);
    roomId = posted.body.data.roomId as string;
    const [reply] = await botReplies(visitor.client, 1);
    expect(reply).toMatchObject({
      content: MUG_TEXT,
      checkoutProductId: mugId,
      products: [{ id: mugId, name: 'Glazed mug' }],
    });

    // Over the socket too: the widget opens the payment flow from this event.
    socket = await openSocket(world.gateway.url, visitor.session.token);
    received = recordAll(socket);
    expect(await subscribe(socket, roomId)).toMatchObject({ ok: true });
    const again = await visitor.client.post('/api/widget/messages', {
      content: "I'd like to order the glazed mug please",
    });
    expect(again.status).toBe(201);
    await until(() => chatMessages(received).some((m) => m.role === 'assistant'), 'the bot reply', 20_000);
    expect(chatMessages(received).find((m) => m.role === 'assistant')).toMatchObject({
      content: MUG_TEXT,
      checkoutProductId: mugId,
      products: [{ id: mugId }],
    });
  });

  it('is a question’s answer without the payment flow: only a wish to buy opens it', async () => {
    const before = (await botReplies(visitor.client, 2)).length;
    await visitor.client.post('/api/widget/messages', { content: 'What sizes does the glazed mug come in?' });
    const replies = await botReplies(visitor.client, before + 1);
    expect(replies.slice(before).every((m) => m.checkoutProductId === null)).toBe(true);
  });

  it('never shows another domain’s product, nor opens its payment flow', async () => {
    // As the assistant posts (conversations' gRPC API): a product id of another domain.
    await world.conversations.call('postBotMessage', {
      roomId,
      content: 'Foreign product',
      productIds: [teapotId],
      checkoutProductId: teapotId,
      clientId: 'foreign-checkout',
    });
    await eventually(async () => {
      const chat = await visitor.client.get('/api/widget/chat');
      const foreign = (chat.body.data.messages as WidgetMessage[]).find(
        (m) => m.content === 'Foreign product',
      );
      expect(foreign).toMatchObject({ products: [], checkoutProductId: null });
    });
    await until(
      () => chatMessages(received).some((m) => m.content === 'Foreign product'),
      'the foreign message on the socket',
    );
    expect(chatMessages(received).find((m) => m.content === 'Foreign product')).toMatchObject({
      products: [],
      checkoutProductId: null,
    });
    // The owner's view of the room shows no card of it either.
    const owned = await owner.client.get(`/api/conversations/${roomId}/messages`);
    expect(JSON.stringify(owned.body)).not.toContain('Secret teapot');
  });

  it('is refused when the product is not one of the message’s products', async () => {
    const refused = await refusal(
      world.conversations.call('postBotMessage', {
        roomId,
        content: 'Mismatch',
        productIds: [mugId],
        checkoutProductId: teapotId,
        clientId: 'mismatch',
      }),
    );
    expect(refused).toMatchObject({ kind: 'validation' });
    expect(JSON.stringify(refused)).toContain("checkoutProductId must be one of the message's productIds");
  });

  it('shows the product card (Buy Now) instead once payments are off', async () => {
    const off = await owner.client.request('PATCH', `/api/domains/${owner.domainId}/settings`, {
      json: { paymentEnabled: false },
    });
    expect(off.status).toBe(200);
    await world.quiet();
    const fresh = await visitorOf(world, owner.domainId);
    await fresh.client.post('/api/widget/messages', { content: 'I want to buy the glazed mug' });
    const [reply] = await botReplies(fresh.client, 1);
    expect(reply).toMatchObject({ checkoutProductId: null, products: [{ id: mugId }] });
    expect(reply!.content).not.toBe(MUG_TEXT);
  });

  it('never opens the payment flow for a domain whose owner has no payouts', async () => {
    const visitorOfOther = await visitorOf(world, other.domainId);
    await visitorOfOther.client.post('/api/widget/messages', { content: 'I want to buy the secret teapot' });
    const [reply] = await botReplies(visitorOfOther.client, 1);
    expect(reply).toMatchObject({ checkoutProductId: null, products: [{ id: teapotId }] });
  });
});
