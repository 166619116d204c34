import { randomUUID } from 'node:crypto';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import type { DocumentedRoute } from './documented-routes';
import { deeplyNested, HOSTILE_STRINGS, percentEncode, RAW_PATH_SEGMENTS, RAW_QUERIES } from './hostile';

export const PERSONAS = ['anonymous', 'visitor', 'owner', 'agent', 'otherTenant'] as const;
/** Who sends the request; `throwaway` stands in for the others on routes that end or change a session. */
export type Persona = (typeof PERSONAS)[number] | 'throwaway';

export type IdKind =
  | 'domain'
  | 'product'
  | 'article'
  | 'appointment'
  | 'image'
  | 'filterQuestion'
  | 'notification'
  | 'room'
  | 'member'
  | 'invite'
  | 'campaign';

/** Ids that exist: tenant A's (the owner's and the agent's account) and tenant B's (the other tenant). */
export interface KnownIds {
  A: Record<IdKind, string>;
  B: Record<IdKind, string>;
}

/** What a path parameter is filled with. */
export type IdChoice = 'A' | 'B' | 'random' | { text: string } | { raw: string };
export type QueryChoice = 'none' | 'seed' | { hostile: string } | { raw: string };
export type BodyChoice =
  | 'none'
  | 'seed'
  | { field: string; value: unknown }
  | { replace: unknown }
  | 'broken-json'
  | 'not-an-object'
  | 'deep-nesting'
  | 'too-large'
  | 'lone-surrogate-escape'
  | 'text-plain'
  | 'form-urlencoded'
  | 'gzip'
  | 'gzip-not'
  | 'br'
  | 'br-not'
  | 'deflate-not'
  | 'unknown-encoding'
  | 'utf-7'
  | 'empty-json'
  /** One of the uploads FuzzContext.multipart makes, by index: the one multipart body of the API. */
  | { multipart: number };
export type HeaderChoice =
  | 'persona'
  | 'garbage-bearer'
  | 'other-token-kind'
  | 'garbage-cookie'
  | 'foreign-origin'
  | 'garbage-forwarded-for'
  | 'garbage-request-id';

export interface FuzzCase {
  route: DocumentedRoute;
  persona: Persona;
  ids: IdChoice;
  query: QueryChoice;
  body: BodyChoice;
  headers: HeaderChoice;
}

export interface BuiltRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Tenant A's or B's real ids in the path, and whose they are. */
  tenantOfIds?: 'A' | 'B';
}

/** What a route's path parameter names. */
export function idKindOf(template: string, param: string): IdKind {
  if (param === 'roomId') return 'room';
  if (param === 'memberId') return 'member';
  if (param === 'domainId') return 'domain';
  const area = template.split('/')[2] ?? '';
  // The public API (/api/v1/<area>/{id}): the same items as the dashboard's routes.
  if (area === 'v1') {
    const v1: Record<string, IdKind> = { products: 'product', articles: 'article', conversations: 'room' };
    const kind = v1[template.split('/')[3] ?? ''];
    if (!kind) throw new Error(`no id kind for {${param}} of ${template}: add it to idKindOf`);
    return kind;
  }
  const byArea: Record<string, IdKind> = {
    products: 'product',
    'help-articles': 'article',
    'appointment-types': 'appointment',
    images: 'image',
    domains: 'domain',
    settings: 'filterQuestion',
    notifications: 'notification',
    conversations: 'room',
    // Issue 14: no persona is an admin (every /api/admin route answers them 401/403), and the
    // public blog and careers take any id: an id of another kind stands in (answered 404).
    admin: 'product',
    blog: 'product',
    careers: 'product',
    // Email marketing's campaigns: a real campaign of each tenant.
    marketing: 'campaign',
    // API keys: an id of another kind stands in (answered 404), so the personas' keys survive.
    'api-keys': 'product',
    // Webhook endpoints and deliveries: likewise (answered 404); the fuzz creates its own.
    webhooks: 'product',
  };
  if (area === 'team') return template.includes('/invites/') ? 'invite' : 'member';
  const kind = byArea[area];
  if (!kind) throw new Error(`no id kind for {${param}} of ${template}: add it to idKindOf`);
  return kind;
}

/** Routes that end or change the caller's session: sent by a throwaway owner, never the personas the rest depends on. */
const SESSION_CHANGING = new Set([
  'POST /api/auth/logout',
  'POST /api/auth/refresh',
  'POST /api/user/me/password',
]);

/** Routes anyone may call: another tenant's ids are meant to work there. */
export const isPublicRoute = (route: DocumentedRoute) =>
  route.key === 'GET /api/images/{id}' ||
  route.template.startsWith('/api/widget/domains/') ||
  route.template.startsWith('/api/blog/') ||
  route.template.startsWith('/api/careers/') ||
  route.template === '/api/marketing/unsubscribe' ||
  route.key === 'GET /api/v1/openapi.json';

export interface FuzzContext {
  ids: KnownIds;
  /** Headers a persona's requests carry (cookie, origin, bearer), for a path. */
  personaHeaders(persona: Persona, path: string): Record<string, string>;
  /** The visitor's token, and a dashboard access token, to send to the routes of the other kind. */
  visitorToken: string;
  ownerAccessToken: string;
  /** The throwaway owner's: a dashboard token whose requests cannot harm the personas' data. */
  throwawayAccessToken: string;
  /** A valid body for the route, made for the case (fresh emails, the known ids), if it takes one. */
  seedBody(route: DocumentedRoute): Record<string, unknown> | undefined;
  /** A valid query for the route, if it reads one. */
  seedQuery(route: DocumentedRoute): Record<string, string> | undefined;
  /** The kinds of multipart upload there are: whole, cut off, huge, mislabelled... */
  uploadKinds: number;
  /** One multipart upload (for POST /api/images; any other route is sent it as a wrong content type). */
  multipart(kind: number): { body: Buffer; contentType: string; headers?: Record<string, string> };
}

let ipCounter = Math.floor(Math.random() * 60_000);
/** A new documentation-range address per request, so the per-address rate limits stay out of the way. */
export function freshIp(): string {
  ipCounter = (ipCounter + 1) % 131_072;
  return `198.${18 + (ipCounter >> 16)}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

function pathOf(route: DocumentedRoute, choice: IdChoice, ids: KnownIds): string {
  return route.template.replace(/\{(\w+)\}/g, (_m, param: string) => {
    if (choice === 'A' || choice === 'B') return ids[choice][idKindOf(route.template, param)];
    if (choice === 'random') return randomUUID();
    if ('raw' in choice) return choice.raw;
    return percentEncode(choice.text);
  });
}

function queryOf(route: DocumentedRoute, choice: QueryChoice, context: FuzzContext): string {
  if (choice === 'none') return '';
  if (typeof choice === 'object' && 'raw' in choice) return `?${choice.raw}`;
  const seed = context.seedQuery(route) ?? { domainId: context.ids.A.domain };
  const entries = Object.entries(seed).map(([k, v]) => [k, typeof choice === 'object' ? choice.hostile : v]);
  return `?${entries.map(([k, v]) => `${percentEncode(k!)}=${percentEncode(v!)}`).join('&')}`;
}

function bodyOf(
  route: DocumentedRoute,
  choice: BodyChoice,
  context: FuzzContext,
): { body?: Buffer; headers: Record<string, string> } {
  const json = (value: unknown, headers: Record<string, string> = {}) => ({
    body: Buffer.from(JSON.stringify(value) ?? 'null'),
    headers: { 'content-type': 'application/json', ...headers },
  });
  const seed = context.seedBody(route) ?? {};
  const seedText = Buffer.from(JSON.stringify(seed));
  if (choice === 'none') return { headers: {} };
  if (choice === 'seed') return json(seed);
  if (typeof choice === 'object' && 'field' in choice) return json({ ...seed, [choice.field]: choice.value });
  if (typeof choice === 'object' && 'replace' in choice) return json(choice.replace);
  if (typeof choice === 'object' && 'multipart' in choice) {
    const upload = context.multipart(choice.multipart);
    return { body: upload.body, headers: { 'content-type': upload.contentType, ...upload.headers } };
  }
  const jsonType = { 'content-type': 'application/json' };
  switch (choice) {
    case 'broken-json':
      return { body: Buffer.from(seedText.toString().slice(0, -1) + ',"'), headers: jsonType };
    case 'not-an-object':
      return json([seed, 1, 'two']);
    case 'deep-nesting':
      return { body: Buffer.from(deeplyNested(40_000)), headers: jsonType };
    case 'too-large':
      return json({ ...seed, padding: 'x'.repeat(150_000) });
    case 'lone-surrogate-escape':
      return {
        body: Buffer.from(`{"content":"\\ud800","name":"\\udfff x","email":"a\\u0000@b.co"}`),
        headers: jsonType,
      };
    case 'text-plain':
      return { body: seedText, headers: { 'content-type': 'text/plain' } };
    case 'form-urlencoded':
      return {
        body: Buffer.from(
          new URLSearchParams(
            Object.entries(seed).map(([k, v]): [string, string] => [k, String(v)]),
          ).toString(),
        ),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      };
    case 'gzip':
      return { body: gzipSync(seedText), headers: { ...jsonType, 'content-encoding': 'gzip' } };
    case 'gzip-not':
      return { body: seedText, headers: { ...jsonType, 'content-encoding': 'gzip' } };
    case 'br':
      return { body: brotliCompressSync(seedText), headers: { ...jsonType, 'content-encoding': 'br' } };
    case 'br-not':
      return { body: seedText, headers: { ...jsonType, 'content-encoding': 'br' } };
    case 'deflate-not':
      return { body: gzipSync(seedText), headers: { ...jsonType, 'content-encoding': 'deflate' } };
    case 'unknown-encoding':
      return { body: deflateSync(seedText), headers: { ...jsonType, 'content-encoding': 'compress' } };
    case 'utf-7':
      return { body: seedText, headers: { 'content-type': 'application/json; charset=utf-7' } };
    case 'empty-json':
      return { body: Buffer.alloc(0), headers: jsonType };
  }
}

function headersOf(
  choice: HeaderChoice,
  route: DocumentedRoute,
  context: FuzzContext,
): Record<string, string> {
  switch (choice) {
    case 'persona':
      return {};
    case 'garbage-bearer':
      return { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' };
    case 'other-token-kind':
      // A dashboard token on the widget's routes, a visitor's everywhere else.
      return {
        authorization: `Bearer ${route.template.startsWith('/api/widget/') ? context.throwawayAccessToken : context.visitorToken}`,
      };
    case 'garbage-cookie':
      return { cookie: 'parley_at=%ff%00garbage; parley_rt=x; parley_session=1' };
    case 'foreign-origin':
      return { origin: 'https://evil.example.com' };
    case 'garbage-forwarded-for':
      return { 'x-forwarded-for': 'not-an-address, 999.1.1.1, ::ffff:zz' };
    case 'garbage-request-id':
      return { 'x-request-id': 'x'.repeat(400) };
  }
}

/** The request a case describes, bytes and all. */
export function buildRequest(c: FuzzCase, context: FuzzContext): BuiltRequest {
  const persona: Persona =
    SESSION_CHANGING.has(c.route.key) && c.persona !== 'anonymous' && c.persona !== 'visitor'
      ? 'throwaway'
      : c.persona;
  let ids = c.ids;
  // Deleting what the personas stand on (their domain, their agent) would leave little to reach.
  const own = persona === 'otherTenant' ? 'B' : 'A';
  if (c.route.method === 'DELETE' && ids === own) ids = 'random';
  const path = pathOf(c.route, ids, context.ids) + queryOf(c.route, c.query, context);
  const { body, headers: bodyHeaders } = bodyOf(c.route, c.body, context);
  const usesIds = (ids === 'A' || ids === 'B') && c.route.params.length > 0;
  return {
    method: c.route.method,
    path,
    headers: {
      'x-forwarded-for': freshIp(),
      ...context.personaHeaders(persona, path),
      ...bodyHeaders,
      ...headersOf(c.headers, c.route, context),
    },
    ...(body ? { body } : {}),
    ...(usesIds ? { tenantOfIds: ids as 'A' | 'B' } : {}),
  };
}

/** The hostile inputs every route meets in the sweep, once per persona. */
export const SWEEP: ReadonlyArray<Omit<FuzzCase, 'route' | 'persona'>> = [
  { ids: 'A', query: 'seed', body: 'seed', headers: 'persona' },
  { ids: 'B', query: 'seed', body: 'seed', headers: 'persona' },
  { ids: 'random', query: 'none', body: 'none', headers: 'persona' },
  { ids: { raw: '%ff%fe' }, query: 'seed', body: 'seed', headers: 'persona' },
  { ids: { raw: '%ED%A0%80' }, query: { raw: '%ff=%fe&a=%00' }, body: 'broken-json', headers: 'persona' },
  {
    ids: { text: 'a\u0000b' },
    query: { hostile: 'a\u0000b' },
    body: { replace: { ['k\u0000']: 'v' } },
    headers: 'persona',
  },
  { ids: 'A', query: { hostile: 'lone \ud800' }, body: 'lone-surrogate-escape', headers: 'persona' },
  { ids: 'A', query: 'seed', body: 'gzip-not', headers: 'persona' },
  { ids: 'A', query: 'seed', body: 'br-not', headers: 'garbage-forwarded-for' },
  { ids: 'A', query: 'seed', body: 'deep-nesting', headers: 'persona' },
  { ids: 'A', query: 'seed', body: 'too-large', headers: 'persona' },
  { ids: 'A', query: 'seed', body: { multipart: 0 }, headers: 'persona' },
  { ids: { text: 'x'.repeat(600) }, query: 'seed', body: 'not-an-object', headers: 'garbage-bearer' },
  { ids: 'A', query: 'seed', body: 'seed', headers: 'other-token-kind' },
];

export { HOSTILE_STRINGS, RAW_PATH_SEGMENTS, RAW_QUERIES };
