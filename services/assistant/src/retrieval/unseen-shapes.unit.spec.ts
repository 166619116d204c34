import type { DomainConfig } from '@parley/contracts';
import type { EngineReply, Understanding } from '../engine/types';
import type { DomainKnowledge } from '../knowledge/model';
import { createRetrievalEngine } from './index';

// Issue 13's failure shapes on businesses the engine was never tuned on, with examples of this
// file's own (none is in eval/unseen). The engine is the shipped one: WordNet meanings included.

const config: DomainConfig = {
  personality: 'professional',
  tone: 'formal',
  businessDescription:
    'Lotus Loft is a yoga studio in Denver with classes, private sessions and a small shop.',
  industry: 'other',
  responseStyle: 'concise',
  handoff: 'moderate',
  shippingEnabled: true,
  shippingTime: '3-5',
  shippingRegions: ['domestic'],
  shippingCosts: { domestic: 7 },
  freeShippingThreshold: 80,
};

const article = (id: string, title: string, question: string, answer: string) => ({
  id,
  title,
  question,
  answer,
  content: '',
  category: '',
  tags: [],
});
const product = (id: string, name: string, price: number, discount = 0, description = 'For practice.') => ({
  id,
  name,
  description,
  productType: 'Gear',
  price,
  hasDiscount: discount > 0,
  discount,
  productUrl: null,
  variants: [],
});

let revision = 1;
const studio = (over: Partial<DomainKnowledge> = {}, cfg: Partial<DomainConfig> = {}): DomainKnowledge => ({
  domainId: 'dom-lotus',
  revision: revision++,
  accountId: 'acc-lotus',
  domain: 'lotusloft.com',
  welcomeMessage: 'Namaste! Ask us anything.',
  config: { ...config, ...cfg },
  filterQuestions: [],
  articles: [
    article(
      'a-refunds',
      'Refunds',
      'Can I get a refund for a class pass?',
      'Unused class passes are refunded within 14 days of purchase.',
    ),
    article(
      'a-hours',
      'Opening hours',
      'When is the studio open?',
      'We are open every day from 6am to 9pm, Sundays until 5pm.',
    ),
    article(
      'a-gift',
      'Gift cards',
      'Do you sell gift cards?',
      'Gift cards from $25 are emailed at once and never expire.',
    ),
    article(
      'a-broken',
      'Broken items',
      'What if my order is broken?',
      'Send us a photo within 7 days and we replace it free of charge.',
    ),
    article('a-parking', 'Parking', 'Where can I park?', 'Free parking behind the studio on Elm Street.'),
    article(
      'a-latecomers',
      'Latecomers',
      'Can I still join after the start?',
      'Doors close 5 minutes after a class starts.',
    ),
    article(
      'a-lockers',
      'Lockers',
      'Can I bring a bag?',
      'Free lockers with a code lock are next to the changing rooms.',
    ),
  ],
  products: [
    product('p-mat', 'Cork yoga mat', 68, 0, 'Natural cork mat, 4 mm thick.'),
    product('p-block', 'Foam block', 14, 0, 'Light foam block, 9 inch.'),
    product('p-strap', 'Cotton strap', 12, 25, 'Cotton strap with a metal buckle, 8 ft.'),
    product('p-bolster', 'Meditation bolster', 59, 0, 'Buckwheat filled bolster.'),
  ],
  appointmentTypes: [
    {
      id: 't-private',
      name: 'Private session',
      appointmentType: 'One to one yoga with a teacher, 60 minutes',
      price: 90,
    },
    {
      id: 't-intro',
      name: 'Intro call',
      appointmentType: 'Free 15 minute call before your first class',
      price: 0,
    },
  ],
  ...over,
});

const engine = createRetrievalEngine();
async function ask(k: DomainKnowledge, message: string): Promise<{ u: Understanding; reply: EngineReply }> {
  const u = engine.understand(k, message, []);
  return { u, reply: await engine.answer({ knowledge: k, message, history: [], understanding: u }) };
}

describe('paraphrases that share no word with the entry', () => {
  it("finds the entry through what its title means (WordNet's definitions)", async () => {
    // "Latecomers": someone who arrives late. "Lockers": a storage compartment for clothes and valuables.
    const late = await ask(studio(), 'what happens if i arrive late?');
    expect(late.reply.kind).toBe('answer');
    expect(late.reply.source).toEqual({ kind: 'article', id: 'a-latecomers' });
    const valuables = await ask(studio(), 'where can i keep my valuables?');
    expect(valuables.reply.source).toEqual({ kind: 'article', id: 'a-lockers' });
  });

  it('reads "money back" as a refund', async () => {
    const { reply } = await ask(studio(), 'how do i get my money back for the pass');
    expect(reply.source).toEqual({ kind: 'article', id: 'a-refunds' });
  });
});

describe('several questions in one message', () => {
  it('answers each part from its own entry, in one reply, and lists the parts', async () => {
    const { u, reply } = await ask(studio(), 'are you open on sundays and do you sell gift cards?');
    expect(u.intent).toBe('question');
    expect(reply.kind).toBe('answer');
    expect(reply.parts?.map((p) => p.source)).toEqual([
      { kind: 'article', id: 'a-hours' },
      { kind: 'article', id: 'a-gift' },
    ]);
    expect(reply.text).toContain('Sundays until 5pm');
    expect(reply.text).toContain('Gift cards from $25');
  });

  it('answers up to three parts; context that is no question stays with its question', async () => {
    const three = await ask(studio(), 'where do i park, when are you open, and can i get a refund?');
    expect(three.reply.parts?.map((p) => p.source?.id)).toEqual(['a-parking', 'a-hours', 'a-refunds']);
    const one = await ask(studio(), 'it is for my sister, do you sell gift cards?');
    expect(one.reply.parts).toBeUndefined();
    expect(one.reply.source).toEqual({ kind: 'article', id: 'a-gift' });
  });
});

describe('a booking that mentions a person', () => {
  it('is a booking where the business has an appointment type for it', async () => {
    const { u, reply } = await ask(studio(), 'can I book a call with someone before my first class?');
    expect(u.intent).toBe('booking');
    expect(reply.source).toEqual({ kind: 'appointment', id: 't-intro' });
    const about = await ask(studio(), "I'd like to talk to someone about private sessions");
    expect(about.u.intent).toBe('booking');
    expect(about.reply.source).toEqual({ kind: 'appointment', id: 't-private' });
  });

  it('stays a handoff when the visitor wants a person instead of the bot, or nothing can be booked', async () => {
    expect((await ask(studio(), 'I want to talk to a real person, not a bot')).u.intent).toBe('handoff');
    expect((await ask(studio(), 'put me through to someone about my pass')).u.intent).toBe('handoff');
    const noTypes = studio({ appointmentTypes: [] });
    expect((await ask(noTypes, 'can I book a call with someone?')).u.intent).toBe('handoff');
  });
});

describe('cheapest, most expensive, smallest', () => {
  it('looks at the price paid (after discount)', async () => {
    const cheapest = await ask(studio(), "what's your cheapest item");
    expect(cheapest.reply.source).toEqual({ kind: 'product', id: 'p-strap' });
    expect(cheapest.reply.text).toContain('$9');
    const dearest = await ask(studio(), 'which is the most expensive thing you sell?');
    expect(dearest.reply.source).toEqual({ kind: 'product', id: 'p-mat' });
    expect(dearest.reply.text).toContain('$68');
  });

  it('looks at the stated size for smallest and largest', async () => {
    const sized = studio({
      products: [
        product('p-s', 'Travel mat', 40, 0, 'Foldable mat, 1.5 mm.'),
        product('p-l', 'Studio mat', 30, 0, 'Extra grip mat, 6 mm.'),
      ],
    });
    expect((await ask(sized, 'smallest mat?')).reply.source).toEqual({ kind: 'product', id: 'p-s' });
    expect((await ask(sized, 'your biggest mat')).reply.source).toEqual({ kind: 'product', id: 'p-l' });
  });
});

describe('wording', () => {
  it("writes prices with the domain's currency, USD by default", async () => {
    expect((await ask(studio(), 'how much is the foam block')).reply.text).toContain('$14');
    const euro = await ask(studio({ currency: 'EUR' }), 'how much is the foam block');
    expect(euro.reply.text).toContain('€14');
    expect(euro.reply.text).not.toMatch(/costs 14\b/);
  });

  it('says shipping costs keyed by a service level as that service, never as a place', async () => {
    const levels = studio(
      {},
      { shippingRegions: ['Standard', 'Express'], shippingCosts: { Standard: 7, Express: 19 } },
    );
    const express = await ask(levels, 'how much is express delivery?');
    expect(express.reply.text).toContain('Express shipping costs $19.');
    const any = await ask(levels, 'what does shipping cost');
    expect(any.reply.text).toContain('Shipping costs $7 for standard shipping and $19 for express shipping.');
    expect(any.reply.text).not.toMatch(/to (Standard|Express)/);
  });

  it('says a clear no for a country outside the regions it ships to', async () => {
    const { reply } = await ask(studio(), 'do you ship to japan?');
    expect(reply.source).toEqual({ kind: 'shipping', id: 'dom-lotus' });
    expect(reply.text).toContain("Sorry, we don't ship to Japan. We only ship within the United States.");
    const home = await ask(studio(), 'how much is shipping within the united states?');
    expect(home.reply.text).not.toContain('Sorry');
  });

  it('reads a browsing question ("anything on sale?") as a question, answered with the products', async () => {
    const { u, reply } = await ask(studio(), 'anything on sale?');
    expect(u.intent).toBe('question');
    expect(reply.productIds).toEqual(['p-strap']);
  });
});
