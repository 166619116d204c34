// A domain's events already in the log with text PostgreSQL refuses (NUL, lone surrogates) are
// applied by the domains read model and read back through the service's API, nothing parked.
import { randomUUID } from 'node:crypto';
import { DOMAIN_SETTINGS_DEFAULTS, DomainsEvent, WIDGET_HOME_SETTINGS_DEFAULTS } from '@parley/contracts';
import { EventStore } from '@parley/eventstore';
import { createLogger } from '@parley/logger';
import {
  connectTestNats,
  createTestDatabase,
  deadLetters,
  deleteNamespaceStreams,
  eventually,
  randomNamespace,
  storedFrom,
  TEST_NATS_URL,
  unstorable,
  type TestDatabase,
} from '@parley/testing';
import type { NatsConnection } from 'nats';
import { DomainEventType } from '../src/domain/domain/events';
import { startDomains, type Domains } from '../src/start';
import { domainsClient, newOwner } from './domains-client';

describe('domains and text PostgreSQL refuses', () => {
  let db: TestDatabase;
  let nc: NatsConnection;
  let namespace: string;
  let service: Domains;
  let api: ReturnType<typeof domainsClient>;

  beforeAll(async () => {
    db = await createTestDatabase();
    nc = await connectTestNats();
    namespace = randomNamespace();
    service = await startDomains(
      {
        grpcPort: 0,
        databaseUrl: db.url,
        natsUrl: TEST_NATS_URL,
        eventNamespace: namespace,
        logLevel: 'silent',
      },
      createLogger('domains-test', 'silent'),
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

  it('applies a domain, its settings, home tab, configuration and filter question with NUL and lone surrogates in every text field', async () => {
    const owner = newOwner();
    const domainId = randomUUID();
    const store = new EventStore(nc, { context: 'domains', namespace });
    const subject = store.subject('domain', domainId);
    const now = new Date().toISOString();
    const settings = {
      ...DOMAIN_SETTINGS_DEFAULTS,
      welcomeMessage: unstorable('Hello'),
      feedbackQuestion: unstorable('Helpful?'),
      feedbackYesText: unstorable('Yes'),
    };
    const homeSettings = {
      ...WIDGET_HOME_SETTINGS_DEFAULTS,
      homeTitle: unstorable('Welcome'),
      popularTopicsEnabled: true,
      popularTopics: [unstorable('Returns')],
    };
    const config = {
      personality: 'friendly',
      tone: 'casual',
      businessDescription: unstorable('We sell mugs'),
      industry: 'retail',
      responseStyle: 'concise',
      handoff: 'quick',
      shippingEnabled: true,
      shippingTime: unstorable('3-5'),
      shippingRegions: [unstorable('Europe')],
      shippingCosts: { [unstorable('Europe')]: 5 },
      freeShippingThreshold: 50,
    };
    const questionId = randomUUID();
    const events = [
      {
        type: DomainsEvent.DomainAdded,
        data: {
          domainId,
          accountId: owner.accountId,
          addedBy: owner.userId,
          domain: unstorable('mugs.example.com'),
          addedAt: now,
        },
      },
      { type: DomainEventType.SettingsUpdated, data: { settings, updatedAt: now } },
      { type: DomainEventType.HomeSettingsUpdated, data: { homeSettings, updatedAt: now } },
      { type: DomainEventType.ConfigSaved, data: { config, savedAt: now } },
      {
        type: DomainEventType.FilterQuestionAdded,
        data: {
          questionId,
          question: unstorable('Size?'),
          answer: unstorable('Large'),
          addedBy: owner.userId,
          addedAt: now,
        },
      },
    ];
    let version = 0;
    for (const event of events)
      version = (await store.append(subject, [event], { expectedVersion: version, commandId: randomUUID() }))
        .version;

    const detail = await eventually(async () => {
      const found = await api.call<{
        domain: { domain: string };
        settingsJson: string;
        homeSettingsJson: string;
        configJson: string;
      }>('GetDomain', { domainId }, owner);
      expect(found.configJson).not.toBe('');
      return found;
    });
    expect(detail.domain.domain).toBe(storedFrom('mugs.example.com'));
    expect(JSON.parse(detail.settingsJson)).toMatchObject({
      welcomeMessage: storedFrom('Hello'),
      feedbackQuestion: storedFrom('Helpful?'),
      feedbackYesText: storedFrom('Yes'),
    });
    expect(JSON.parse(detail.homeSettingsJson)).toMatchObject({
      homeTitle: storedFrom('Welcome'),
      popularTopics: [storedFrom('Returns')],
    });
    expect(JSON.parse(detail.configJson)).toMatchObject({
      businessDescription: storedFrom('We sell mugs'),
      shippingTime: storedFrom('3-5'),
      shippingRegions: [storedFrom('Europe')],
      shippingCosts: { [storedFrom('Europe')]: 5 },
    });
    const { questions } = await eventually(async () => {
      const list = await api.call<{ questions: { id: string; question: string; answer: string }[] }>(
        'ListFilterQuestions',
        { domainId },
        owner,
      );
      expect(list.questions).toHaveLength(1);
      return list;
    });
    expect(questions[0]).toMatchObject({
      id: questionId,
      question: storedFrom('Size?'),
      answer: storedFrom('Large'),
    });
    expect(await deadLetters(db.pool)).toEqual([]);
  });
});
