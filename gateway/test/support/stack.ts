import { randomBytes } from 'node:crypto';
import { unseal } from '@parley/contracts/sealing';
import { IdentityEvent } from '@parley/contracts';
import { EventStore } from '@parley/eventstore';
import { loadConfig as loadIdentityConfig } from '@parley/identity/src/config';
import { startIdentity, type IdentityHandle } from '@parley/identity/src/start';
import { createLogger } from '@parley/logger';
import {
  connectTestNats,
  createTestDatabase,
  deleteNamespaceStreams,
  randomNamespace,
  type TestDatabase,
} from '@parley/testing';
import { exportPKCS8, generateKeyPair } from 'jose';
import type { NatsConnection } from 'nats';
import { createClient as createRedis } from 'redis';
import { loadGatewayConfig } from '../../src/config';
import { startGateway, type GatewayHandle } from '../../src/start';
import { startTestBilling, type TestBilling } from './billing';
import { GatewayClient } from './http-client';

export const FRONTEND = 'http://localhost:3000';
const ISSUER = 'http://localhost:4101';
const logLevel = process.env.TEST_LOG_LEVEL ?? 'silent';

export interface TestGateway extends GatewayHandle {
  url: string;
}

/**
 * One isolated world for a test file: the real identity service (own namespace, database and
 * signing key), the real billing service reading its registrations (the plan catalogue and
 * account plans), and any number of real gateways in front of them, sharing one Redis prefix
 * like replicas behind a load balancer.
 */
export interface TestStack {
  namespace: string;
  /** The key identity seals mailed codes and tokens with (notifications needs the same). */
  mailSealKey: string;
  /** The key the stack's gateways sign caller tokens with, and identity and billing verify them. */
  callerTokenSecret: string;
  /** Identity's own database. */
  identityDb: TestDatabase;
  admin: { email: string; password: string };
  identity: IdentityHandle;
  billing: TestBilling;
  gateways: TestGateway[];
  startGateway(env?: Record<string, string>): Promise<TestGateway>;
  /** A browser-like client of a gateway (the first one by default), with its own client IP. */
  client(options?: { gateway?: TestGateway; origin?: string }): GatewayClient;
  /** The newest code of a sign-up, read as the mailer reads it: from the event log, unsealed. */
  signupCode(signupId: string): Promise<string>;
  /** The newest token of a team invitation, read as the mailer reads it: from the event log, unsealed. */
  teamInviteToken(inviteId: string): Promise<string>;
  stopIdentity(): Promise<void>;
  dispose(): Promise<void>;
}

export async function startStack(
  options: {
    gatewayEnv?: Record<string, string>;
    identityEnv?: Record<string, string>;
    billingEnv?: Record<string, string>;
  } = {},
): Promise<TestStack> {
  const namespace = randomNamespace();
  const mailSealKey = randomBytes(24).toString('base64url');
  // As in production: identity and billing refuse gRPC calls without the gateway's caller token.
  const callerTokenSecret = randomBytes(32).toString('base64url');
  const admin = { email: `admin.${namespace}@example.com`, password: 'Admin_pass-2024' };
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const db: TestDatabase = await createTestDatabase();
  const nc: NatsConnection = await connectTestNats();
  const store = new EventStore(nc, { context: 'identity', namespace });

  const identityConfig = {
    ...loadIdentityConfig({
      DATABASE_URL: db.url,
      NATS_URL: 'nats://127.0.0.1:4222',
      REDIS_URL: 'redis://127.0.0.1:6379',
      EVENT_NAMESPACE: namespace,
      JWT_PRIVATE_KEY: await exportPKCS8(privateKey),
      JWT_ISSUER: ISSUER,
      JWT_AUDIENCE: 'parley',
      CODE_SECRET: randomBytes(24).toString('base64url'),
      MAIL_SEAL_KEY: mailSealKey,
      CALLER_TOKEN_SECRET: callerTokenSecret,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: logLevel,
      ...options.identityEnv,
    }),
    grpcPort: 0,
    httpPort: 0,
  };
  const identity = await startIdentity(identityConfig, createLogger('identity', identityConfig.logLevel));
  let identityStopped = false;
  const stopIdentity = async () => {
    if (identityStopped) return;
    identityStopped = true;
    await identity.stop();
  };

  let billing: TestBilling;
  try {
    billing = await startTestBilling(namespace, {
      CALLER_TOKEN_SECRET: callerTokenSecret,
      ...options.billingEnv,
    });
  } catch (e) {
    await stopIdentity();
    throw e;
  }

  const gateways: TestGateway[] = [];
  const redisPrefix = `gwtest:${namespace}`;
  // One secret for the stack's gateways, like replicas behind a load balancer.
  const visitorTokenSecret = randomBytes(32).toString('base64url');
  const startOne = async (env: Record<string, string> = {}): Promise<TestGateway> => {
    const config = loadGatewayConfig({
      GATEWAY_PORT: '0',
      GATEWAY_HOST: '127.0.0.1',
      IDENTITY_GRPC_URL: `127.0.0.1:${identity.grpcPort}`,
      BILLING_GRPC_URL: billing.address,
      JWKS_URL: `http://127.0.0.1:${identity.httpPort}/.well-known/jwks.json`,
      JWT_ISSUER: ISSUER,
      JWT_AUDIENCE: 'parley',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: redisPrefix,
      // The stack's own event namespace: a gateway's realtime relay consumes CONVERSATIONS, and
      // without it would share the un-namespaced stream (and its durable) with a dev stack.
      EVENT_NAMESPACE: namespace,
      VISITOR_TOKEN_SECRET: visitorTokenSecret,
      CALLER_TOKEN_SECRET: callerTokenSecret,
      FRONTEND_ORIGIN: FRONTEND,
      TRUST_PROXY: 'loopback',
      GRPC_DEADLINE_MS: '15000',
      SHUTDOWN_GRACE_MS: '2000',
      LOG_LEVEL: logLevel,
      ...options.gatewayEnv,
      ...env,
    });
    const handle = await startGateway(config, createLogger('gateway', config.logLevel));
    const gateway = { ...handle, url: `http://127.0.0.1:${handle.port}` };
    gateways.push(gateway);
    return gateway;
  };
  await startOne();

  return {
    namespace,
    mailSealKey,
    callerTokenSecret,
    identityDb: db,
    admin,
    identity,
    billing,
    gateways,
    startGateway: startOne,
    client: ({ gateway, origin } = {}) => new GatewayClient((gateway ?? gateways[0]!).url, { origin }),
    signupCode: async (signupId) => {
      const { events } = await store.load(store.subject('signup', signupId));
      const issued = events.filter((e) => e.type === IdentityEvent.SignupCodeIssued).at(-1);
      if (!issued) throw new Error(`no code issued for sign-up ${signupId}`);
      return unseal((issued.data as { sealedCode: string }).sealedCode, mailSealKey);
    },
    teamInviteToken: async (inviteId) => {
      const { events } = await store.load(store.subject('invite', inviteId));
      const issued = events.filter((e) => e.type === IdentityEvent.TeamInviteIssued).at(-1);
      if (!issued) throw new Error(`no invitation issued for ${inviteId}`);
      return unseal((issued.data as { sealedToken: string }).sealedToken, mailSealKey);
    },
    stopIdentity,
    dispose: async () => {
      await Promise.allSettled(gateways.map((g) => g.stop()));
      await billing.dispose();
      await stopIdentity();
      await deleteNamespaceStreams(nc, namespace).catch(() => undefined);
      await nc.close();
      await db.drop();
      await deleteRedisKeys([`${redisPrefix}:*`, `${namespace}:*`]);
    },
  };
}

async function deleteRedisKeys(patterns: string[]): Promise<void> {
  const redis = createRedis({ url: 'redis://127.0.0.1:6379' });
  await redis.connect();
  try {
    for (const pattern of patterns) {
      for await (const keys of redis.scanIterator({ MATCH: pattern, COUNT: 500 })) {
        if (keys.length) await redis.del(keys);
      }
    }
  } finally {
    await redis.close();
  }
}
