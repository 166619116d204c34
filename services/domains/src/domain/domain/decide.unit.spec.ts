import { BUSINESS_HOURS_DEFAULTS, type AppError } from '@parley/contracts';
import { deciderSpec } from '@parley/testing';
import { domainDecider } from './decide';
import type { DomainAggregateEvent } from './events';
import { DomainEventType as T } from './events';
import { defaultDomainSettings, defaultHomeSettings } from './state';

const T0 = Date.parse('2030-01-01T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const spec = deciderSpec(domainDecider);
const added: DomainAggregateEvent = {
  type: T.Added,
  data: { domainId: 'd1', accountId: 'a1', addedBy: 'u1', domain: 'shop.example.com', addedAt: iso(T0) },
};
const questionAdded = (questionId: string): DomainAggregateEvent => ({
  type: T.FilterQuestionAdded,
  data: { questionId, question: 'Size?', answer: 'M', addedBy: 'u1', addedAt: iso(T0) },
});
const config = {
  personality: 'friendly' as const,
  tone: 'casual' as const,
  businessDescription: 'Mugs',
  industry: 'retail' as const,
  responseStyle: 'concise' as const,
  handoff: 'quick' as const,
  shippingEnabled: true,
  shippingTime: '3-5',
  shippingRegions: ['domestic'],
  shippingCosts: { domestic: 5 },
  freeShippingThreshold: 0,
};

describe('domain: AddDomain', () => {
  it('given nothing, adds the domain with the caller as addedBy and the default settings', () => {
    const state = spec
      .given([])
      .when({
        type: 'AddDomain',
        domainId: 'd1',
        accountId: 'a1',
        domain: 'shop.example.com',
        addedBy: 'u1',
        now: T0,
      })
      .then([added]);
    expect(state).toMatchObject({ status: 'active', accountId: 'a1', config: null });
    expect(state.settings).toEqual(defaultDomainSettings());
    expect(state.homeSettings).toMatchObject({
      themeColor: '#6366f1',
      homeTitle: 'Welcome to Support',
      homeLayout: 'classic',
    });
  });

  it('given the same add already recorded (a retry), records nothing', () => {
    spec
      .given([added])
      .when({
        type: 'AddDomain',
        domainId: 'd1',
        accountId: 'a1',
        domain: 'shop.example.com',
        addedBy: 'u1',
        now: T0,
      })
      .then([]);
  });
});

describe('domain: account scope', () => {
  const commands = [
    { type: 'UpdateSettings' as const, accountId: 'a2', changes: { welcomeMessage: 'Hello there' }, now: T0 },
    { type: 'UpdateHomeSettings' as const, accountId: 'a2', changes: { homeTitle: 'Hi' }, now: T0 },
    { type: 'SaveConfig' as const, accountId: 'a2', config, now: T0 },
    {
      type: 'AddFilterQuestion' as const,
      accountId: 'a2',
      questionId: 'q1',
      question: 'Size?',
      answer: 'M',
      addedBy: 'u2',
      now: T0,
    },
    { type: 'DeleteFilterQuestion' as const, accountId: 'a2', questionId: 'q1', now: T0 },
    { type: 'DeleteDomain' as const, accountId: 'a2', now: T0 },
  ];
  it.each(commands)('refuses $type on another account’s domain as not found', (command) => {
    const error = spec
      .given([added, questionAdded('q1')])
      .when(command)
      .thenThrows('DOMAIN_NOT_FOUND') as AppError;
    expect(error).toMatchObject({ kind: 'not_found', message: 'Domain not found' });
  });
  it.each(commands.map((c) => ({ ...c, accountId: 'a1' })))(
    'refuses $type on a deleted domain',
    (command) => {
      spec
        .given([added, { type: T.Deleted, data: { domainId: 'd1', accountId: 'a1', deletedAt: iso(T0) } }])
        .when(command)
        .thenThrows('DOMAIN_NOT_FOUND');
    },
  );
  it('refuses a command on a domain that does not exist', () => {
    spec.given([]).when({ type: 'DeleteDomain', accountId: 'a1', now: T0 }).thenThrows('not_found');
  });
});

describe('domain: settings', () => {
  it('merges a partial update into the whole document', () => {
    const settings = { ...defaultDomainSettings(), welcomeMessage: 'Hello there', customLinkTitle: 'Docs' };
    spec
      .given([added])
      .when({
        type: 'UpdateSettings',
        accountId: 'a1',
        changes: { welcomeMessage: 'Hello there', customLinkTitle: 'Docs' },
        now: T0 + 1,
      })
      .then([{ type: T.SettingsUpdated, data: { settings, updatedAt: iso(T0 + 1) } }]);
  });

  it('clears an optional text sent blank (present as undefined)', () => {
    const withLink = { ...defaultDomainSettings(), customLinkTitle: 'Docs' };
    spec
      .given([added, { type: T.SettingsUpdated, data: { settings: withLink, updatedAt: iso(T0) } }])
      .when({ type: 'UpdateSettings', accountId: 'a1', changes: { customLinkTitle: undefined }, now: T0 + 1 })
      .then([
        { type: T.SettingsUpdated, data: { settings: defaultDomainSettings(), updatedAt: iso(T0 + 1) } },
      ]);
  });

  it('records nothing when nothing changes', () => {
    spec
      .given([added])
      .when({ type: 'UpdateSettings', accountId: 'a1', changes: { iconStyle: 'Default' }, now: T0 + 1 })
      .then([]);
  });

  it('merges widget home settings', () => {
    const homeSettings = { ...defaultHomeSettings(), homeLayout: 'modern' };
    spec
      .given([added])
      .when({ type: 'UpdateHomeSettings', accountId: 'a1', changes: { homeLayout: 'modern' }, now: T0 + 1 })
      .then([{ type: T.HomeSettingsUpdated, data: { homeSettings, updatedAt: iso(T0 + 1) } }]);
  });

  it('a theme, text or title colour of the widget settings is the home settings’ one too', () => {
    const changes = { themeColor: '#ff0000', textColor: '#222222', titleColor: '#fefefe' };
    spec
      .given([added])
      .when({
        type: 'UpdateSettings',
        accountId: 'a1',
        changes: { ...changes, iconColor: '#000000' },
        now: T0 + 1,
      })
      .then([
        {
          type: T.SettingsUpdated,
          data: {
            settings: { ...defaultDomainSettings(), ...changes, iconColor: '#000000' },
            updatedAt: iso(T0 + 1),
          },
        },
        {
          type: T.HomeSettingsUpdated,
          data: { homeSettings: { ...defaultHomeSettings(), ...changes }, updatedAt: iso(T0 + 1) },
        },
      ]);
  });

  it('a colour sent with the home settings is the widget settings’ one too', () => {
    spec
      .given([added])
      .when({
        type: 'UpdateHomeSettings',
        accountId: 'a1',
        changes: { themeColor: '#00ff00', homeTitle: 'Help' },
        now: T0 + 1,
      })
      .then([
        {
          type: T.SettingsUpdated,
          data: { settings: { ...defaultDomainSettings(), themeColor: '#00ff00' }, updatedAt: iso(T0 + 1) },
        },
        {
          type: T.HomeSettingsUpdated,
          data: {
            homeSettings: { ...defaultHomeSettings(), themeColor: '#00ff00', homeTitle: 'Help' },
            updatedAt: iso(T0 + 1),
          },
        },
      ]);
  });

  it('a change without colours leaves the other document alone', () => {
    spec
      .given([added])
      .when({ type: 'UpdateSettings', accountId: 'a1', changes: { background: '#000000' }, now: T0 + 1 })
      .then([
        {
          type: T.SettingsUpdated,
          data: { settings: { ...defaultDomainSettings(), background: '#000000' }, updatedAt: iso(T0 + 1) },
        },
      ]);
  });

  it('saves the bot configuration whole, and records nothing for the same again', () => {
    const saved: DomainAggregateEvent = { type: T.ConfigSaved, data: { config, savedAt: iso(T0 + 1) } };
    spec
      .given([added])
      .when({ type: 'SaveConfig', accountId: 'a1', config, now: T0 + 1 })
      .then([saved]);
    spec
      .given([added, saved])
      .when({ type: 'SaveConfig', accountId: 'a1', config, now: T0 + 2 })
      .then([]);
  });
});

describe('domain: filter questions', () => {
  it('adds a question with its answer', () => {
    const state = spec
      .given([added])
      .when({
        type: 'AddFilterQuestion',
        accountId: 'a1',
        questionId: 'q1',
        question: 'Size?',
        answer: 'M',
        addedBy: 'u1',
        now: T0,
      })
      .then([questionAdded('q1')]);
    expect(state.questions.q1).toEqual({ question: 'Size?', answer: 'M', createdAt: iso(T0) });
  });

  it('refuses the 201st question', () => {
    const many = Array.from({ length: 200 }, (_, i) => questionAdded(`q${i}`));
    spec
      .given([added, ...many])
      .when({
        type: 'AddFilterQuestion',
        accountId: 'a1',
        questionId: 'new',
        question: 'Q',
        answer: 'A',
        addedBy: 'u1',
        now: T0,
      })
      .thenThrows('FILTER_QUESTION_LIMIT');
  });

  it('deletes a question, and answers not found for one it does not have', () => {
    spec
      .given([added, questionAdded('q1')])
      .when({ type: 'DeleteFilterQuestion', accountId: 'a1', questionId: 'q1', now: T0 + 1 })
      .then([{ type: T.FilterQuestionDeleted, data: { questionId: 'q1', deletedAt: iso(T0 + 1) } }]);
    spec
      .given([added])
      .when({ type: 'DeleteFilterQuestion', accountId: 'a1', questionId: 'q1', now: T0 + 1 })
      .thenThrows('Filter question not found');
  });
});

describe('domain: DeleteDomain', () => {
  it('records DomainDeleted and forgets questions and configuration', () => {
    const state = spec
      .given([added, questionAdded('q1')])
      .when({ type: 'DeleteDomain', accountId: 'a1', now: T0 + 1 })
      .then([{ type: T.Deleted, data: { domainId: 'd1', accountId: 'a1', deletedAt: iso(T0 + 1) } }]);
    expect(state).toMatchObject({ status: 'deleted', questions: {}, config: null });
  });
});

describe('domain: UpdateBusinessHours (issue 17)', () => {
  const hours = {
    ...BUSINESS_HOURS_DEFAULTS,
    enabled: true,
    timeZone: 'Europe/Berlin',
    holidays: ['2030-12-25'],
  };

  it('records the whole document, and nothing when it is unchanged', () => {
    const state = spec
      .given([added])
      .when({ type: 'UpdateBusinessHours', accountId: 'a1', businessHours: hours, now: T0 })
      .then([{ type: T.BusinessHoursUpdated, data: { businessHours: hours, updatedAt: iso(T0) } }]);
    expect(state.businessHours).toEqual(hours);
    spec
      .given([added, { type: T.BusinessHoursUpdated, data: { businessHours: hours, updatedAt: iso(T0) } }])
      .when({ type: 'UpdateBusinessHours', accountId: 'a1', businessHours: { ...hours }, now: T0 + 1 })
      .then([]);
  });

  it('refuses another account’s domain as not found', () => {
    spec
      .given([added])
      .when({ type: 'UpdateBusinessHours', accountId: 'a2', businessHours: hours, now: T0 })
      .thenThrows('DOMAIN_NOT_FOUND');
  });
});
