import { crc32 } from 'node:zlib';
import { BOOKING_SLOTS, ClientSocketEvent } from '@parley/contracts';
import { API_KEY_SCOPES } from '@parley/contracts/validation';
import { pngOf } from '@parley/content/test/images';
import fc from 'fast-check';
import { io as connect, type Socket } from 'socket.io-client';
import { setAccountPlan } from './support/billing';
import { uploadImage } from './support/content';
import { agentOf, ownerWithDomain, visitorOf, eventually } from './support/conversations';
import { onboardingAnswers, PASSWORD, registerOwner, signupDetails, uniqueEmail } from './support/flows';
import type { GatewayClient } from './support/http-client';
import { startProductWorld, type ProductWorld } from './support/product';
import { multipartBody, rawRequest } from './support/raw-http';
import { FRONTEND } from './support/stack';
import { problemWith } from './support/fuzz/answers';
import { documentedCodes, documentedRoutes, type DocumentedRoute } from './support/fuzz/documented-routes';
import { hostileJson, hostileText, RAW_PATH_SEGMENTS, RAW_QUERIES } from './support/fuzz/hostile';
import {
  buildRequest,
  idKindOf,
  PERSONAS,
  SWEEP,
  type BodyChoice,
  type FuzzCase,
  type FuzzContext,
  type HeaderChoice,
  type IdKind,
  type KnownIds,
  type Persona,
} from './support/fuzz/requests';

/**
 * Issue 11's fuzz suite: every route docs/api.md and docs/api/*.md name, as every kind of caller,
 * with hostile paths, queries, bodies, encodings and headers, against the whole product (every
 * service real, on real PostgreSQL, NATS and Redis). Each answer must be a success or a documented
 * 4xx, never a 5xx or none; afterwards every program must still be up and no projection may have
 * parked a dead letter. Bounded: a fixed sweep plus FUZZ_RUNS generated cases within FUZZ_SECONDS
 * (set FUZZ_SEED to replay a failure fast-check reported). docs/testing.md says what it covers.
 */

const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 3000);
const FUZZ_SECONDS = Number(process.env.FUZZ_SECONDS ?? 60);
const FUZZ_SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const CONCURRENCY = 4;
const REQUEST_TIMEOUT_MS = 20_000;

/** Only the documented routes under this prefix (e.g. `/api/marketing`): a quicker look at one area. */
const FUZZ_ROUTES = process.env.FUZZ_ROUTES ?? '';
const routes = documentedRoutes().filter((r) => r.template.startsWith(FUZZ_ROUTES));
const codes = documentedCodes();
let world: ProductWorld;
let context: FuzzContext;
const tally = { requests: 0, sockets: 0, byStatus: new Map<number, number>(), routes: new Set<string>() };

/** Sends one case and says what is wrong with its answer, if anything. */
async function run(c: FuzzCase): Promise<string | undefined> {
  const request = buildRequest(c, context);
  const res = await rawRequest(world.gateway.url, { ...request, timeoutMs: REQUEST_TIMEOUT_MS }).catch(
    (e: Error) => ({
      status: 0,
      headers: {},
      text: e.message,
      body: undefined,
      ms: REQUEST_TIMEOUT_MS,
    }),
  );
  tally.requests++;
  tally.routes.add(c.route.key);
  tally.byStatus.set(res.status, (tally.byStatus.get(res.status) ?? 0) + 1);
  const problem = problemWith(c.route, request, c.persona, res, codes);
  if (!problem) return undefined;
  const body = request.body ? request.body.subarray(0, 160).toString('latin1') : '';
  return `${c.persona} ${request.method} ${request.path.slice(0, 160)} [${JSON.stringify(c.body).slice(0, 80)} / ${JSON.stringify(c.headers)}] ${body} -> ${problem}`;
}

/** Runs cases a few at a time; collects every problem (one message per distinct problem). */
async function runAll(cases: FuzzCase[]): Promise<string[]> {
  const problems = new Set<string>();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < cases.length) {
        const problem = await run(cases[next++]!);
        if (problem) problems.add(problem);
      }
    }),
  );
  return [...problems];
}

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const cookieOf = (client: GatewayClient, path: string) => client.cookieHeader(path.split('?')[0]!) ?? '';

/** A PNG whose header claims another size (CRC fixed). */
function claiming(png: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(png);
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  copy.writeUInt32BE(crc32(copy.subarray(12, 29)), 29);
  return copy;
}

async function seedWorld(): Promise<FuzzContext> {
  const [ownerA, ownerB] = await Promise.all([ownerWithDomain(world), ownerWithDomain(world)]);
  const throwawayClient = world.stack.client({ gateway: world.gateway, origin: FRONTEND });
  const throwaway = await registerOwner(world.stack, throwawayClient);
  const agent = await agentOf(world, ownerA.user);
  const png = await pngOf(16, 16);

  const created = async (client: GatewayClient, path: string, body: unknown): Promise<string> => {
    const res = await client.post(path, body);
    if (res.status !== 201) throw new Error(`seeding ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.id as string;
  };
  const tenantIds = async (
    owner: { client: GatewayClient; domainId: string },
    member: string,
  ): Promise<Record<IdKind, string>> => {
    const { client, domainId } = owner;
    const image = await uploadImage(client, { bytes: png, filename: 'seed.png' }, { domainId });
    if (image.status !== 201) throw new Error(`seeding an image: ${image.status}`);
    const visitor = await visitorOf(world, domainId);
    const first = await visitor.client.post('/api/widget/messages', { content: 'Hello, I need help' });
    if (first.status !== 201) throw new Error(`seeding a room: ${first.status}`);
    const ids = {
      domain: domainId,
      product: await created(client, '/api/products', {
        domainId,
        name: 'Ceramic mug',
        price: '24.50',
        productType: 'Kitchen',
        description: 'A mug',
        images: [image.body.data.id],
      }),
      article: await created(client, '/api/help-articles', {
        domainId,
        title: 'Returns',
        question: 'Can I return it?',
        answer: 'Within 30 days',
      }),
      appointment: await created(client, '/api/appointment-types', {
        domainId,
        name: 'Call',
        price: 10,
        appointmentType: 'Video',
      }),
      image: image.body.data.id as string,
      filterQuestion: await created(client, '/api/settings/filter-questions', {
        domainId,
        question: 'What size?',
        answer: 'Large',
      }),
      room: first.body.data.roomId as string,
      member,
      invite: await created(client, '/api/team/invites', { email: uniqueEmail('invitee') }),
      notification: '',
      campaign: '',
    };
    await eventually(async () => {
      const listed = await client.get('/api/notifications');
      ids.notification = listed.body.data?.[0]?.id ?? '';
      expect(ids.notification).not.toBe('');
    }, 20_000);
    // Email marketing knows the domain once its own projection of domains' events has it.
    await eventually(async () => {
      const res = await client.post('/api/marketing/campaigns', {
        domainId,
        subject: 'Spring sale',
        body: '<p>Twelve new glazes</p>',
      });
      expect(res.status).toBe(201);
      ids.campaign = res.body.data.id as string;
    }, 20_000);
    return ids;
  };
  const ids: KnownIds = {
    A: await tenantIds(ownerA, agent.user.id),
    B: await tenantIds(ownerB, ownerB.user.id),
  };
  const shared = await ownerA.client.post(`/api/conversations/${ids.A.room}/share`, {
    memberId: agent.user.id,
  });
  if (shared.status !== 200)
    throw new Error(`sharing the room: ${shared.status} ${JSON.stringify(shared.body)}`);
  // The public API's callers: both tenants on PRO, each with a key of every scope. /api/v1 is
  // sent the owner's key for the owner (and the throwaway), tenant B's for the other tenant.
  const apiKeyOf = async (owner: { client: GatewayClient; user: { accountId: string } }) => {
    await setAccountPlan(world.stack.namespace, owner.user.accountId, 'PRO');
    const res = await owner.client.post('/api/api-keys', { name: 'fuzz', scopes: [...API_KEY_SCOPES] });
    if (res.status !== 201) throw new Error(`creating an API key: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.key as string;
  };
  const apiKeys: Partial<Record<Persona, string>> = {
    owner: await apiKeyOf(ownerA),
    otherTenant: await apiKeyOf(ownerB),
  };
  apiKeys.throwaway = apiKeys.owner;
  const visitor = await visitorOf(world, ownerA.domainId);
  const ownerAccessToken = ownerA.client.cookie('parley_at')!.value;

  const signedIn: Partial<Record<Persona, GatewayClient>> = {
    owner: ownerA.client,
    agent: agent.client,
    otherTenant: ownerB.client,
    throwaway: throwawayClient,
  };
  const seedBodies = (route: DocumentedRoute): Record<string, unknown> | undefined => {
    const domainId = ids.A.domain;
    const product = {
      domainId,
      name: 'Teapot',
      price: '12.50',
      productType: 'Kitchen',
      description: 'A teapot',
    };
    const campaign = {
      domainId,
      subject: 'Spring sale',
      body: '<h2>New colours</h2><p>Twelve new <strong>glazes</strong></p>',
      audience: { query: '', questionId: '', answer: '', booked: 'any', ordered: 'any' },
    };
    const seeds: Record<string, () => Record<string, unknown>> = {
      'POST /api/auth/signup': () => signupDetails(uniqueEmail('fuzz')),
      'POST /api/auth/signup/verify': () => ({ signupId: ids.B.room, otp: '123456' }),
      'POST /api/auth/signup/resend': () => ({ signupId: ids.B.room }),
      'POST /api/auth/signup/complete': () => ({ signupId: ids.B.room, ...onboardingAnswers }),
      'POST /api/auth/login': () => ({ email: uniqueEmail('nobody'), password: 'Wrong_pass-1' }),
      'POST /api/auth/refresh': () => ({ refreshToken: 'not-a-refresh-token' }),
      'PATCH /api/user/me': () => ({ fullname: 'Ada Lovelace' }),
      'POST /api/user/me/password': () => ({
        currentPassword: 'Wrong_pass-1',
        password: PASSWORD,
        confirmPassword: PASSWORD,
      }),
      'PUT /api/system-settings': () => ({ maintenanceMode: false }),
      'POST /api/newsletter': () => ({ email: uniqueEmail('news') }),
      'POST /api/domains': () => ({ domain: `fuzz-${Date.now().toString(36)}.example.com` }),
      'PATCH /api/domains/{id}/settings': () => ({
        welcomeMessage: 'Hello there, welcome!',
        themeColor: '#123456',
      }),
      'PATCH /api/domains/{id}/home-settings': () => ({ homeTitle: 'Help centre', homeLayout: 'modern' }),
      'POST /api/domains/{id}/config': () => ({
        personality: 'friendly',
        tone: 'casual',
        industry: 'retail',
        responseStyle: 'concise',
        handoff: 'quick',
      }),
      'POST /api/settings/filter-questions': () => ({ domainId, question: 'Colour?', answer: 'Blue' }),
      'POST /api/products': () => product,
      'PUT /api/products/{id}': () => product,
      'POST /api/help-articles': () => ({ domainId, title: 'Hours', question: 'When?', answer: '9-5' }),
      'PUT /api/help-articles/{id}': () => ({ domainId, title: 'Hours', question: 'When?', answer: '9-5' }),
      'POST /api/appointment-types': () => ({
        domainId,
        name: 'Class',
        price: 5,
        appointmentType: 'Workshop',
      }),
      'PUT /api/appointment-types/{id}': () => ({
        domainId,
        name: 'Class',
        price: 5,
        appointmentType: 'Workshop',
      }),
      'PATCH /api/notifications/{id}': () => ({ read: true }),
      'POST /api/conversations/{roomId}/messages': () => ({ content: 'We can help with that.' }),
      'POST /api/conversations/{roomId}/live': () => ({ live: true }),
      'POST /api/conversations/{roomId}/share': () => ({ memberId: ids.A.member }),
      'POST /api/team/invites': () => ({ email: uniqueEmail('invitee') }),
      'POST /api/team/invites/accept': () => ({
        token: 'not-a-token',
        fullname: 'Grace Hopper',
        password: PASSWORD,
        confirmPassword: PASSWORD,
      }),
      'POST /api/widget/session': () => ({ domainId }),
      'POST /api/widget/messages': () => ({ content: 'Do you ship abroad?' }),
      'POST /api/widget/email': () => ({ email: uniqueEmail('visitor') }),
      'POST /api/widget/answers': () => ({
        answers: [{ questionId: ids.A.filterQuestion, answer: 'Large' }],
      }),
      'POST /api/widget/bookings': () => ({
        date: day(5),
        slot: BOOKING_SLOTS[Math.floor(Math.random() * BOOKING_SLOTS.length)],
        email: uniqueEmail('booker'),
        name: 'Ada',
      }),
      'POST /api/widget/feedback': () => ({ articleId: ids.A.article, helpful: true }),
      'POST /api/marketing/campaigns': () => campaign,
      'PUT /api/marketing/campaigns/{id}': () => campaign,
      'POST /api/marketing/campaigns/preview': () => campaign,
      'POST /api/marketing/campaigns/test': () => campaign,
      'POST /api/marketing/campaigns/{id}/send': () => ({ sendAt: null }),
      'POST /api/api-keys': () => ({ name: 'Fuzz key', scopes: ['products:read'] }),
      'POST /api/webhooks': () => ({ url: 'http://127.0.0.1:9/hooks', eventTypes: ['message.created'] }),
      'POST /api/v1/products': () => product,
      'PUT /api/v1/products/{id}': () => product,
      'POST /api/v1/articles': () => ({ domainId, title: 'Hours', question: 'When?', answer: '9-5' }),
      'PUT /api/v1/articles/{id}': () => ({ domainId, title: 'Hours', question: 'When?', answer: '9-5' }),
      'POST /api/v1/conversations/{id}/messages': () => ({ content: 'We can help with that.' }),
    };
    return seeds[route.key]?.();
  };
  const seedQueries: Record<string, Record<string, string>> = {
    'GET /api/products': { domainId: ids.A.domain },
    'GET /api/help-articles': { domainId: ids.A.domain },
    'GET /api/appointment-types': { domainId: ids.A.domain },
    'GET /api/settings/filter-questions': { domainId: ids.A.domain },
    'GET /api/bookings': { domainId: ids.A.domain },
    'GET /api/search': { domainId: ids.A.domain, query: 'mug' },
    'GET /api/conversations': { filter: 'all', domainId: ids.A.domain, limit: '10' },
    'GET /api/conversations/{roomId}/messages': { include_bot: 'true' },
    'GET /api/widget/domains/{domainId}/taken-slots': { date: day(5) },
    'GET /api/newsletter/confirm': { token: 'not-a-token' },
    'GET /api/newsletter/unsubscribe': { token: 'not-a-token' },
    'GET /api/team/invites/lookup': { token: 'not-a-token' },
    'GET /api/marketing/unsubscribe': { token: 'not-a-token' },
    'POST /api/marketing/unsubscribe': { token: 'not-a-token' },
    'GET /api/marketing/contacts': { domainId: ids.A.domain, query: 'example', booked: 'any' },
    'GET /api/v1/products': { domainId: ids.A.domain, limit: '5' },
    'GET /api/v1/articles': { domainId: ids.A.domain },
    'GET /api/v1/contacts': { domainId: ids.A.domain },
    'GET /api/v1/conversations': { domainId: ids.A.domain, limit: '10' },
    'GET /api/v1/conversations/{id}/messages': { limit: '10' },
  };
  const uploads = [
    () => multipartBody([{ name: 'file', value: png, filename: 'ok.png', type: 'image/png' }]),
    () => {
      const whole = multipartBody([{ name: 'file', value: png, filename: 'cut.png', type: 'image/png' }]);
      return { ...whole, body: whole.body.subarray(0, whole.body.length - 60) };
    },
    () => multipartBody([{ name: 'file', value: claiming(png, 100_000, 100_000), filename: 'huge.png' }]),
    () => multipartBody([{ name: 'file', value: 'not an image', filename: 'notes.png', type: 'image/png' }]),
    () =>
      multipartBody([
        { name: 'domainId', value: 'a\u0000' },
        { name: 'file', value: png, filename: 'a.png' },
      ]),
    () => multipartBody([{ name: 'file', value: Buffer.alloc(2_200_000, 7), filename: 'big.png' }]),
    () => ({ body: Buffer.from('--nope\r\n\r\n'), contentType: 'multipart/form-data; boundary=other' }),
    () => ({ body: Buffer.from('x'), contentType: 'multipart/form-data' }),
    () => ({
      ...multipartBody([{ name: 'file', value: png, filename: 'a.png' }]),
      headers: { 'content-encoding': 'gzip' },
    }),
    () => multipartBody([{ name: 'file', value: png, filename: 'photo.jpg', type: 'image/jpeg' }]),
    () =>
      multipartBody(
        Array.from({ length: 12 }, (_, i) => ({ name: `f${i}`, value: png, filename: `${i}.png` })),
      ),
  ];
  return {
    ids,
    visitorToken: visitor.session.token,
    ownerAccessToken,
    throwawayAccessToken: throwaway.accessToken,
    personaHeaders: (persona, path): Record<string, string> => {
      if (persona === 'anonymous') return {};
      if (persona === 'visitor') return { authorization: `Bearer ${visitor.session.token}` };
      const apiKey = apiKeys[persona];
      if (path.startsWith('/api/v1/') && apiKey) return { authorization: `Bearer ${apiKey}` };
      return { cookie: cookieOf(signedIn[persona]!, path), origin: FRONTEND };
    },
    seedBody: seedBodies,
    seedQuery: (route) => seedQueries[route.key],
    uploadKinds: uploads.length,
    multipart: (kind) => uploads[kind % uploads.length]!(),
  };
}

beforeAll(async () => {
  world = await startProductWorld();
  context = await seedWorld();
}, 300_000);

afterAll(async () => {
  // One line for docs/testing.md: what a run covered.
  const statuses = [...tally.byStatus.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}:${n}`);
  console.log(
    `http fuzz: ${tally.routes.size}/${routes.length} documented routes, ${tally.requests} requests, ${tally.sockets} socket events; statuses ${statuses.join(' ')}`,
  );
  await world?.dispose();
}, 120_000);

describe('the documented API under hostile input (issue 11)', () => {
  it('knows every documented route: each path parameter names a kind of id', () => {
    if (!FUZZ_ROUTES) expect(routes.length).toBeGreaterThan(70);
    for (const route of routes)
      for (const param of route.params) expect(() => idKindOf(route.template, param)).not.toThrow();
  });

  it('sweep: every route, as every kind of caller, meets each hostile input once', async () => {
    const cases: FuzzCase[] = [];
    for (const route of routes)
      for (const persona of PERSONAS) {
        for (const input of SWEEP) cases.push({ route, persona, ...input });
        // Uploads are the one multipart route: it meets every kind of upload (elsewhere one is a wrong content type).
        if (route.key === 'POST /api/images')
          for (let multipart = 0; multipart < context.uploadKinds; multipart++)
            cases.push({ route, persona, ids: 'A', query: 'none', body: { multipart }, headers: 'persona' });
      }
    expect(await runAll(cases)).toEqual([]);
  }, 480_000);

  it('generated: random routes, callers, ids, queries, bodies, encodings and headers', async () => {
    const fields = [
      'content',
      'email',
      'domainId',
      'name',
      'price',
      'question',
      'answer',
      'answers',
      'title',
      'welcomeMessage',
      'memberId',
      'live',
      'read',
      'date',
      'slot',
      'token',
      'password',
      'fullname',
      'images',
      'variants',
      'customLinks',
    ];
    const bodyKinds: BodyChoice[] = [
      'broken-json',
      'not-an-object',
      'deep-nesting',
      'too-large',
      'lone-surrogate-escape',
      'text-plain',
      'form-urlencoded',
      'gzip',
      'gzip-not',
      'br',
      'br-not',
      'deflate-not',
      'unknown-encoding',
      'utf-7',
      'empty-json',
    ];
    const headerKinds: HeaderChoice[] = [
      'persona',
      'garbage-bearer',
      'other-token-kind',
      'garbage-cookie',
      'foreign-origin',
      'garbage-forwarded-for',
      'garbage-request-id',
    ];
    const caseArb: fc.Arbitrary<FuzzCase> = fc.record({
      route: fc.constantFrom(...routes),
      persona: fc.constantFrom(...PERSONAS),
      ids: fc.oneof(
        fc.constantFrom<'A' | 'B' | 'random'>('A', 'B', 'random'),
        hostileText.map((text) => ({ text })),
        fc.constantFrom(...RAW_PATH_SEGMENTS).map((raw) => ({ raw })),
      ),
      query: fc.oneof(
        fc.constantFrom<'none' | 'seed'>('none', 'seed'),
        hostileText.map((hostile) => ({ hostile })),
        fc.constantFrom(...RAW_QUERIES).map((raw) => ({ raw })),
      ),
      body: fc.oneof(
        { weight: 3, arbitrary: fc.constant<BodyChoice>('seed') },
        {
          weight: 5,
          arbitrary: fc.record({
            field: fc.oneof(fc.constantFrom(...fields), hostileText),
            value: hostileJson,
          }),
        },
        { weight: 2, arbitrary: hostileJson.map((replace) => ({ replace })) },
        { weight: 3, arbitrary: fc.constantFrom(...bodyKinds) },
        { weight: 1, arbitrary: fc.nat().map((multipart) => ({ multipart })) },
      ),
      headers: fc.oneof(
        { weight: 6, arbitrary: fc.constant<HeaderChoice>('persona') },
        { weight: 3, arbitrary: fc.constantFrom(...headerKinds) },
      ),
    });
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const problem = await run(c);
        if (problem) throw new Error(problem);
      }),
      {
        numRuns: FUZZ_RUNS,
        interruptAfterTimeLimit: FUZZ_SECONDS * 1000,
        markInterruptAsFailure: false,
        ...(FUZZ_SEED === undefined ? {} : { seed: FUZZ_SEED }),
      },
    );
  }, 480_000);

  it('socket payloads: every event with generated payloads is answered or ignored, never a crash or a 5xx', async () => {
    const open = (token: string) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connect(world.gateway.url, {
          path: '/socket.io',
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          auth: { token },
        });
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    const visitor = await open(context.visitorToken);
    const team = await open(context.ownerAccessToken);
    // Why a socket went away mid-run, so that an event left without an ack says it.
    const gone: Record<string, string> = {};
    visitor.once('disconnect', (reason) => (gone.visitor = reason));
    team.once('disconnect', (reason) => (gone.team = reason));
    const events = [...Object.values(ClientSocketEvent), 'no-such-event'];
    const payloadArb = fc.oneof(
      hostileJson,
      fc.record({ channel: hostileText, since: hostileText }),
      fc.record({ roomId: fc.oneof(hostileText, fc.constant(context.ids.A.room)), isTyping: fc.boolean() }),
      fc.record({ content: hostileText, clientId: hostileText }),
    );
    const problems: string[] = [];
    // The gateway disconnects a socket that sends more than twice its event budget in a window
    // (event-budget.ts; this stack keeps the default 100 visitor events per 10 s, covered by
    // socket-event-budget.int.spec.ts). Up to twice the budget, events over it are still answered
    // as refused; a socket that reached that many sends no more here, so an event in flight is
    // never cut off by the designed disconnect (an unacked no-such-event could push it over).
    const NO_DISCONNECT_SENDS = 2 * 100;
    const sent = { visitor: 0, team: 0 };
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...events),
          fc.boolean(),
          payloadArb,
          async (event, asVisitor, payload) => {
            const socket = asVisitor ? visitor : team;
            const side = asVisitor ? 'visitor' : 'team';
            if (!socket.connected || sent[side] >= NO_DISCONNECT_SENDS) return;
            sent[side]++;
            tally.sockets++;
            if (event === 'no-such-event') {
              socket.emit(event, payload);
              return;
            }
            const ack = (await socket
              .timeout(10_000)
              .emitWithAck(event, payload)
              .catch((e: Error) => ({ noAck: e.message }))) as Record<string, unknown>;
            if ('noAck' in ack) {
              const why = gone[side] ? ` (the ${side} socket disconnected: ${gone[side]})` : '';
              problems.push(`${event} ${JSON.stringify(payload).slice(0, 120)}: no ack${why}`);
            }
            else if (
              typeof ack.status === 'number' &&
              (ack.status >= 500 || !codes.has(String((ack.error as { code?: string })?.code)))
            )
              problems.push(
                `${event} ${JSON.stringify(payload).slice(0, 120)}: ${JSON.stringify(ack).slice(0, 200)}`,
              );
          },
        ),
        { numRuns: 400, interruptAfterTimeLimit: 20_000, markInterruptAsFailure: false },
      );
    } finally {
      visitor.close();
      team.close();
    }
    expect(problems).toEqual([]);
    // A handshake with hostile tokens is refused, not crashed on.
    for (const token of ['', 'a\u0000', 'x'.repeat(10_000), context.visitorToken.slice(0, -3)]) {
      await expect(open(token)).rejects.toThrow(/unauthorized/);
    }
  }, 120_000);

  it('afterwards every program is up, and no projection parked a dead letter', async () => {
    expect((await rawRequest(world.gateway.url, { method: 'GET', path: '/healthz' })).status).toBe(200);
    expect((await rawRequest(world.gateway.url, { method: 'GET', path: '/readyz' })).status).toBe(200);
    expect((await world.servicesServing()).filter((s) => !s.serving)).toEqual([]);
    await world.quiet(60_000);
    expect(await world.deadLetters()).toEqual([]);
  }, 120_000);
});
