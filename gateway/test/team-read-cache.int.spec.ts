import {
  agentOf,
  ownerWithDomain,
  startConversationsWorld,
  visitorOf,
  type ConversationsWorld,
  type SignedInOwner,
} from './support/conversations';
import type { GatewayClient } from './support/http-client';

let world: ConversationsWorld;
let owner: SignedInOwner;

beforeAll(async () => {
  world = await startConversationsWorld();
  owner = await ownerWithDomain(world);
}, 180_000);

afterAll(async () => {
  await world?.dispose();
});

async function visitorWrote(domainId: string, content: string) {
  const { client } = await visitorOf(world, domainId);
  const res = await client.post('/api/widget/messages', { content });
  expect(res.status).toBe(201);
  return { roomId: res.body.data.roomId as string, visitor: client };
}

/** A product of the owner's domain offered in the room's last reply; `rename` changes its name. */
async function productOffered(roomId: string, name: string) {
  const fields = { domainId: owner.domainId, price: 12, productType: 'Kitchen', description: name };
  const product = await owner.client.post('/api/products', { ...fields, name });
  expect(product.status).toBe(201);
  const productId = product.body.data.id as string;
  const reply = await owner.client.post(`/api/conversations/${roomId}/messages`, {
    content: 'This one',
    productIds: [productId],
  });
  expect(reply.status).toBe(201);
  return {
    async rename(newName: string) {
      const renamed = await owner.client.request('PUT', `/api/products/${productId}`, {
        json: { ...fields, name: newName },
      });
      expect(renamed.status).toBe(200);
    },
  };
}

const listOf = async (client: GatewayClient, query = '') => {
  const res = await client.get(`/api/conversations${query}`);
  expect(res.status).toBe(200);
  return res;
};
const lastMessages = async (client: GatewayClient) =>
  ((await listOf(client)).body.data as Array<{ lastMessage: { content: string } | null }>).map(
    (r) => r.lastMessage?.content,
  );

/**
 * The gateway keeps the conversation list's pages and a room's messages it sent, and answers a
 * repeat from them while conversations confirms the account's rows unchanged: the same bytes,
 * headers and ETag as a fresh answer, every change shown on the very next read, no answer of one
 * caller for another.
 */
describe('the conversation list, kept between reads', () => {
  it('answers a repeat with the same body and headers, its ETag included', async () => {
    await visitorWrote(owner.domainId, 'First question');
    const first = await listOf(owner.client);
    const second = await listOf(owner.client);
    // The ETag is a hash of the exact bytes.
    expect(second.body).toEqual(first.body);
    for (const header of ['content-type', 'etag', 'cache-control', 'content-length'])
      expect([header, second.headers.get(header)]).toEqual([header, first.headers.get(header)]);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(first.headers.get('etag')).toMatch(/^W\/"/);
  });

  it('shows a change on the next read: a visitor message, a reply, a room seen', async () => {
    const { roomId } = await visitorWrote(owner.domainId, 'Second question');
    await listOf(owner.client);
    const { visitor } = await visitorWrote(owner.domainId, 'Third question');
    expect((await lastMessages(owner.client))[0]).toBe('Third question');
    expect((await visitor.post('/api/widget/messages', { content: 'Anyone?' })).status).toBe(201);
    expect((await lastMessages(owner.client))[0]).toBe('Anyone?');
    const reply = await owner.client.post(`/api/conversations/${roomId}/messages`, { content: 'Here!' });
    expect(reply.status).toBe(201);
    expect((await lastMessages(owner.client))[0]).toBe('Here!');
    const unread = async () =>
      ((await listOf(owner.client)).body.data as Array<{ id: string; unread: boolean }>).find(
        (r) => r.id === roomId,
      )?.unread;
    await visitor.post('/api/widget/messages', { content: 'Thanks' });
    expect(await unread()).toBe(false); // that visitor's room is another one
    expect((await owner.client.post(`/api/conversations/${roomId}/seen`)).status).toBe(204);
    expect(await unread()).toBe(false);
  });

  it('shares one fetch among repeats that come together, each still as new as its own moment', async () => {
    const { visitor } = await visitorWrote(owner.domainId, 'Busy day');
    let reading = true;
    // Reads in flight all along: a change lands while fetches are on their way.
    const readers = Array.from({ length: 8 }, async () => {
      while (reading) await listOf(owner.client);
    });
    try {
      for (let i = 0; i < 5; i++) {
        const content = `Burst ${i}`;
        expect((await visitor.post('/api/widget/messages', { content })).status).toBe(201);
        const firsts = await Promise.all(
          Array.from({ length: 8 }, async () => (await lastMessages(owner.client))[0]),
        );
        expect(firsts).toEqual(Array.from({ length: 8 }, () => content));
      }
    } finally {
      reading = false;
      await Promise.all(readers);
    }
  });

  it("keeps each caller's page apart: an agent sees only what is shared with them", async () => {
    const { roomId } = await visitorWrote(owner.domainId, 'For the agent');
    const agent = await agentOf(world, owner.user);
    expect((await listOf(owner.client)).body.data.length).toBeGreaterThan(1);
    expect((await listOf(agent.client)).body.data).toEqual([]);
    expect((await listOf(agent.client)).body.data).toEqual([]);
    const share = await owner.client.post(`/api/conversations/${roomId}/share`, { memberId: agent.user.id });
    expect(share.status).toBeLessThan(300);
    expect((await listOf(agent.client)).body.data.map((r: { id: string }) => r.id)).toEqual([roomId]);
    const other = await ownerWithDomain(world);
    expect((await listOf(other.client)).body.data).toEqual([]);
    // The same query string of two callers never shares a page.
    expect((await listOf(other.client, '?limit=50')).body.data).toEqual([]);
  });

  it("shows a product's new name at once: a page with product cards is not kept", async () => {
    const { roomId } = await visitorWrote(owner.domainId, 'Which mug?');
    const mug = await productOffered(roomId, 'Mug');
    const cardName = async () =>
      (
        (await listOf(owner.client)).body.data as Array<{
          id: string;
          lastMessage: { products: Array<{ name: string }> };
        }>
      ).find((r) => r.id === roomId)?.lastMessage.products[0]?.name;
    expect(await cardName()).toBe('Mug');
    expect(await cardName()).toBe('Mug');
    await mug.rename('Big mug');
    expect(await cardName()).toBe('Big mug');
  });

  it("answers a room's messages the same way: repeats alike, a change shown at once", async () => {
    const { roomId, visitor } = await visitorWrote(owner.domainId, 'About my order');
    const read = async () => {
      const res = await owner.client.get(`/api/conversations/${roomId}/messages`);
      expect(res.status).toBe(200);
      return res;
    };
    const first = await read();
    const second = await read();
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('cache-control')).toBe('no-store');
    expect((await visitor.post('/api/widget/messages', { content: 'It is late' })).status).toBe(201);
    expect((await read()).body.messages.at(-1).message).toBe('It is late');
    expect((await owner.client.post(`/api/conversations/${roomId}/live`, { live: true })).status).toBe(200);
    expect((await read()).body.live).toBe(true);
    // Another owner still gets 404 for it, kept answers or not.
    const other = await ownerWithDomain(world);
    expect((await other.client.get(`/api/conversations/${roomId}/messages`)).status).toBe(404);
  });

  it("shows a product's new name in a room's messages at once", async () => {
    const { roomId } = await visitorWrote(owner.domainId, 'Which teapot?');
    const teapot = await productOffered(roomId, 'Teapot');
    const cardName = async () =>
      (await owner.client.get(`/api/conversations/${roomId}/messages`)).body.messages.at(-1).products[0]
        ?.name;
    expect(await cardName()).toBe('Teapot');
    expect(await cardName()).toBe('Teapot');
    await teapot.rename('Big teapot');
    expect(await cardName()).toBe('Big teapot');
  });
});
