import type { EngineReply } from '../engine/types';
import type { DomainKnowledge } from '../knowledge/model';
import { RetrievalEngine } from './engine';
import { knowledgeFixture } from './knowledge-fixture';
import { discountedPrice, productFilterOf } from './products';

const engine = new RetrievalEngine();
async function ask(k: DomainKnowledge, message: string): Promise<EngineReply> {
  const understanding = engine.understand(k, message, []);
  return engine.answer({ knowledge: k, message, history: [], understanding });
}

describe('discounts and price filters', () => {
  it('discounted price = price * (1 - discount/100), only when hasDiscount', () => {
    expect(discountedPrice({ price: 38, hasDiscount: true, discount: 20 })).toBe(30.4);
    expect(discountedPrice({ price: 89, hasDiscount: true, discount: 15 })).toBe(75.65);
    expect(discountedPrice({ price: 38, hasDiscount: false, discount: 20 })).toBe(38);
    expect(discountedPrice({ price: 10, hasDiscount: true, discount: 150 })).toBe(0);
  });

  it('reads price limits in money, not in days or sizes', () => {
    expect(productFilterOf('do you have mugs under $50').maxPrice).toBe(50);
    expect(productFilterOf('anything below 19.99?').maxPrice).toBe(19.99);
    expect(productFilterOf('cheaper than £20 a month').maxPrice).toBe(20);
    expect(productFilterOf('can it arrive in under 5 days').maxPrice).toBeNull();
    expect(productFilterOf('mugs under 300 ml').maxPrice).toBeNull();
    expect(productFilterOf('teapots over $40').minPrice).toBe(40);
    expect(productFilterOf('free shipping over 50?').minPrice).toBeNull();
    expect(productFilterOf("what's on sale").saleOnly).toBe(true);
    expect(productFilterOf('any discount for students').saleOnly).toBe(false);
  });

  it('answers "mugs under $35" with the mugs whose discounted price is under 35, as product cards', async () => {
    const reply = await ask(knowledgeFixture(), 'do you have mugs under $35');
    // Big Morning is 38 less 20% = 30.40; the teapot is not a mug.
    expect(new Set(reply.productIds)).toEqual(new Set(['p-classic', 'p-big', 'p-kids']));
    expect(reply.source?.kind).toBe('product');
    expect(reply.text).toContain('30.40');
  });

  it('answers "what\'s on sale" with the discounted products only, biggest discount first', async () => {
    const reply = await ask(knowledgeFixture(), "what's on sale?");
    expect(reply.productIds).toEqual(['p-big', 'p-teapot']);
    expect(reply.text).toContain('75.65');
    // Order by discount, not by price: a 50% teapot (44.50) comes before the 20% mug (30.40).
    const k = knowledgeFixture();
    k.products = k.products.map((p) => (p.id === 'p-teapot' ? { ...p, discount: 50 } : p));
    expect((await ask(k, "what's on sale?")).productIds).toEqual(['p-teapot', 'p-big']);
  });

  it('a named product gets one card with its price', async () => {
    const reply = await ask(knowledgeFixture(), 'how much is the teapot');
    expect(reply.productIds).toEqual(['p-teapot']);
    expect(reply.text).toContain('15% off: $75.65 instead of $89');
  });

  it('offers a person when no product passes the filter', async () => {
    const reply = await ask(knowledgeFixture(), 'do you have mugs under $10');
    expect(reply.kind).toBe('offer-person');
    expect(reply.productIds).toEqual([]);
  });
});

describe('shipping answers from the configuration', () => {
  it('states time, regions, the cost asked for and the free-shipping threshold', async () => {
    const reply = await ask(
      knowledgeFixture({}, { responseStyle: 'detailed' }),
      'how much is shipping to Canada?',
    );
    expect(reply.source).toEqual({ kind: 'shipping', id: 'dom-1' });
    expect(reply.text).toContain('Shipping to Canada costs $14.');
    expect(reply.text).toContain('Shipping is free on orders over $75.');
    expect(reply.text).toContain('Delivery takes 3-5 business days.');
  });

  it('answers with the delivery time first when asked how long', async () => {
    const reply = await ask(
      knowledgeFixture({}, { responseStyle: 'concise' }),
      'how long does delivery take?',
    );
    expect(reply.text.startsWith('Delivery takes 3-5 business days.')).toBe(true);
  });

  it('says no, and where it does ship, when asked about a country outside its regions', async () => {
    const reply = await ask(knowledgeFixture({}, { responseStyle: 'concise' }), 'do you ship to australia');
    expect(reply.text).toContain(
      "Sorry, we don't ship to Australia. We only ship to United States and Canada.",
    );
  });

  it('says so when shipping is off', async () => {
    const reply = await ask(knowledgeFixture({}, { shippingEnabled: false }), 'do you ship to canada?');
    expect(reply.source).toEqual({ kind: 'shipping', id: 'dom-1' });
    expect(reply.text).toContain("We don't ship orders at the moment.");
    expect(reply.text).not.toContain('3-5');
  });

  it('leaves out what is not set: no threshold, custom time, worldwide', async () => {
    const k = knowledgeFixture(
      {},
      {
        freeShippingThreshold: 0,
        shippingTime: 'custom',
        shippingRegions: ['worldwide'],
        responseStyle: 'detailed',
      },
    );
    const reply = await ask(k, 'do you deliver worldwide and how long does it take?');
    expect(reply.text).not.toContain('free');
    expect(reply.text).not.toContain('business days');
    expect(reply.text).toContain('We ship worldwide.');
  });
});

describe('answers from articles and FAQs', () => {
  it('answers with the article and a link the widget opens in its helpdesk', async () => {
    const reply = await ask(knowledgeFixture(), 'can i put it in the dishwasher');
    expect(reply.kind).toBe('answer');
    expect(reply.source).toEqual({ kind: 'article', id: 'a-dishwasher' });
    expect(reply.text).toContain('Yes, all our mugs are dishwasher safe.');
    expect(JSON.parse(reply.link!)).toEqual({
      href: '#article:a-dishwasher',
      title: 'Are the mugs dishwasher safe?',
      description: 'Can I put my mug in the dishwasher?',
    });
  });

  it("answers from a filter question's answer", async () => {
    const reply = await ask(knowledgeFixture(), 'we are a cafe, do you do wholesale?');
    expect(reply.source).toEqual({ kind: 'faq', id: 'fq-wholesale' });
    expect(reply.text).toContain('Yes, from 24 pieces at 40% off.');
    expect(reply.link).toBeNull();
  });

  it('leads a booking ask to the appointment type it names, or lists them', async () => {
    const named = await ask(knowledgeFixture(), "I'd like to book the pottery workshop");
    expect(named.source).toEqual({ kind: 'appointment', id: 't-workshop' });
    const general = await ask(knowledgeFixture(), 'can I book an appointment?');
    expect(general.kind).toBe('clarify');
    expect(general.text).toContain('Pottery workshop ($65)');
    expect(general.text).toContain('Wholesale call (free)');
  });
});
