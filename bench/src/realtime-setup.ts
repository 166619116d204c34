/**
 * What one realtime run measures against, started and torn down: the product (identity and
 * conversations for SOURCE=widget, GATEWAYS gateway processes) or the reference server
 * (reference-server.ts), and the visitors (sessions and first messages through the product, or
 * tokens issued here).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { TestDatabase } from '@parley/testing';
import type { NatsConnection } from 'nats';
import { createVisitorTokens } from '../../gateway/src/auth/visitor-token';
import {
  announceDomain,
  AUDIENCE,
  createTestDatabase,
  identitySigningKey,
  ISSUER,
  startChild,
  startProgram,
  type Child,
} from './realtime-stack';
import { round } from './stats';

export type Target = 'product' | 'reference';

export interface Visitor {
  customerId: string;
  domainId: string;
  /** The visitor key's id, as conversations scopes the visitor's rooms (storm posts with it). */
  keyId: string;
  token: string;
  roomId: string;
  /** The channel its socket subscribes to: the room (the reference's is the room id too). */
  channel: string;
  /** A client IP of its own: widget sessions are rate-limited per IP. */
  ip: string;
  /** The gateway its POSTs go to, and the one its socket connects to. */
  postUrl: string;
  socketUrl: string;
}

export interface RunSettings {
  target: Target;
  source: 'widget' | 'events';
  sockets: number;
  gateways: number;
  roles: 'shared' | 'split';
  setupBatch: number;
}

/** The servers the clients talk to; `servers[i]` answers `urls[i]`. */
export interface Stack {
  namespace: string;
  redisPrefix: string;
  accountId: string;
  domainId: string;
  visitorSecret: string;
  /** The conversations service's gRPC address (widget source), for posts that bypass the gateway. */
  conversationsUrl: string | undefined;
  /** conversations' read-model database (widget source), for its statement counts. */
  conversationsDatabase: string | undefined;
  servers: Child[];
  urls: string[];
  /** The programs whose CPU the burst accounts for, by name. */
  named: Array<{ name: string; child: Child }>;
  /** Kills server `i` (SIGKILL, as a crash) and resolves once it is gone. */
  kill(i: number): Promise<void>;
  /** Starts server `i` again on the port it had; resolves once it listens. */
  restart(i: number): Promise<void>;
  stop(): Promise<void>;
}

const ipOf = (i: number) => `198.18.${(i >> 8) & 255}.${i & 255}`;

/** Which server (index) visitor `i` posts to and connects its socket to. */
function serversOf(settings: RunSettings, i: number): { post: number; socket: number } {
  if (settings.roles === 'split') return { post: 0, socket: 1 + (i % (settings.gateways - 1)) };
  return { post: i % settings.gateways, socket: i % settings.gateways };
}

export async function startStack(
  settings: RunSettings,
  nc: NatsConnection,
  namespace: string,
  jwksUrl: string,
): Promise<Stack> {
  const redisPrefix = `bench:${namespace}`;
  const visitorSecret = randomBytes(32).toString('base64url');
  const accountId = randomUUID();
  const children: Child[] = [];
  const databases: TestDatabase[] = [];
  const named: Stack['named'] = [];
  let domainId: string = randomUUID();
  let conversationsUrl: string | undefined;
  let conversationsDatabase: string | undefined;
  let identityUrl = '127.0.0.1:1';
  const stop = async () => {
    for (const child of [...children].reverse()) await child.stop();
    for (const db of databases) await db.drop();
  };
  try {
    if (settings.target === 'product' && settings.source === 'widget') {
      // Identity answers the gateway's system settings (maintenance mode guards /api/widget).
      const identityDb = await createTestDatabase();
      databases.push(identityDb);
      const identity = await startProgram(
        'services/identity',
        {
          DATABASE_URL: identityDb.url,
          EVENT_NAMESPACE: namespace,
          JWT_PRIVATE_KEY: await identitySigningKey(),
          CODE_SECRET: randomBytes(24).toString('base64url'),
          MAIL_SEAL_KEY: randomBytes(24).toString('base64url'),
          LOG_LEVEL: 'warn',
        },
        ['IDENTITY_GRPC_PORT', 'IDENTITY_HTTP_PORT'],
      );
      children.push(identity);
      named.push({ name: 'identity', child: identity });
      identityUrl = `127.0.0.1:${identity.port}`;
      const db = await createTestDatabase();
      databases.push(db);
      const conversations = await startProgram(
        'services/conversations',
        { DATABASE_URL: db.url, EVENT_NAMESPACE: namespace, LOG_LEVEL: 'warn' },
        ['CONVERSATIONS_GRPC_PORT'],
      );
      children.push(conversations);
      named.push({ name: 'conversations', child: conversations });
      conversationsUrl = `127.0.0.1:${conversations.port}`;
      conversationsDatabase = db.name;
      domainId = await announceDomain(nc, namespace, db, accountId);
    }
    const script = settings.target === 'product' ? 'realtime-gateway.js' : 'reference-server.js';
    const portVar = settings.target === 'product' ? 'GATEWAY_PORT' : 'REFERENCE_PORT';
    const env = {
      GATEWAY_HOST: '127.0.0.1',
      JWKS_URL: jwksUrl,
      JWT_ISSUER: ISSUER,
      JWT_AUDIENCE: AUDIENCE,
      REDIS_KEY_PREFIX: redisPrefix,
      EVENT_NAMESPACE: namespace,
      VISITOR_TOKEN_SECRET: visitorSecret,
      CONVERSATIONS_GRPC_URL: conversationsUrl ?? '127.0.0.1:1',
      IDENTITY_GRPC_URL: identityUrl,
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
    };
    const count = settings.target === 'product' ? settings.gateways : 1;
    const servers: Child[] = [];
    // One after the other: the first creates the relay's durable consumer the others share.
    for (let g = 0; g < count; g++) {
      const server = await startChild(script, { ...env, [portVar]: '0' });
      children.push(server);
      servers.push(server);
      named.push({ name: settings.target === 'product' ? `gateway${g}` : 'reference', child: server });
    }
    const replace = (i: number, next: Child) => {
      const old = servers[i]!;
      servers[i] = next;
      children[children.indexOf(old)] = next;
      const entry = named.find((n) => n.child === old);
      if (entry) entry.child = next;
    };
    return {
      namespace,
      redisPrefix,
      accountId,
      domainId,
      visitorSecret,
      conversationsUrl,
      conversationsDatabase,
      servers,
      urls: servers.map((s) => `http://127.0.0.1:${s.port}`),
      named,
      kill: async (i) => {
        const server = servers[i]!;
        const gone = new Promise((resolve) => server.process.once('exit', resolve));
        server.process.kill('SIGKILL');
        await gone;
      },
      restart: async (i) => {
        const port = servers[i]!.port;
        replace(i, await startChild(script, { ...env, [portVar]: String(port) }));
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${text}`);
  return JSON.parse(text) as unknown;
}

/**
 * The visitors, SETUP_BATCH at a time (a crowd arrives over time, not in one tick): a widget
 * session and a first message (which opens the room) through the product with SOURCE=widget;
 * otherwise tokens issued here (SOURCE=events: rooms of the bench's own; the reference: the room
 * is the visitor's own).
 */
export async function createVisitors(settings: RunSettings, stack: Stack): Promise<Visitor[]> {
  const setupStart = performance.now();
  const tokens = createVisitorTokens(stack.visitorSecret);
  const visitors: Visitor[] = [];
  const { domainId, accountId, urls } = stack;
  for (let i = 0; i < settings.sockets; i += settings.setupBatch) {
    const batch = await Promise.all(
      Array.from(
        { length: Math.min(settings.setupBatch, settings.sockets - i) },
        async (_, j): Promise<Visitor> => {
          const ip = ipOf(i + j + 1);
          const at = serversOf(settings, i + j);
          const postUrl = urls[at.post]!;
          const socketUrl = urls[at.socket]!;
          if (settings.target === 'reference' || settings.source === 'events') {
            const customerId = randomUUID();
            // Any key id: these visitors never call conversations.
            const keyId = randomBytes(32).toString('hex');
            const { token } = await tokens.issue({ customerId, domainId, accountId, keyId });
            const roomId = settings.target === 'reference' ? customerId : `room${i + j}`;
            return { customerId, domainId, keyId, token, roomId, channel: roomId, ip, postUrl, socketUrl };
          }
          const session = (await postJson(
            `${postUrl}/api/widget/session`,
            { domainId },
            { 'x-forwarded-for': ip },
          )) as {
            data: { token: string; customerId: string };
          };
          const first = (await postJson(
            `${postUrl}/api/widget/messages`,
            { content: 'Hello!', clientId: randomUUID() },
            { authorization: `Bearer ${session.data.token}`, 'x-forwarded-for': ip },
          )) as { data: { roomId: string } };
          const { visitor } = await tokens.verify(session.data.token);
          return {
            customerId: session.data.customerId,
            domainId,
            keyId: visitor.keyId,
            token: session.data.token,
            roomId: first.data.roomId,
            channel: first.data.roomId,
            ip,
            postUrl,
            socketUrl,
          };
        },
      ),
    );
    visitors.push(...batch);
  }
  console.log(
    `setup: ${settings.sockets} visitors in ${round((performance.now() - setupStart) / 1000, 1)} s`,
  );
  return visitors;
}
