import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { unseal } from '@parley/contracts/sealing';
import { EventStore, type RecordedEvent } from '@parley/eventstore';
import { callUnary, createClient, loadService } from '@parley/grpc';
import { createLogger } from '@parley/logger';
import {
  connectTestNats,
  createTestDatabase,
  deleteNamespaceStreams,
  randomNamespace,
  type TestDatabase,
} from '@parley/testing';
import type * as grpc from '@grpc/grpc-js';
import type { NatsConnection } from 'nats';
import { createClient as createRedis } from 'redis';
import { loadConfig, type IdentityConfig } from '../src/config';
import { startIdentity, type IdentityHandle } from '../src/start';

// The root config's per-project testTimeout does not reach the tests (jest 5 s default); these
// start real servers on a shared 2-core machine, so every identity int spec gets 30 s.
jest.setTimeout(30_000);

export const MAIL_SEAL_KEY = 'test-mail-seal-key-0123456789';

/** A fresh ES256 key in PKCS8 PEM, as JWT_PRIVATE_KEY takes it. */
export function newSigningKeyPem(): string {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .privateKey.export({ format: 'pem', type: 'pkcs8' })
    .toString();
}

/** A clock tests can move forward; it starts at the real time. */
export class TestClock {
  private offset = 0;
  now = (): number => Date.now() + this.offset;
  advance(ms: number): void {
    this.offset += ms;
  }
}

/** Environment for one isolated run: its own namespace (streams, Redis keys) and database. */
export interface TestWorld {
  namespace: string;
  db: TestDatabase;
  nc: NatsConnection;
  store: EventStore;
  env: Record<string, string>;
  /** Deletes the streams, the database and the run's Redis keys; closes connections. */
  dispose(): Promise<void>;
}

export async function createWorld(extraEnv: Record<string, string> = {}): Promise<TestWorld> {
  const namespace = randomNamespace();
  const db = await createTestDatabase();
  const nc = await connectTestNats();
  const env = {
    DATABASE_URL: db.url,
    NATS_URL: 'nats://127.0.0.1:4222',
    REDIS_URL: 'redis://127.0.0.1:6379',
    EVENT_NAMESPACE: namespace,
    JWT_PRIVATE_KEY: newSigningKeyPem(),
    JWT_ISSUER: 'http://localhost:4101',
    CODE_SECRET: randomBytes(24).toString('base64url'),
    MAIL_SEAL_KEY,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...extraEnv,
  };
  return {
    namespace,
    db,
    nc,
    store: new EventStore(nc, { context: 'identity', namespace }),
    env,
    async dispose() {
      await deleteNamespaceStreams(nc, namespace).catch(() => undefined);
      await nc.close();
      await db.drop();
      await deleteRedisKeys(`${namespace}:*`);
    },
  };
}

async function deleteRedisKeys(pattern: string): Promise<void> {
  const redis = createRedis({ url: 'redis://127.0.0.1:6379' });
  await redis.connect();
  try {
    for await (const keys of redis.scanIterator({ MATCH: pattern, COUNT: 500 })) {
      if (keys.length) await redis.del(keys);
    }
  } finally {
    await redis.close();
  }
}

export function testConfig(world: TestWorld, extraEnv: Record<string, string> = {}): IdentityConfig {
  return { ...loadConfig({ ...world.env, ...extraEnv }), grpcPort: 0, httpPort: 0 };
}

/** The identity service started in-process on free ports, with a gRPC client to it. */
export interface RunningIdentity {
  handle: IdentityHandle;
  clock: TestClock;
  httpUrl: string;
  call<Res = Record<string, unknown>>(method: string, request: object): Promise<Res>;
  stop(): Promise<void>;
}

export async function startForTest(
  world: TestWorld,
  extraEnv: Record<string, string> = {},
): Promise<RunningIdentity> {
  const clock = new TestClock();
  const config = testConfig(world, extraEnv);
  const handle = await startIdentity(config, createLogger('identity-test', config.logLevel), {
    clock: clock.now,
  });
  const client = identityClient(`127.0.0.1:${handle.grpcPort}`);
  return {
    handle,
    clock,
    httpUrl: `http://127.0.0.1:${handle.httpPort}`,
    call: (method, request) => callUnary(client, method, request, { deadlineMs: 20_000 }),
    async stop() {
      client.close();
      await handle.stop();
    },
  };
}

export function identityClient(address: string): grpc.Client {
  return createClient(loadService('identity/v1/identity.proto', 'parley.identity.v1.Identity'), address);
}

/** Events of one aggregate, straight from the log. */
export async function eventsOf(world: TestWorld, aggregate: string, id: string): Promise<RecordedEvent[]> {
  return (await world.store.load(world.store.subject(aggregate, id))).events;
}

/** The newest verification code of a sign-up, unsealed the way the mailer does it. */
export async function latestCode(world: TestWorld, signupId: string): Promise<string> {
  const issued = (await eventsOf(world, 'signup', signupId)).filter(
    (e) => e.type === 'identity.SignupCodeIssued',
  );
  const last = issued.at(-1);
  if (!last) throw new Error(`no code issued for ${signupId}`);
  return unseal((last.data as { sealedCode: string }).sealedCode, MAIL_SEAL_KEY);
}

let counter = 0;
/** A unique, valid address per call. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}${counter}${randomBytes(2).toString('hex')}@example.com`;
}

export interface Ticket {
  signupId: string;
  email: string;
  codeExpiresAt: number;
  resendAvailableAt: number;
}

export interface Session {
  accessToken: string;
  accessExpiresAt: number;
  refreshToken: string;
  refreshExpiresAt: number;
  user: {
    id: string;
    email: string;
    fullname: string;
    role: string;
    plan: string;
    accountId: string;
    createdAt: string;
  };
}

export const details = (email: string, password = 'Secret_pass-1', over: Record<string, string> = {}) => ({
  fullname: 'Ada Lovelace',
  email,
  confirmEmail: email,
  password,
  confirmPassword: password,
  selectedPlan: 'PRO',
  ...over,
});

export const answers = {
  products: 'Handmade ceramic mugs',
  categories: 'Kitchen, gifts',
  targetAudience: 'Coffee lovers',
};

/** Sign-up start to finish through the API, reading the code from the log. */
export async function signUp(
  world: TestWorld,
  identity: RunningIdentity,
  email = uniqueEmail(),
  password = 'Secret_pass-1',
): Promise<{ session: Session; ticket: Ticket; password: string }> {
  const ticket = await identity.call<Ticket>('startSignup', details(email, password));
  const otp = await latestCode(world, ticket.signupId);
  await identity.call('verifySignupCode', { signupId: ticket.signupId, otp });
  const session = await identity.call<Session>('completeOnboarding', {
    signupId: ticket.signupId,
    ...answers,
    client: { ip: '198.51.100.1', userAgent: 'jest' },
  });
  return { session, ticket, password };
}

/** Runs `promise` and returns the AppError it rejects with (fails if it resolves). */
export async function failure(promise: Promise<unknown>): Promise<{
  kind: string;
  message: string;
  code?: string;
  fields: Array<{ field: string; message: string }>;
  retryAfter?: number;
}> {
  try {
    await promise;
  } catch (e) {
    return e as never;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

/**
 * One identity with its own world for a spec file: started before its tests (`use` receives
 * both, the spec keeps them in its own variables) and stopped after them.
 */
export function identityForSpec(
  use: (started: { world: TestWorld; identity: RunningIdentity }) => void,
  worldEnv: Record<string, string> = {},
): void {
  let world: TestWorld | undefined;
  let identity: RunningIdentity | undefined;
  beforeAll(async () => {
    world = await createWorld(worldEnv);
    identity = await startForTest(world);
    use({ world, identity });
  });
  afterAll(async () => {
    await identity?.stop();
    await world?.dispose();
  });
}
