import { parseDecision } from './decision';
import { needsEngine } from './decide';
import {
  allowed,
  engine,
  given,
  knowledge,
  limitReached,
  live,
  reading,
  talk,
  team,
  visitor,
} from './policy-spec';
import { initialConversationState } from './state';
import { texts } from './texts';

const greeted = [
  visitor('m0', 'hi'),
  { type: 'BotReplied' as const, id: 'm0:greeting', text: 'Hi', decision: null },
];

describe('policy: email', () => {
  it('sets the email on the customer and thanks the visitor, then asks the next question', () => {
    const r = given(...greeted).when({
      id: 'm1',
      text: 'my email is Ann@Example.com',
      engine: engine.understands('email', { email: 'ann@example.com' }),
    });
    expect(r.outcome.actions[0]).toEqual({ type: 'set-email', email: 'ann@example.com' });
    expect(r.texts).toEqual([texts.emailThanks('ann@example.com'), 'What is your budget?']);
    expect(r.outcome.decision).toMatchObject({ outcome: 'email', emailSet: true });
    expect(JSON.stringify(r.outcome.decision)).not.toContain('ann@example.com');
  });

  it('picks the email out of a message that asks something too, and answers that as well', () => {
    const r = given(...greeted).when({
      id: 'm1',
      text: 'I am bob@example.com, how long is shipping?',
      engine: engine.answers('question', '3-5 days.', { email: 'bob@example.com' }),
    });
    expect(r.steps).toEqual(['set-email', 'post:email', 'post:reply', 'post:ask']);
  });

  it('does nothing about an email the customer already has', () => {
    const r = given(...greeted, { type: 'EmailSet', email: 'ann@example.com' }).when({
      id: 'm1',
      text: 'again: ann@example.com',
      engine: engine.understands('email', { email: 'ann@example.com' }),
    });
    expect(r.steps).not.toContain('set-email');
  });

  it('still picks up an email when the engine failed, without offering a person for it', () => {
    const r = given(...greeted).when({ id: 'm1', text: 'it is Ann@example.com', engine: engine.fails() });
    expect(r.steps).toEqual(['set-email', 'post:email', 'post:ask']);
  });
});

describe('policy: booking and buying', () => {
  it('offers the booking flow when the visitor wants a meeting', () => {
    const r = given(...greeted).when({
      id: 'm1',
      text: 'can we have a call next week',
      engine: engine.understands('booking'),
    });
    expect(r.posts).toHaveLength(1);
    expect(r.posts[0]).toMatchObject({ content: texts.booking, productIds: [] });
    expect(r.posts[0]!.link).toBe('{"action":"booking","title":"Book a meeting"}');
    expect(r.outcome.decision.outcome).toBe('booking');
  });

  it('names the appointment type the engine matched', () => {
    const r = given(...greeted).when({
      id: 'm1',
      text: 'book a discovery call',
      engine: engine.understands('booking', { source: { kind: 'appointment', id: 'apt-call' } }),
    });
    expect(JSON.parse(r.posts[0]!.link!)).toEqual({
      action: 'booking',
      title: 'Book: Discovery Call',
      appointmentTypeId: 'apt-call',
    });
  });

  it('shows the engine’s matching products as cards when the visitor wants to buy', () => {
    const r = given(...greeted).when({
      id: 'm1',
      text: 'I want to buy the red mug',
      engine: engine.understands('purchase', { text: 'The red mug is $20 now.', productIds: ['p-red'] }),
    });
    expect(r.posts[0]).toMatchObject({ content: 'The red mug is $20 now.', productIds: ['p-red'] });
    expect(r.outcome.decision.outcome).toBe('purchase');
  });

  it('falls back to the best-ranked products, then to products on sale first', () => {
    const ranked = given(...greeted).when({
      id: 'm1',
      text: 'I want to buy a mug',
      engine: engine.understands('purchase', {
        kind: 'clarify',
        candidates: [{ source: { kind: 'product', id: 'p-blue' }, score: 3, confidence: 0.5 }],
      }),
    });
    expect(ranked.posts[0]).toMatchObject({ content: texts.purchase, productIds: ['p-blue'] });
    const catalogue = given(...greeted).when({
      id: 'm1',
      text: 'buy',
      engine: engine.understands('purchase'),
    });
    expect(catalogue.posts[0]!.productIds).toEqual(['p-red', 'p-blue']);
  });

  const paying = knowledge({ paymentsOn: true });
  const buyRed = {
    id: 'm1',
    text: 'I want to buy the red mug',
    engine: engine.understands('purchase', { text: 'The red mug is $20 now.', productIds: ['p-red'] }),
  };

  it('opens the payment flow for the one product the visitor wants when the domain takes payments', () => {
    const r = given(...greeted).when(buyRed, paying);
    expect(r.posts).toHaveLength(1);
    expect(r.posts[0]).toMatchObject({
      part: 'reply',
      content: texts.checkout('Red mug'),
      productIds: ['p-red'],
      checkoutProductId: 'p-red',
      link: null,
    });
    expect(r.outcome.decision).toMatchObject({ outcome: 'purchase', unresolved: 0 });
    expect(r.outcome.decision.why.join(' ')).toContain('payment flow');
  });

  it('shows the product card (Buy Now) instead when payments are off', () => {
    for (const k of [knowledge(), knowledge({ paymentsOn: false })]) {
      const r = given(...greeted).when(buyRed, k);
      expect(r.posts[0]).toMatchObject({
        content: 'The red mug is $20 now.',
        productIds: ['p-red'],
        checkoutProductId: null,
      });
      expect(r.outcome.decision.why.join(' ')).toContain('payments off');
    }
  });

  it('shows cards when it is not one product the visitor named, payments on or not', () => {
    const several = given(...greeted).when(
      {
        id: 'm1',
        text: 'I want to buy mugs',
        engine: engine.understands('purchase', { productIds: ['p-red', 'p-blue'] }),
      },
      paying,
    );
    expect(several.posts[0]).toMatchObject({ productIds: ['p-red', 'p-blue'], checkoutProductId: null });
    const guessed = given(...greeted).when(
      {
        id: 'm1',
        text: 'I want to buy a mug',
        engine: engine.understands('purchase', {
          kind: 'clarify',
          candidates: [{ source: { kind: 'product', id: 'p-blue' }, score: 3, confidence: 0.5 }],
        }),
      },
      paying,
    );
    expect(guessed.posts[0]).toMatchObject({ productIds: ['p-blue'], checkoutProductId: null });
    const catalogue = given(...greeted).when(
      { id: 'm1', text: 'buy', engine: engine.understands('purchase') },
      paying,
    );
    expect(catalogue.posts[0]!.checkoutProductId).toBeNull();
  });

  it('never opens the payment flow for a product the domain does not list', () => {
    const r = given(...greeted).when(
      {
        id: 'm1',
        text: 'I want to buy the green mug',
        engine: engine.understands('purchase', { productIds: ['other-domains-product'] }),
      },
      paying,
    );
    expect(r.posts[0]!.checkoutProductId).toBeNull();
    expect(r.posts[0]!.productIds).not.toContain('other-domains-product');
  });

  it('opens nothing for a question about a product, only for a wish to buy it', () => {
    const r = given(...greeted).when(
      {
        id: 'm1',
        text: 'how much is the red mug?',
        engine: engine.answers('question', 'The red mug is $20 now.', {
          source: { kind: 'product', id: 'p-red' },
          productIds: ['p-red'],
        }),
      },
      paying,
    );
    expect(r.posts[0]).toMatchObject({ productIds: ['p-red'], checkoutProductId: null });
  });

  it('offers a person when the visitor wants to buy and there are no products', () => {
    const r = given(...greeted).when(
      { id: 'm1', text: 'I want to buy', engine: engine.understands('purchase') },
      knowledge({ products: [] }),
    );
    expect(r.texts).toEqual([texts.purchaseNoProducts]);
    expect(r.outcome.decision).toMatchObject({ outcome: 'offer-person', offeredPerson: true });
  });
});

describe('policy: engine failure', () => {
  it('offers a person when the engine failed, and records why', () => {
    const r = given(...greeted).when({
      id: 'm1',
      text: 'do you ship to Peru?',
      engine: engine.fails('HTTP 503'),
    });
    expect(r.texts).toEqual([texts.cannotAnswer]);
    expect(r.outcome.decision).toMatchObject({
      outcome: 'offer-person',
      engine: 'language-model',
      engineError: 'HTTP 503',
      offeredPerson: true,
      unresolved: 1,
    });
    expect(r.outcome.decision.why).toContain('engine failed: HTTP 503');
  });

  it('records that the language model fell back to the retrieval answer', () => {
    const fellBack = engine.answers('question', 'Shipping takes 3-5 business days.', {
      fallbackReason: 'timeout',
    });
    const r = given(...greeted).when({
      id: 'm1',
      text: 'how long does shipping take?',
      engine: { ...fellBack, engine: 'language-model' },
    });
    expect(r.texts[0]).toBe('Shipping takes 3-5 business days.');
    expect(r.outcome.decision).toMatchObject({
      outcome: 'answer',
      engine: 'language-model',
      fallback: 'timeout',
    });
    expect(given(...greeted).when({ id: 'm2', text: 'ok' }).outcome.decision.fallback).toBeNull();
  });

  it('offers a person when no engine ran', () => {
    const r = given(...greeted).when({ id: 'm1', text: 'hello?', engine: null });
    expect(r.texts).toEqual([texts.cannotAnswer]);
  });
});

describe('policy: request limit reached', () => {
  it('gives no bot answer: the visitor is told a person will reply, and nothing else', () => {
    const r = given().when({
      id: 'm1',
      text: 'hi, I am ann@example.com, can I book a call?',
      engine: null,
      usage: limitReached(),
    });
    expect(r.steps).toEqual(['post:limit']);
    expect(r.texts).toEqual([texts.limitReached]);
    expect(r.outcome.decision).toMatchObject({ outcome: 'limit-notice', limitPeriod: '2030-01' });
  });

  it('says it once per room per limit period, and again in a new period', () => {
    const turns = talk(knowledge(), [
      { id: 'm1', text: 'hello', usage: limitReached('2030-01'), engine: null },
      { id: 'm2', text: 'anyone?', usage: limitReached('2030-01'), engine: null },
      { id: 'm3', text: 'hello again', usage: limitReached('2030-02'), engine: null },
    ]);
    expect(turns[0].texts).toEqual([texts.limitReached]);
    expect(turns[1].outcome.actions).toEqual([]);
    expect(turns[1].outcome.decision.why[0]).toMatch(/already told/);
    expect(turns[2].texts).toEqual([texts.limitReached]);
  });

  it('hands the room to a person when the visitor asks for one: live, the owner notified, the truth told', () => {
    const r = given().when({
      id: 'm1',
      text: 'can I talk to a human please',
      engine: null,
      understanding: reading('handoff'),
      usage: limitReached(),
    });
    expect(r.steps).toEqual(['post:handoff', 'request-handoff', 'mark-mailed']);
    expect(r.texts).toEqual([texts.handoff(knowledge().config)]);
    expect(r.outcome.decision).toMatchObject({
      outcome: 'handoff',
      handoff: { reason: 'asked' },
      limitPeriod: '2030-01',
    });
  });

  it('after the limit notice, also when the room was already told, and when the visitor says yes to its offer', () => {
    const turns = talk(knowledge(), [
      {
        id: 'm1',
        text: 'do you ship to Peru?',
        usage: limitReached(),
        engine: null,
        understanding: reading('question'),
      },
      { id: 'm2', text: 'hello?', usage: limitReached(), engine: null, understanding: reading('chitchat') },
      {
        id: 'm3',
        text: 'yes please',
        usage: limitReached(),
        engine: null,
        understanding: reading('chitchat'),
      },
      {
        id: 'm4',
        text: 'are you there?',
        usage: limitReached(),
        engine: null,
        understanding: reading('question'),
      },
    ]);
    expect(turns[0].texts).toEqual([texts.limitReached]);
    expect(turns[0].outcome.decision.offeredPerson).toBe(true);
    expect(turns[1].outcome.actions).toEqual([]);
    expect(turns[2].steps).toEqual(['post:handoff', 'request-handoff', 'mark-mailed']);
    expect(turns[2].outcome.decision.handoff).toMatchObject({ reason: 'offer-accepted' });
    // Live now: the team answers.
    expect(turns[3].outcome.actions).toEqual([]);

    const asked = talk(knowledge(), [
      { id: 'm1', text: 'hi', usage: limitReached(), engine: null, understanding: reading('chitchat') },
      {
        id: 'm2',
        text: 'what are your hours',
        usage: limitReached(),
        engine: null,
        understanding: reading('question'),
      },
      {
        id: 'm3',
        text: 'a person please',
        usage: limitReached(),
        engine: null,
        understanding: reading('handoff'),
      },
    ]);
    expect(asked[2].steps).toEqual(['post:handoff', 'request-handoff', 'mark-mailed']);
  });

  it('tells the visitor the truth: no promise of a reply, but the offer of a person', () => {
    expect(texts.limitReached).not.toMatch(/will reply/);
    expect(texts.limitReached).toMatch(/person/);
  });

  it('runs no engine while the limit is reached or the room is live', () => {
    expect(needsEngine(initialConversationState, allowed)).toBe(true);
    expect(needsEngine(initialConversationState, limitReached())).toBe(false);
    expect(needsEngine(given(live(true)).state, allowed)).toBe(false);
  });
});

describe('policy: live rooms', () => {
  it('never speaks in a live room, whatever the visitor writes', () => {
    for (const [text, outcome] of [
      ['hello', engine.understands('chitchat')],
      ['a human please', engine.understands('handoff')],
      ['ann@example.com', engine.understands('email', { email: 'ann@example.com' })],
      ['shipping?', engine.answers('question', '3-5 days.')],
      ['?', engine.fails()],
    ] as const) {
      const r = given(live(true)).when({ id: 'm1', text, engine: outcome });
      expect(r.outcome.actions).toEqual([]);
      expect(r.outcome.decision.why).toEqual(['live room: the team answers, the bot stays silent']);
    }
    const limited = given(live(true)).when({ id: 'm1', text: 'hi', engine: null, usage: limitReached() });
    expect(limited.outcome.actions).toEqual([]);
  });

  it('speaks again once live is switched off, counting unresolved messages afresh', () => {
    const turns = talk(
      knowledge(),
      [
        { id: 'm1', text: 'hm?', engine: engine.clarifies() },
        { id: 'm2', text: 'hm??', engine: engine.clarifies() },
      ],
      [...greeted, live(true), team('t1'), live(false)],
    );
    expect(turns[0].outcome.decision.unresolved).toBe(1);
    expect(turns[1].steps).toEqual(['post:reply']);
  });
});

describe('policy: decision record', () => {
  it('records engine, intent, confidence, source and candidates with every message of the turn', () => {
    const r = given().when({ id: 'm1', text: 'shipping?', engine: engine.answers('question', '3-5 days.') });
    expect(r.outcome.decision).toMatchObject({
      v: 1,
      replyTo: 'm1',
      engine: 'retrieval',
      intent: 'question',
      confidence: 0.9,
      source: { kind: 'article', id: 'art-ship' },
      candidates: [{ kind: 'article', id: 'art-ship', confidence: 0.9 }],
    });
    expect(r.posts.map((p) => p.decision.part)).toEqual(['reply', 'ask']);
    for (const p of r.posts)
      expect(parseDecision(JSON.parse(JSON.stringify(p.decision)))).toEqual(p.decision);
  });

  it('lists each part of a message that asks several things, and what answered it', () => {
    const parts = [
      {
        text: 'are you open sundays',
        kind: 'answer' as const,
        source: { kind: 'article' as const, id: 'art-hours' },
        confidence: 0.8,
      },
      {
        text: 'do you gift wrap',
        kind: 'answer' as const,
        source: { kind: 'faq' as const, id: 'faq-gift' },
        confidence: 0.6,
      },
      { text: 'whats the meaning of life', kind: 'offer-person' as const, source: null, confidence: 0.1 },
    ];
    const r = given(...greeted).when({
      id: 'm1',
      text: 'are you open sundays and do you gift wrap, whats the meaning of life?',
      engine: engine.answers('question', 'Open 10-4 on Sundays. Gift wrap is free.', { parts }),
    });
    expect(r.outcome.decision.outcome).toBe('answer');
    expect(r.outcome.decision.parts).toEqual([
      {
        text: 'are you open sundays',
        kind: 'answer',
        source: { kind: 'article', id: 'art-hours' },
        confidence: 0.8,
      },
      { text: 'do you gift wrap', kind: 'answer', source: { kind: 'faq', id: 'faq-gift' }, confidence: 0.6 },
      { text: 'whats the meaning of life', kind: 'offer-person', source: null, confidence: 0.1 },
    ]);
    expect(r.outcome.decision.why.some((w) => w.startsWith('answered 2 questions in one reply'))).toBe(true);
    expect(r.posts[0]!.decision.parts).toHaveLength(3);
  });

  it('stays under 2 KB with long ids, many candidates and a long engine error', () => {
    const id = 'x'.repeat(100);
    const candidates = Array.from({ length: 20 }, (_, i) => ({
      source: { kind: 'product' as const, id: `${id}${i}` },
      score: 1,
      confidence: 0.333333,
    }));
    const r = given(...greeted).when({
      id: 'm'.repeat(36),
      text: 'x'.repeat(4000),
      engine: engine.answers('question', 'y'.repeat(4000), {
        source: { kind: 'article', id: id.slice(0, 64) },
        candidates,
        email: `${'a'.repeat(60)}@example.com`,
        parts: [1, 2, 3, 4].map((i) => ({
          text: `${'q'.repeat(300)}${i}`,
          kind: 'answer' as const,
          source: { kind: 'article' as const, id: `${id}${i}` },
          confidence: 0.5,
        })),
      }),
    });
    const failed = given(...greeted).when({ id: 'm2', text: 'z', engine: engine.fails('e'.repeat(5000)) });
    for (const d of [r.outcome.decision, failed.outcome.decision]) {
      expect(Buffer.byteLength(JSON.stringify({ ...d, part: 'reply' }))).toBeLessThan(2048);
    }
    expect(r.outcome.decision.candidates).toHaveLength(3);
    expect(r.outcome.decision.parts).toHaveLength(3);
  });

  it('is not read back from a message that is not the policy’s', () => {
    expect(parseDecision({ engine: 'x' })).toBeNull();
    expect(parseDecision(undefined)).toBeNull();
  });
});

describe('policy: the decision record for people', () => {
  it('names the source and the filter questions by their own words, not ids', () => {
    const r = given(...greeted).when({ id: 'm1', text: 'how long does shipping take?' });
    expect(r.outcome.decision.why).toContain('answered from the help article “Shipping”');
    expect(r.outcome.decision.why.join(' ')).not.toMatch(/art-ship|q-[a-z]+/);
  });
});
