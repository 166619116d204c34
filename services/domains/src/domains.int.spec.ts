import { randomUUID } from 'node:crypto';
import { BillingEvent, BUSINESS_HOURS_DEFAULTS, DomainsEvent } from '@parley/contracts';
import { EventStore } from '@parley/eventstore';
import { createLogger } from '@parley/logger';
import {
  connectTestNats,
  createTestDatabase,
  deleteNamespaceStreams,
  eventually,
  randomNamespace,
  TEST_NATS_URL,
  type TestDatabase,
} from '@parley/testing';
import type { NatsConnection } from 'nats';
import { domainsClient, newOwner, refusal, type TestCaller } from '../test/domains-client';
import { subjects } from './app/aggregates';
import { AccountEventType } from './domain/account/events';
import { startDomains, type Domains } from './start';

const logger = createLogger('domains-test', 'silent');

interface DomainMessage {
  id: string;
  domain: string;
  createdAt: string;
}
interface Detail {
  domain: DomainMessage;
  settingsJson: string;
  homeSettingsJson: string;
  configJson: string;
}

describe('domains service', () => {
  let db: TestDatabase;
  let nc: NatsConnection;
  let namespace: string;
  let store: EventStore;
  let billing: EventStore;
  let service: Domains;
  let api: ReturnType<typeof domainsClient>;
  let now = Date.now();
  const host = (label: string) => `${label}-${namespace}.example.com`;

  beforeAll(async () => {
    db = await createTestDatabase();
    nc = await connectTestNats();
    namespace = randomNamespace();
    store = new EventStore(nc, { context: 'domains', namespace });
    billing = new EventStore(nc, { context: 'billing', namespace });
    service = await startDomains(
      {
        grpcPort: 0,
        databaseUrl: db.url,
        natsUrl: TEST_NATS_URL,
        eventNamespace: namespace,
        logLevel: 'silent',
      },
      logger,
      { clock: () => now },
    );
    api = domainsClient(service.grpcPort);
  });

  afterAll(async () => {
    api?.close();
    await service?.stop();
    await deleteNamespaceStreams(nc, namespace).catch(() => undefined);
    await nc?.close();
    await db?.drop();
  });

  const add = (caller: TestCaller, domain: string) => api.call<Detail>('AddDomain', { domain }, caller);
  const list = (caller: TestCaller) =>
    api.call<{ domains: DomainMessage[]; maxDomains: number; used: number }>('ListDomains', {}, caller);

  /** billing.AccountPlanChanged as billing appends it; waits until this service applied it. */
  const changePlan = async (caller: TestCaller, plan: 'STANDARD' | 'PRO', maxDomains: number) => {
    const subject = billing.subject('account', caller.accountId);
    const { version } = await billing.load(subject);
    const data = {
      accountId: caller.accountId,
      plan,
      selectedPlan: plan,
      limits: { maxDomains, credits: 100, contacts: 1000, emailsPerMonth: 10 },
      changedAt: new Date().toISOString(),
    };
    await billing.append(subject, [{ type: BillingEvent.AccountPlanChanged, data }], {
      expectedVersion: version,
      commandId: randomUUID(),
    });
    await eventually(async () => expect((await list(caller)).maxDomains).toBe(maxDomains));
  };

  it('adds a domain with default settings, lists it with the limit, and records DomainAdded by the caller', async () => {
    const owner = newOwner();
    const added = await add(owner, `  Shop-${namespace}.Example.COM `);
    expect(added.domain).toMatchObject({ domain: host('shop') });
    expect(JSON.parse(added.settingsJson)).toMatchObject({
      themeColor: '#6366f1',
      iconStyle: 'Default',
      paymentEnabled: false,
    });
    expect(JSON.parse(added.homeSettingsJson)).toMatchObject({
      themeColor: '#6366f1',
      homeTitle: 'Welcome to Support',
      homeLayout: 'classic',
    });
    expect(added.configJson).toBe('');
    expect(await list(owner)).toEqual({ domains: [added.domain], maxDomains: 1, used: 1 });

    const { events } = await store.load(subjects(store).domain(added.domain.id));
    expect(events[0]).toMatchObject({
      type: DomainsEvent.DomainAdded,
      data: {
        domainId: added.domain.id,
        accountId: owner.accountId,
        addedBy: owner.userId,
        domain: host('shop'),
      },
    });
  });

  it('refuses a domain that breaks the Domain rule with its message', async () => {
    const owner = newOwner();
    expect(await refusal(add(owner, 'a.b'))).toMatchObject({
      kind: 'validation',
      message: 'A domain must have atleast 3 characters',
    });
    expect(await refusal(add(owner, 'not a domain'))).toMatchObject({
      kind: 'validation',
      message: 'This is not a valid domain',
    });
    expect((await list(owner)).used).toBe(0);
  });

  it('applies Standard’s limit before billing has said anything, and refuses the second domain', async () => {
    const owner = newOwner();
    await add(owner, host('first'));
    expect(await refusal(add(owner, host('second')))).toEqual(
      expect.objectContaining({
        kind: 'forbidden',
        code: 'PLAN_LIMIT',
        message: 'Your Standard plan allows 1 domain. Upgrade to Pro to add more.',
      }),
    );
    expect((await list(owner)).used).toBe(1);
  });

  it('lets exactly one of two concurrent adds through on Standard', async () => {
    const owner = newOwner();
    const outcomes = await Promise.allSettled([add(owner, host('race-a')), add(owner, host('race-b'))]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'PLAN_LIMIT' });
    expect((await list(owner)).used).toBe(1);
    // The loser gave its name back: another account can take it.
    const loser = [host('race-a'), host('race-b')].find(
      (d) => !outcomes.some((o) => o.status === 'fulfilled' && o.value.domain.domain === d),
    )!;
    await add(newOwner(), loser);
  });

  it('follows billing’s plan: five on Pro with the Pro message, then unlimited', async () => {
    const owner = newOwner();
    await changePlan(owner, 'PRO', 5);
    const added = await Promise.allSettled([1, 2, 3, 4, 5, 6].map((i) => add(owner, host(`pro${i}`))));
    expect(added.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
    expect((added.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({
      code: 'PLAN_LIMIT',
      message: 'Your Pro plan allows 5 domains. Delete a domain to add another.',
    });
    await changePlan(owner, 'PRO', -1);
    await add(owner, host('pro7'));
    expect(await list(owner)).toMatchObject({ maxDomains: -1, used: 6 });
  });

  it('keeps a name unique across the platform, whatever its case; of two racing accounts one wins', async () => {
    await add(newOwner(), host('unique'));
    expect(await refusal(add(newOwner(), host('UNIQUE')))).toMatchObject({
      kind: 'conflict',
      code: 'DOMAIN_EXISTS',
      message: 'This domain has already been added',
    });

    const [a, b] = [newOwner(), newOwner()];
    const outcomes = await Promise.allSettled([add(a, host('contested')), add(b, host('contested'))]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect((outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({
      code: 'DOMAIN_EXISTS',
    });
    // The loser's plan place was given back.
    const loser = outcomes[0]!.status === 'rejected' ? a : b;
    expect((await list(loser)).used).toBe(0);
    await add(loser, host('contested-other'));
  });

  it('updates settings and home settings partially, saves the configuration, and clears a blank optional text', async () => {
    const owner = newOwner();
    const { domain } = await add(owner, host('settings'));
    const settings = await api.call<{ json: string }>(
      'UpdateSettings',
      {
        domainId: domain.id,
        json: JSON.stringify({
          welcomeMessage: 'Hello there!',
          customLinkTitle: 'Docs',
          customLinkUrl: 'https://docs.example.com',
        }),
      },
      owner,
    );
    expect(JSON.parse(settings.json)).toMatchObject({
      welcomeMessage: 'Hello there!',
      customLinkTitle: 'Docs',
      themeColor: '#6366f1',
    });
    const cleared = await api.call<{ json: string }>(
      'UpdateSettings',
      { domainId: domain.id, json: JSON.stringify({ customLinkTitle: '' }) },
      owner,
    );
    expect(JSON.parse(cleared.json).customLinkTitle).toBeUndefined();
    expect(JSON.parse(cleared.json).customLinkUrl).toBe('https://docs.example.com');

    // The logo and the bot icon are uploaded image ids; null clears, a non-id is refused.
    const logo = randomUUID();
    const icon = randomUUID();
    const withImages = await api.call<{ json: string }>(
      'UpdateSettings',
      { domainId: domain.id, json: JSON.stringify({ domainLogo: logo, image: icon }) },
      owner,
    );
    expect(JSON.parse(withImages.json)).toMatchObject({ domainLogo: logo, image: icon });
    const detailWithImages = await api.call<{ settingsJson: string }>(
      'GetDomain',
      { domainId: domain.id },
      owner,
    );
    expect(JSON.parse(detailWithImages.settingsJson)).toMatchObject({ domainLogo: logo, image: icon });
    const logoCleared = await api.call<{ json: string }>(
      'UpdateSettings',
      { domainId: domain.id, json: JSON.stringify({ domainLogo: null }) },
      owner,
    );
    expect(JSON.parse(logoCleared.json).domainLogo).toBeUndefined();
    expect(JSON.parse(logoCleared.json).image).toBe(icon);
    expect(
      await refusal(
        api.call(
          'UpdateSettings',
          { domainId: domain.id, json: JSON.stringify({ image: '/api/images/x' }) },
          owner,
        ),
      ),
    ).toMatchObject({ kind: 'validation' });

    const home = await api.call<{ json: string }>(
      'UpdateHomeSettings',
      { domainId: domain.id, json: JSON.stringify({ homeLayout: 'helpdesk', homeTitle: 'Hi!' }) },
      owner,
    );
    expect(JSON.parse(home.json)).toMatchObject({
      homeLayout: 'helpdesk',
      homeTitle: 'Hi!',
      themeColor: '#6366f1',
    });

    const config = {
      personality: 'friendly',
      tone: 'casual',
      businessDescription: 'Mugs',
      industry: 'retail',
      responseStyle: 'concise',
      handoff: 'quick',
      shippingEnabled: true,
      shippingTime: '3-5',
      shippingRegions: ['domestic'],
      shippingCosts: { domestic: 4.5 },
      freeShippingThreshold: 'fifty',
    };
    await api.call('SaveConfig', { domainId: domain.id, json: JSON.stringify(config) }, owner);
    const saved = await api.call<{ json: string }>('GetConfig', { domainId: domain.id }, owner);
    expect(JSON.parse(saved.json)).toEqual({ ...config, freeShippingThreshold: 0 });

    const detail = await api.call<Detail>('GetDomain', { domainId: domain.id }, owner);
    expect(JSON.parse(detail.settingsJson).welcomeMessage).toBe('Hello there!');
    expect(JSON.parse(detail.homeSettingsJson).homeLayout).toBe('helpdesk');
    expect(JSON.parse(detail.configJson).freeShippingThreshold).toBe(0);

    expect(
      await refusal(
        api.call(
          'UpdateSettings',
          { domainId: domain.id, json: JSON.stringify({ welcomeMessage: 'Hi' }) },
          owner,
        ),
      ),
    ).toMatchObject({ kind: 'validation', message: 'The message must be atleast 6 characters' });
  });

  it('gives home tab links and topics sent without an id one, and keeps the ids sent', async () => {
    const owner = newOwner();
    const { domain } = await add(owner, host('entries'));
    const home = await api.call<{ json: string }>(
      'UpdateHomeSettings',
      {
        domainId: domain.id,
        json: JSON.stringify({
          customLinks: [
            { title: 'Sizes', url: 'https://shop.example.com/sizes' },
            { id: 'kept', title: 'Sale', url: 'https://shop.example.com/sale' },
          ],
          popularTopics: [{ title: 'Shipping', linkType: 'helpdesk_general' }],
        }),
      },
      owner,
    );
    const saved = JSON.parse(home.json) as {
      customLinks: Array<{ id: string; title: string }>;
      popularTopics: Array<{ id: string }>;
    };
    expect(saved.customLinks[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(saved.customLinks[1]).toEqual({ id: 'kept', title: 'Sale', url: 'https://shop.example.com/sale' });
    expect(saved.popularTopics[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    const detail = await api.call<Detail>('GetDomain', { domainId: domain.id }, owner);
    expect(JSON.parse(detail.homeSettingsJson).customLinks).toEqual(saved.customLinks);

    expect(
      await refusal(
        api.call(
          'UpdateHomeSettings',
          {
            domainId: domain.id,
            json: JSON.stringify({
              customLinks: [
                { id: 'same', title: 'A', url: 'https://shop.example.com/a' },
                { id: 'same', title: 'B', url: 'https://shop.example.com/b' },
              ],
            }),
          },
          owner,
        ),
      ),
    ).toMatchObject({ kind: 'validation', message: 'Two entries have the same id' });
  });

  it('keeps the widget’s theme, text and title colours one setting, whichever document a change names', async () => {
    const owner = newOwner();
    const { domain } = await add(owner, host('colours'));
    const colours = (detail: Detail) => {
      const pick = (json: string) => {
        const { themeColor, textColor, titleColor } = JSON.parse(json) as Record<string, string>;
        return { themeColor, textColor, titleColor };
      };
      return { settings: pick(detail.settingsJson), home: pick(detail.homeSettingsJson) };
    };
    await api.call(
      'UpdateSettings',
      { domainId: domain.id, json: JSON.stringify({ themeColor: '#ff0000', titleColor: '#000000' }) },
      owner,
    );
    let detail = await api.call<Detail>('GetDomain', { domainId: domain.id }, owner);
    const afterSettings = { themeColor: '#ff0000', textColor: '#111827', titleColor: '#000000' };
    expect(colours(detail)).toEqual({ settings: afterSettings, home: afterSettings });

    await api.call(
      'UpdateHomeSettings',
      { domainId: domain.id, json: JSON.stringify({ textColor: '#333333', homeTitle: 'Help' }) },
      owner,
    );
    detail = await api.call<Detail>('GetDomain', { domainId: domain.id }, owner);
    const afterHome = { ...afterSettings, textColor: '#333333' };
    expect(colours(detail)).toEqual({ settings: afterHome, home: afterHome });
  });

  it('adds, lists and deletes filter questions with their answers', async () => {
    const owner = newOwner();
    const { domain } = await add(owner, host('questions'));
    const q1 = await api.call<{ id: string }>(
      'AddFilterQuestion',
      { domainId: domain.id, question: 'What size?', answer: 'M or L' },
      owner,
    );
    await api.call('AddFilterQuestion', { domainId: domain.id, question: 'Colour?', answer: 'Blue' }, owner);
    const listed = await api.call<{ questions: Array<Record<string, unknown>> }>(
      'ListFilterQuestions',
      { domainId: domain.id },
      owner,
    );
    expect(listed.questions.map((q) => [q.question, q.answer, q.answered])).toEqual([
      ['What size?', 'M or L', true],
      ['Colour?', 'Blue', true],
    ]);
    await api.call('DeleteFilterQuestion', { questionId: q1.id }, owner);
    const after = await api.call<{ questions: unknown[] }>(
      'ListFilterQuestions',
      { domainId: domain.id },
      owner,
    );
    expect(after.questions).toHaveLength(1);
    expect(await refusal(api.call('DeleteFilterQuestion', { questionId: q1.id }, owner))).toMatchObject({
      kind: 'not_found',
    });
    expect(
      await refusal(
        api.call('AddFilterQuestion', { domainId: domain.id, question: ' ', answer: 'x' }, owner),
      ),
    ).toMatchObject({ message: 'Question is required' });
  });

  it('deletes a domain with its settings, configuration and questions, and frees its name and place', async () => {
    const owner = newOwner();
    const { domain } = await add(owner, host('doomed'));
    await api.call('AddFilterQuestion', { domainId: domain.id, question: 'Q?', answer: 'A' }, owner);
    await api.call(
      'UpdateSettings',
      { domainId: domain.id, json: JSON.stringify({ welcomeMessage: 'Goodbye soon' }) },
      owner,
    );
    await api.call('DeleteDomain', { domainId: domain.id }, owner);

    const { events } = await store.load(subjects(store).domain(domain.id));
    expect(events.at(-1)).toMatchObject({
      type: DomainsEvent.DomainDeleted,
      data: { domainId: domain.id, accountId: owner.accountId },
    });
    await eventually(async () => {
      const rows = await db.pool.query(
        'SELECT (SELECT count(*) FROM domains WHERE id = $1)::int AS d, (SELECT count(*) FROM filter_questions WHERE domain_id = $1)::int AS q',
        [domain.id],
      );
      expect(rows.rows[0]).toEqual({ d: 0, q: 0 });
    });
    expect(await list(owner)).toMatchObject({ domains: [], used: 0 });
    expect(await refusal(api.call('GetDomain', { domainId: domain.id }, owner))).toMatchObject({
      kind: 'not_found',
    });
    expect(await refusal(api.call('DeleteDomain', { domainId: domain.id }, owner))).toMatchObject({
      kind: 'not_found',
    });

    // The name can be added again (by anyone), and the Standard place is free.
    await add(owner, host('doomed'));
  });

  it('answers not found for every read and write of another account’s domain and question', async () => {
    const [a, b] = [newOwner(), newOwner()];
    const { domain } = await add(a, host('tenant'));
    const question = await api.call<{ id: string }>(
      'AddFilterQuestion',
      { domainId: domain.id, question: 'Q?', answer: 'A' },
      a,
    );
    const domainId = domain.id;
    const attempts: Array<[string, object]> = [
      ['GetDomain', { domainId }],
      ['DeleteDomain', { domainId }],
      ['UpdateSettings', { domainId, json: JSON.stringify({ paymentEnabled: true }) }],
      ['UpdateHomeSettings', { domainId, json: JSON.stringify({ homeTitle: 'Mine' }) }],
      ['GetConfig', { domainId }],
      [
        'SaveConfig',
        {
          domainId,
          json: JSON.stringify({
            personality: 'friendly',
            tone: 'casual',
            industry: 'retail',
            responseStyle: 'concise',
            handoff: 'quick',
          }),
        },
      ],
      ['ListFilterQuestions', { domainId }],
      ['AddFilterQuestion', { domainId, question: 'Q?', answer: 'A' }],
      ['DeleteFilterQuestion', { questionId: question.id }],
    ];
    for (const [method, request] of attempts) {
      expect([method, await refusal(api.call(method, request, b))]).toEqual([
        method,
        expect.objectContaining({ kind: 'not_found' }),
      ]);
    }
    expect((await list(b)).domains).toEqual([]);
    // A's domain is untouched.
    const detail = await api.call<Detail>('GetDomain', { domainId }, a);
    expect(JSON.parse(detail.settingsJson).paymentEnabled).toBe(false);
    expect(
      (await api.call<{ questions: unknown[] }>('ListFilterQuestions', { domainId }, a)).questions,
    ).toHaveLength(1);
    // Malformed ids are simply not found.
    expect(await refusal(api.call('GetDomain', { domainId: 'x.y' }, a))).toMatchObject({ kind: 'not_found' });
  });

  it('shows a widget any domain’s name and widget settings and its questions without answers, without a caller', async () => {
    const owner = newOwner();
    const { domain } = await add(owner, host('widget'));
    await api.call(
      'UpdateSettings',
      { domainId: domain.id, json: JSON.stringify({ welcomeMessage: 'Hi there' }) },
      owner,
    );
    await api.call(
      'SaveConfig',
      {
        domainId: domain.id,
        json: JSON.stringify({
          personality: 'friendly',
          tone: 'casual',
          industry: 'retail',
          responseStyle: 'concise',
          handoff: 'quick',
        }),
      },
      owner,
    );
    await api.call('AddFilterQuestion', { domainId: domain.id, question: 'Size?', answer: 'M' }, owner);
    await api.call('AddFilterQuestion', { domainId: domain.id, question: 'Colour?', answer: 'Blue' }, owner);

    const profile = await api.call<
      Record<string, unknown> & { settingsJson: string; homeSettingsJson: string }
    >('GetWidgetProfile', { domainId: domain.id });
    expect(Object.keys(profile).sort()).toEqual([
      'businessHoursJson',
      'domain',
      'homeSettingsJson',
      'settingsJson',
    ]);
    // Issue 17: the widget learns the business hours (off until saved), never the bot configuration.
    expect(JSON.parse(profile.businessHoursJson as string)).toEqual(BUSINESS_HOURS_DEFAULTS);
    expect(profile.domain).toEqual(domain);
    expect(JSON.parse(profile.settingsJson)).toMatchObject({ welcomeMessage: 'Hi there' });
    expect(JSON.parse(profile.homeSettingsJson)).toHaveProperty('homeLayout');
    expect(JSON.stringify(profile)).not.toContain('concise');

    const questions = await api.call<{ questions: Array<Record<string, unknown>> }>(
      'ListPublicFilterQuestions',
      { domainId: domain.id },
    );
    expect(questions.questions).toEqual([
      { id: expect.any(String), question: 'Size?' },
      { id: expect.any(String), question: 'Colour?' },
    ]);
    expect(JSON.stringify(questions)).not.toContain('Blue');

    for (const domainId of [randomUUID(), 'x.y', '']) {
      for (const method of ['GetWidgetProfile', 'ListPublicFilterQuestions']) {
        expect(await refusal(api.call(method, { domainId }))).toMatchObject({
          kind: 'not_found',
          code: 'DOMAIN_NOT_FOUND',
        });
      }
    }
    await api.call('DeleteDomain', { domainId: domain.id }, owner);
    expect(await refusal(api.call('GetWidgetProfile', { domainId: domain.id }))).toMatchObject({
      code: 'DOMAIN_NOT_FOUND',
    });
  });

  it('gives the widget custom branding only while the account is on PRO', async () => {
    const owner = newOwner();
    const { domain } = await add(owner, host('brand'));
    const saved = await api.call<{ json: string }>(
      'UpdateSettings',
      { domainId: domain.id, json: JSON.stringify({ widgetName: 'Clay & Co. help', hidePoweredBy: true }) },
      owner,
    );
    expect(JSON.parse(saved.json)).toMatchObject({
      widgetName: 'Clay & Co. help',
      hidePoweredBy: true,
    });
    const widgetSettings = async () =>
      JSON.parse(
        (await api.call<{ settingsJson: string }>('GetWidgetProfile', { domainId: domain.id })).settingsJson,
      ) as Record<string, unknown>;

    // STANDARD: the owner's choice is kept, but the widget is not given it.
    const standard = await widgetSettings();
    expect(standard).not.toHaveProperty('widgetName');
    expect(standard).not.toHaveProperty('hidePoweredBy');

    await changePlan(owner, 'PRO', 5);
    expect(await widgetSettings()).toMatchObject({ widgetName: 'Clay & Co. help', hidePoweredBy: true });

    await changePlan(owner, 'STANDARD', 1);
    expect(await widgetSettings()).not.toHaveProperty('hidePoweredBy');
  });

  it('refuses a call that names no caller', async () => {
    expect(await refusal(api.call('ListDomains', {}))).toMatchObject({ kind: 'unauthenticated' });
  });

  it('tells another service whether a domain belongs to an account', async () => {
    const [a, b] = [newOwner(), newOwner()];
    const { domain } = await add(a, host('check'));
    expect(await api.call('CheckDomain', { domainId: domain.id, accountId: a.accountId })).toMatchObject({
      belongs: true,
      domain,
    });
    expect(await api.call('CheckDomain', { domainId: domain.id, accountId: b.accountId })).toMatchObject({
      belongs: false,
    });
  });

  it('frees the place of an add that stopped half-way once it is a minute old', async () => {
    const owner = newOwner();
    // A reservation whose domain was never recorded, as a crash between the steps leaves it.
    await store.append(
      subjects(store).account(owner.accountId),
      [
        {
          type: AccountEventType.DomainReserved,
          data: { domainId: randomUUID(), domain: host('crashed'), reservedAt: new Date(now).toISOString() },
        },
      ],
      { expectedVersion: 0, commandId: randomUUID() },
    );
    expect(await refusal(add(owner, host('after-crash')))).toMatchObject({ code: 'PLAN_LIMIT' });
    now += 61_000;
    await add(owner, host('after-crash'));
    expect((await list(owner)).used).toBe(1);
  });
  it("after a downgrade keeps every domain: those beyond the plan's limit are read-only, not removed (issue 12)", async () => {
    const owner = newOwner();
    await changePlan(owner, 'PRO', 5);
    const first = (await add(owner, host('ro-first'))).domain;
    const second = (await add(owner, host('ro-second'))).domain;
    const third = (await add(owner, host('ro-third'))).domain;
    await changePlan(owner, 'STANDARD', 1);
    expect((await list(owner)).domains.map((d) => d.id)).toEqual([first.id, second.id, third.id]);
    const update = (domainId: string) =>
      api.call(
        'UpdateSettings',
        { domainId, json: JSON.stringify({ welcomeMessage: 'Still here!' }) },
        owner,
      );
    await update(first.id);
    for (const domain of [second, third])
      expect(await refusal(update(domain.id))).toMatchObject({
        kind: 'precondition',
        code: 'DOMAIN_READ_ONLY',
        message:
          'This domain is read-only: your Standard plan allows 1 domain. Upgrade to Pro, or delete another domain, to change it.',
      });
    expect(
      await refusal(
        api.call(
          'UpdateHomeSettings',
          { domainId: third.id, json: JSON.stringify({ homeTitle: 'Mine' }) },
          owner,
        ),
      ),
    ).toMatchObject({ code: 'DOMAIN_READ_ONLY' });
    // Deleting stays possible, and frees the place for the next oldest.
    await api.call('DeleteDomain', { domainId: first.id }, owner);
    await update(second.id);
    expect(await refusal(update(third.id))).toMatchObject({ code: 'DOMAIN_READ_ONLY' });
    await changePlan(owner, 'PRO', 5);
    await update(third.id);
  });
  it("turns payments on only once the owner's connected account can take charges (issue 12)", async () => {
    const owner = newOwner();
    const { domain } = await add(owner, host('pays'));
    const turnOn = () =>
      api.call(
        'UpdateSettings',
        { domainId: domain.id, json: JSON.stringify({ paymentEnabled: true }) },
        owner,
      );
    expect(await refusal(turnOn())).toMatchObject({
      kind: 'precondition',
      code: 'PAYOUTS_NOT_READY',
      message:
        'Payments cannot be turned on yet: connect your Stripe account for payouts first (Settings, Payouts), then try again.',
    });
    const payout = async (chargesEnabled: boolean) => {
      const subject = billing.subject('account', owner.accountId);
      const { version } = await billing.load(subject);
      await billing.append(
        subject,
        [
          {
            type: BillingEvent.PayoutAccountUpdated,
            data: {
              accountId: owner.accountId,
              connectedAccountId: 'acct_test',
              chargesEnabled,
              detailsSubmitted: chargesEnabled,
              updatedAt: new Date().toISOString(),
            },
          },
        ],
        { expectedVersion: version, commandId: randomUUID() },
      );
    };
    await payout(true);
    await eventually(async () => {
      const settings = await api
        .call<{ json: string }>('GetDomain', { domainId: domain.id }, owner)
        .then(() => turnOn());
      expect(settings).toBeDefined();
    });
    // Turning payments off always works, ready or not.
    await payout(false);
    await api.call(
      'UpdateSettings',
      { domainId: domain.id, json: JSON.stringify({ paymentEnabled: false }) },
      owner,
    );
  });
});
