import { eventually } from '@parley/testing';
import { KnowledgeStore } from './store';
import { article, product } from '../../test/knowledge-events';
import { startHarness, type Harness } from '../../test/harness';
import { Pool } from 'pg';

const config = {
  personality: 'friendly',
  tone: 'casual',
  businessDescription: 'Handmade mugs.',
  industry: 'retail',
  responseStyle: 'concise',
  handoff: 'moderate',
  shippingEnabled: true,
  shippingTime: '3-5',
  shippingRegions: ['domestic'],
  shippingCosts: { domestic: 4.5 },
  freeShippingThreshold: 50,
};

describe('knowledge read model', () => {
  let h: Harness;
  let otherReplica: KnowledgeStore;
  let pool: Pool;

  beforeAll(async () => {
    h = await startHarness();
    // A second replica's store: same database, its own cache.
    pool = new Pool({ connectionString: h.db.url, max: 2 });
    otherReplica = new KnowledgeStore(pool);
  });
  afterAll(async () => {
    await pool.end();
    await h.stop();
  });

  it("keeps the domain's currency from its settings, USD until one is saved", async () => {
    const account = 'acct-currency';
    const domainId = await h.events.domainAdded(account);
    await h.events.config(domainId, config);
    const before = await eventually(async () => {
      const loaded = await h.assistant.knowledge.load(domainId, account);
      if (!loaded?.config) throw new Error('not yet');
      return loaded;
    });
    expect(before.currency).toBe('USD');
    await h.events.settings(domainId, { welcomeMessage: 'Hallo und willkommen!', currency: 'EUR' });
    const after = await eventually(async () => {
      const loaded = await h.assistant.knowledge.load(domainId, account);
      if (loaded?.currency !== 'EUR') throw new Error('not yet');
      return loaded;
    });
    expect(after.welcomeMessage).toBe('Hallo und willkommen!');
  });

  it('has payments on only while the settings turn them on and the owner’s payouts take charges', async () => {
    const account = `acct-pay-${Date.now()}`;
    const domainId = await h.events.domainAdded(account);
    const paymentsOn = (want: boolean) =>
      eventually(async () => {
        // A change from either stream reaches an already cached copy (and another replica's).
        for (const store of [h.assistant.knowledge, otherReplica]) {
          const loaded = await store.load(domainId, account);
          if (!loaded || (loaded.paymentsOn ?? false) !== want) throw new Error('not yet');
        }
      });
    await paymentsOn(false);
    await h.events.payoutUpdated(account, true);
    await h.events.settings(domainId, { welcomeMessage: 'Hello!', paymentEnabled: false });
    await paymentsOn(false);
    await h.events.settings(domainId, { welcomeMessage: 'Hello!', paymentEnabled: true });
    await paymentsOn(true);
    // The connected account can no longer take charges (Stripe disabled it): payments are off.
    await h.events.payoutUpdated(account, false);
    await paymentsOn(false);
    await h.events.payoutUpdated(account, true);
    await paymentsOn(true);
    // Another account's payouts say nothing about this one's domains.
    const stranger = `acct-stranger-${Date.now()}`;
    const theirs = await h.events.domainAdded(stranger);
    await h.events.settings(theirs, { welcomeMessage: 'Hi!', paymentEnabled: true });
    await eventually(async () => {
      const loaded = await h.assistant.knowledge.load(theirs, stranger);
      if (loaded?.welcomeMessage !== 'Hi!') throw new Error('not yet');
      expect(loaded.paymentsOn).toBe(false);
    });
  });

  it('builds a domain from both streams, in the owner’s order, published articles only', async () => {
    const account = 'acct-a';
    const domainId = await h.events.domainAdded(account);
    await h.events.welcomeMessage(domainId, 'Hello from the mug shop!');
    await h.events.config(domainId, config);
    const first = await h.events.filterQuestionAdded(domainId, 'Do you ship abroad?', 'Only within the EU.');
    const second = await h.events.filterQuestionAdded(domainId, 'Are mugs dishwasher safe?', 'Yes.');
    await h.events.itemCreated(
      'article',
      account,
      domainId,
      article('Returns', 'Within 30 days.', { questionVariants: ['can I get my money back?'] }),
    );
    // An event written before articles had other ways of asking: read as none.
    await h.events.itemCreated('article', account, domainId, article('Exchanges', 'Any size.'));
    await h.events.itemCreated(
      'article',
      account,
      domainId,
      article('Draft', 'Secret.', { isPublished: false }),
    );
    const mugId = await h.events.itemCreated('product', account, domainId, product('Blue mug', 18));
    await h.events.itemCreated('appointment', account, domainId, {
      name: 'Wholesale call',
      price: 0,
      appointmentType: 'Call',
    });

    const k = await eventually(async () => {
      const loaded = await h.assistant.knowledge.load(domainId, account);
      if (loaded?.appointmentTypes.length !== 1 || loaded.filterQuestions.length !== 2)
        throw new Error('not yet');
      return loaded;
    });
    expect(k.welcomeMessage).toBe('Hello from the mug shop!');
    expect(k.config).toMatchObject({ personality: 'friendly', freeShippingThreshold: 50 });
    expect(k.filterQuestions.map((q) => q.id)).toEqual([first, second]);
    expect(k.articles.map((a) => [a.title, a.questionVariants])).toEqual([
      ['Returns', ['can I get my money back?']],
      ['Exchanges', []],
    ]);
    expect(k.products).toEqual([
      expect.objectContaining({ id: mugId, name: 'Blue mug', price: 18, productUrl: null }),
    ]);
    expect(k.appointmentTypes[0]).toMatchObject({ name: 'Wholesale call' });

    await h.events.filterQuestionDeleted(domainId, first);
    await eventually(async () => {
      const loaded = await otherReplica.load(domainId, account);
      expect(loaded?.filterQuestions.map((q) => q.id)).toEqual([second]);
      expect(loaded!.revision).toBeGreaterThan(k.revision);
    });
  });

  it('shows an owner’s article change within a second, on another replica too', async () => {
    const account = 'acct-b';
    const domainId = await h.events.domainAdded(account);
    const id = await h.events.itemCreated('article', account, domainId, article('Shipping', 'Three days.'));
    const before = await eventually(async () => {
      const loaded = await otherReplica.load(domainId, account);
      expect(loaded?.articles).toHaveLength(1);
      return loaded!;
    });

    const changedAt = Date.now();
    await h.events.itemUpdated('article', id, article('Shipping', 'Two days now.'));
    const after = await eventually(
      async () => {
        const loaded = await otherReplica.load(domainId, account);
        expect(loaded?.articles[0]?.answer).toBe('Two days now.');
        return loaded!;
      },
      1000,
      10,
    );
    expect(Date.now() - changedAt).toBeLessThan(1000);
    expect(after.revision).toBeGreaterThan(before.revision);

    // Unpublishing takes it out; deleting the domain takes everything.
    await h.events.itemUpdated('article', id, article('Shipping', 'Two days now.', { isPublished: false }));
    await eventually(async () => expect((await otherReplica.load(domainId, account))?.articles).toEqual([]));
    await h.events.domainDeleted(account, domainId);
    await eventually(async () => expect(await otherReplica.load(domainId, account)).toBeNull());
    // A deleted domain stays known: a message for it is dropped, not retried.
    expect(await otherReplica.isKnown(domainId)).toBe(true);
    // A late item of the deleted domain does not bring it back.
    await h.events.itemCreated('product', account, domainId, product('Late mug', 9));
    // Content events are applied in order: once a later one shows, the late one was handled.
    const marker = await h.events.domainAdded(account);
    await h.events.itemCreated('product', account, marker, product('Marker mug', 9));
    await eventually(async () =>
      expect((await otherReplica.load(marker, account))?.products).toHaveLength(1),
    );
    const { rows } = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM knowledge_items WHERE domain_id = $1',
      [domainId],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('never mixes another account’s domain in', async () => {
    const domainA = await h.events.domainAdded('acct-c');
    const domainB = await h.events.domainAdded('acct-d');
    await h.events.itemCreated('article', 'acct-c', domainA, article('A only', 'For A.'));
    await h.events.itemCreated('article', 'acct-d', domainB, article('B only', 'For B.'));
    const a = await eventually(async () => {
      const loaded = await h.assistant.knowledge.load(domainA, 'acct-c');
      expect(loaded?.articles).toHaveLength(1);
      return loaded!;
    });
    expect(a.articles.map((x) => x.title)).toEqual(['A only']);
    await eventually(async () =>
      expect((await h.assistant.knowledge.load(domainB, 'acct-d'))?.articles.map((x) => x.title)).toEqual([
        'B only',
      ]),
    );
    // Asked with the wrong account, a domain is not there at all, although the model knows it.
    expect(await h.assistant.knowledge.load(domainA, 'acct-d')).toBeNull();
    expect(await h.assistant.knowledge.isKnown(domainA)).toBe(true);
    expect(await h.assistant.knowledge.isKnown('never-added')).toBe(false);
  });
});
