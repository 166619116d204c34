import { DOMAIN_MESSAGES as M } from '@parley/contracts/validation';
import { startTestDomains, type TestDomains } from './support/domains';
import { registerOwner, type Registered } from './support/flows';
import type { GatewayClient } from './support/http-client';
import { FRONTEND, startStack, type TestGateway, type TestStack } from './support/stack';

let stack: TestStack;
let domains: TestDomains;
let gateway: TestGateway;

interface Owner {
  client: GatewayClient;
  user: Registered['user'];
}

const signedInOwner = async (): Promise<Owner> => {
  const client = stack.client({ gateway, origin: FRONTEND });
  const { user } = await registerOwner(stack, client);
  return { client, user };
};

let counter = 0;
const hostname = (label: string) => `${label}-${++counter}-${stack.namespace}.example.com`;

beforeAll(async () => {
  stack = await startStack();
  domains = await startTestDomains(stack.namespace);
  gateway = await stack.startGateway({ DOMAINS_GRPC_URL: domains.grpcUrl });
}, 180_000);

afterAll(async () => {
  await stack?.dispose();
  await domains?.stop();
});

/** A 400 whose message and field are the rule's. */
async function expectRule(
  client: GatewayClient,
  method: string,
  path: string,
  body: unknown,
  field: string,
  message: string,
) {
  const res = await client.request(method, path, { json: body });
  expect([method, path, body, res.status, res.body?.error?.message]).toEqual([
    method,
    path,
    body,
    400,
    message,
  ]);
  expect(res.body.error.fields).toEqual(expect.arrayContaining([{ field, message }]));
}

describe('domains API', () => {
  let owner: Owner;
  let domainId: string;

  beforeAll(async () => {
    owner = await signedInOwner();
  }, 120_000);

  it.each([
    ['missing', undefined, M.domainMin],
    ['empty', '', M.domainMin],
    ['three characters', 'a.b', M.domainMin],
    ['a number', 42, M.domainMin],
    ['no top-level label', 'localhost', M.domainFormat],
    ['a four-letter ending', 'shop.example.info', M.domainFormat],
    ['a one-letter ending', 'shop.example.c', M.domainFormat],
    ['a leading hyphen', '-shop.example.com', M.domainFormat],
    ['a label over 63 characters', `${'a'.repeat(64)}.com`, M.domainFormat],
    ['a scheme', 'https://shop.example.com', M.domainFormat],
    ['spaces inside', 'my shop.com', M.domainFormat],
  ])('refuses a domain that is %s with the Domain rule’s message', async (_what, domain, message) => {
    await expectRule(
      owner.client,
      'POST',
      '/api/domains',
      domain === undefined ? {} : { domain },
      'domain',
      message,
    );
  });

  it('adds a domain (201, lower-cased, default settings) and lists it with the Standard limit', async () => {
    const name = hostname('shop');
    const res = await owner.client.post('/api/domains', { domain: ` ${name.toUpperCase()} ` });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ domain: name, config: null });
    expect(res.body.data.settings).toMatchObject({
      themeColor: '#6366f1',
      welcomeMessage: expect.any(String),
    });
    expect(res.body.data.homeSettings).toMatchObject({
      themeColor: '#6366f1',
      homeTitle: 'Welcome to Support',
      homeLayout: 'classic',
    });
    domainId = res.body.data.id;

    const listed = await owner.client.get('/api/domains');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      data: [{ id: domainId, domain: name, createdAt: res.body.data.createdAt }],
      limits: { maxDomains: 1, used: 1 },
    });
  });

  it('refuses a second domain on Standard with 403 PLAN_LIMIT and the upgrade message', async () => {
    const res = await owner.client.post('/api/domains', { domain: hostname('second') });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({
      code: 'PLAN_LIMIT',
      message: 'Your Standard plan allows 1 domain. Upgrade to Pro to add more.',
    });
  });

  describe('"Other settings" rules', () => {
    const path = () => `/api/domains/${domainId}/settings`;
    it.each([
      ['welcomeMessage', 'Hello', M.welcomeMin],
      ['welcomeMessage', '', M.welcomeMin],
      ['background', 'white', M.hexColor],
      ['textColor', '#12', M.hexColor],
      ['iconColor', '#12345', M.hexColor],
      ['themeColor', '6366f1', M.hexColor],
      ['helpDeskColor', '#ggg', M.hexColor],
      ['titleColor', '#1234567', M.hexColor],
      ['customLinkUrl', 'not a url', M.url],
      ['customLinkUrl', 'ftp://files.example.com', M.url],
      ['customLinkUrl', 'javascript:alert(1)', M.url],
      ['feedbackQuestion', '', M.feedbackQuestion],
      ['feedbackQuestion', '   ', M.feedbackQuestion],
      ['feedbackYesText', '', M.feedbackYes],
      ['feedbackNoText', '', M.feedbackNo],
      ['feedbackFollowUp', '', M.feedbackFollowUp],
    ])('refuses %s = %j with its message', async (field, value, message) => {
      await expectRule(owner.client, 'PATCH', path(), { [field]: value }, field, message);
    });

    it.each([
      ['themeColor', 'indigo', M.hexColor],
      ['textColor', '#12345', M.hexColor],
      ['titleColor', 'fff', M.hexColor],
    ])('refuses widget home %s = %j with its message', async (field, value, message) => {
      await expectRule(
        owner.client,
        'PATCH',
        `/api/domains/${domainId}/home-settings`,
        { [field]: value },
        field,
        message,
      );
    });

    it('refuses a widget custom link with a bad URL', async () => {
      const res = await owner.client.request('PATCH', `/api/domains/${domainId}/home-settings`, {
        json: { customLinks: [{ id: 'l1', title: 'Docs', url: 'docs' }] },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(M.url);
    });

    it('accepts 3- and 6-digit colours, saves a partial update and clears a blank custom link text', async () => {
      const res = await owner.client.request('PATCH', path(), {
        json: {
          welcomeMessage: 'Welcome to our shop!',
          background: '#fff',
          themeColor: '#0EA5E9',
          customLinkTitle: 'Size guide',
          customLinkUrl: 'https://shop.example.com/sizes',
          iconStyle: 'Friendly',
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        welcomeMessage: 'Welcome to our shop!',
        background: '#fff',
        themeColor: '#0EA5E9',
        iconStyle: 'Friendly',
      });
      const cleared = await owner.client.request('PATCH', path(), { json: { customLinkTitle: '' } });
      expect(cleared.status).toBe(200);
      expect(cleared.body.data.customLinkTitle).toBeUndefined();
      expect(cleared.body.data.customLinkUrl).toBe('https://shop.example.com/sizes');

      const home = await owner.client.request('PATCH', `/api/domains/${domainId}/home-settings`, {
        json: {
          homeLayout: 'compact',
          popularTopicsEnabled: true,
          popularTopics: [
            {
              id: 't1',
              title: 'Shipping',
              linkType: 'external_url',
              linkTarget: 'https://shop.example.com/shipping',
            },
          ],
        },
      });
      expect(home.status).toBe(200);
      expect(home.body.data).toMatchObject({
        homeLayout: 'compact',
        homeTitle: 'Welcome to Support',
        popularTopicsEnabled: true,
      });

      const detail = await owner.client.get(`/api/domains/${domainId}`);
      expect(detail.body.data.settings.welcomeMessage).toBe('Welcome to our shop!');
      expect(detail.body.data.homeSettings.homeLayout).toBe('compact');
    });
  });

  describe('bot configuration', () => {
    const config = {
      personality: 'empathetic',
      tone: 'supportive',
      businessDescription: 'Handmade mugs',
      industry: 'retail',
      responseStyle: 'detailed',
      handoff: 'moderate',
      shippingEnabled: true,
      shippingTime: '3-5',
      shippingRegions: ['domestic', 'worldwide'],
      shippingCosts: { domestic: 4.5, worldwide: 12 },
      freeShippingThreshold: 'about fifty',
    };

    it('is null until saved, then saved whole with an unparseable threshold as 0', async () => {
      expect((await owner.client.get(`/api/domains/${domainId}/config`)).body).toEqual({ data: null });
      const saved = await owner.client.post(`/api/domains/${domainId}/config`, config);
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ success: true });
      expect((await owner.client.get(`/api/domains/${domainId}/config`)).body.data).toEqual({
        ...config,
        freeShippingThreshold: 0,
      });
      await owner.client.post(`/api/domains/${domainId}/config`, {
        ...config,
        freeShippingThreshold: '75.5',
      });
      expect(
        (await owner.client.get(`/api/domains/${domainId}/config`)).body.data.freeShippingThreshold,
      ).toBe(75.5);
    });

    it('refuses an unknown personality with 400', async () => {
      const res = await owner.client.post(`/api/domains/${domainId}/config`, {
        ...config,
        personality: 'grumpy',
      });
      expect(res.status).toBe(400);
      expect(res.body.error.fields[0].field).toBe('personality');
    });
  });

  describe('filter questions', () => {
    it.each([
      [{ question: '', answer: 'M' }, 'question', M.filterQuestion],
      [{ answer: 'M' }, 'question', M.filterQuestion],
      [{ question: 'What size?', answer: ' ' }, 'answer', M.filterAnswer],
      [{ question: 'What size?' }, 'answer', M.filterAnswer],
    ])('refuses %j with its message', async (body, field, message) => {
      await expectRule(
        owner.client,
        'POST',
        '/api/settings/filter-questions',
        { domainId, ...body },
        field,
        message,
      );
    });

    it('needs a domain', async () => {
      await expectRule(
        owner.client,
        'POST',
        '/api/settings/filter-questions',
        { question: 'Q', answer: 'A' },
        'domainId',
        M.searchDomain,
      );
      const res = await owner.client.get('/api/settings/filter-questions');
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(M.searchDomain);
    });

    it('adds (201), lists with answers and deletes (204)', async () => {
      const first = await owner.client.post('/api/settings/filter-questions', {
        domainId,
        question: 'What size do you wear?',
        answer: 'M',
      });
      expect(first.status).toBe(201);
      expect(first.body.data).toMatchObject({
        question: 'What size do you wear?',
        answer: 'M',
        answered: true,
        domainId,
      });
      await owner.client.post('/api/settings/filter-questions', {
        domainId,
        question: 'Gift wrap?',
        answer: 'Yes',
      });
      const listed = await owner.client.get(`/api/settings/filter-questions?domainId=${domainId}`);
      expect(listed.body.data.map((q: { question: string }) => q.question)).toEqual([
        'What size do you wear?',
        'Gift wrap?',
      ]);
      const deleted = await owner.client.request(
        'DELETE',
        `/api/settings/filter-questions/${first.body.data.id}`,
      );
      expect(deleted.status).toBe(204);
      expect(
        (await owner.client.get(`/api/settings/filter-questions?domainId=${domainId}`)).body.data,
      ).toHaveLength(1);
      expect(
        (await owner.client.request('DELETE', `/api/settings/filter-questions/${first.body.data.id}`)).status,
      ).toBe(404);
    });
  });

  it('answers 401 without a session', async () => {
    const anonymous = stack.client({ gateway, origin: FRONTEND });
    expect((await anonymous.get('/api/domains')).status).toBe(401);
    expect((await anonymous.post('/api/domains', { domain: hostname('anon') })).status).toBe(401);
  });
});

describe('domains API across accounts', () => {
  let a: Owner;
  let b: Owner;
  let domainA: string;
  let nameA: string;
  let questionA: string;

  beforeAll(async () => {
    [a, b] = [await signedInOwner(), await signedInOwner()];
    nameA = hostname('tenant-a');
    domainA = (await a.client.post('/api/domains', { domain: nameA })).body.data.id;
    questionA = (
      await a.client.post('/api/settings/filter-questions', {
        domainId: domainA,
        question: 'Q?',
        answer: 'A',
      })
    ).body.data.id;
  }, 120_000);

  it('gives owner B 404 for every read and write of owner A’s domain, settings, configuration and questions', async () => {
    const config = {
      personality: 'friendly',
      tone: 'casual',
      industry: 'retail',
      responseStyle: 'concise',
      handoff: 'quick',
    };
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/api/domains/${domainA}`],
      ['PATCH', `/api/domains/${domainA}/settings`, { paymentEnabled: true }],
      ['PATCH', `/api/domains/${domainA}/home-settings`, { homeTitle: 'Mine now' }],
      ['GET', `/api/domains/${domainA}/config`],
      ['POST', `/api/domains/${domainA}/config`, config],
      ['GET', `/api/settings/filter-questions?domainId=${domainA}`],
      ['POST', '/api/settings/filter-questions', { domainId: domainA, question: 'Q?', answer: 'A' }],
      ['DELETE', `/api/settings/filter-questions/${questionA}`],
      ['DELETE', `/api/domains/${domainA}`],
    ];
    for (const [method, path, json] of attempts) {
      const res = await b.client.request(method, path, json === undefined ? {} : { json });
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }
    expect((await b.client.get('/api/domains')).body.data).toEqual([]);

    const detail = await a.client.get(`/api/domains/${domainA}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.settings.paymentEnabled).toBe(false);
    expect(detail.body.data.config).toBeNull();
    expect((await a.client.get(`/api/settings/filter-questions?domainId=${domainA}`)).body.data).toHaveLength(
      1,
    );
  });

  it('answers 404 for an id that cannot exist', async () => {
    expect((await a.client.get('/api/domains/not-an-id')).status).toBe(404);
    expect((await a.client.request('DELETE', '/api/settings/filter-questions/not-an-id')).status).toBe(404);
  });

  it('keeps a name unique across accounts (409 DOMAIN_EXISTS) until its owner deletes it', async () => {
    const taken = await b.client.post('/api/domains', { domain: nameA });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({
      code: 'DOMAIN_EXISTS',
      message: 'This domain has already been added',
      fields: [{ field: 'domain', message: 'This domain has already been added' }],
    });

    expect((await a.client.request('DELETE', `/api/domains/${domainA}`)).status).toBe(204);
    expect((await a.client.get(`/api/domains/${domainA}`)).status).toBe(404);
    expect((await a.client.get(`/api/settings/filter-questions?domainId=${domainA}`)).status).toBe(404);
    expect((await a.client.get('/api/domains')).body.limits).toEqual({ maxDomains: 1, used: 0 });

    const added = await b.client.post('/api/domains', { domain: nameA });
    expect(added.status).toBe(201);
    // A's Standard place is free again.
    expect((await a.client.post('/api/domains', { domain: hostname('tenant-a-again') })).status).toBe(201);
  });
});
