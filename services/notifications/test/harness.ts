import { randomUUID } from 'node:crypto';
import { IdentityEvent, type UserRegistered } from '@parley/contracts';
import { EventStore } from '@parley/eventstore';
import { callUnary, createClient, loadService, rpcClient } from '@parley/grpc';
import type { Notification__Output } from '@parley/grpc/generated/parley/notifications/v1';
import { createLogger } from '@parley/logger';
import type { CaughtMessage } from '@parley/mailcatcher/src/message';
import { startMailcatcher, type Mailcatcher } from '@parley/mailcatcher/src/start';
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
import type { MailDeliveryConfig, NotificationsConfig } from '../src/config';
import { startNotifications, type StartOptions } from '../src/start';
import { inbox } from './mail-inbox';

export const logger = createLogger('notifications-test', 'silent');

/** The service's MAIL_SEAL_KEY; specs seal codes and tokens with it as identity does. */
export const MAIL_SEAL_KEY = 'notifications-test-seal-key-0123';

/** The in-process mail catcher; `smtpPort` brings one back on the port the service sends to. */
export function startTestMailcatcher(smtpPort = 0): Promise<Mailcatcher> {
  return startMailcatcher({ host: '127.0.0.1', smtpPort, httpPort: 0 }, logger);
}

/** What one spec file runs against: its own database, event namespace and mail catcher. */
export interface TestWorld {
  db: TestDatabase;
  nc: NatsConnection;
  namespace: string;
  /** Replaced by a spec that takes the mail server down and brings it back. */
  catcher: Mailcatcher;
  /** The event log of another service's context, in this world's namespace. */
  store(context: string): EventStore;
  /** The mail caught for `to` so far. */
  inbox(to: string): Promise<CaughtMessage[]>;
  /** Waits until exactly `count` mails reached `to`, and returns them. */
  mailsTo(to: string, count: number): Promise<CaughtMessage[]>;
  /** Stops the mail catcher, deletes the streams and the database, closes NATS. */
  dispose(): Promise<void>;
}

export async function createWorld(): Promise<TestWorld> {
  const db = await createTestDatabase();
  const nc = await connectTestNats();
  const namespace = randomNamespace();
  const world: TestWorld = {
    db,
    nc,
    namespace,
    catcher: await startTestMailcatcher(),
    store: (context) => new EventStore(nc, { context, namespace }),
    inbox: (to) => inbox(world.catcher.httpPort, to),
    mailsTo: (to, count) =>
      eventually(async () => {
        const found = await world.inbox(to);
        expect(found).toHaveLength(count);
        return found;
      }),
    async dispose() {
      await world.catcher.stop();
      await deleteNamespaceStreams(nc, namespace);
      await nc.close();
      await db.drop();
    },
  };
  return world;
}

export type ConfigOverrides = Partial<Omit<NotificationsConfig, 'delivery'>> & {
  delivery?: Partial<MailDeliveryConfig>;
};

/** The service's config for `world`: quick mail retries, links on `publicAppUrl`. */
export function testConfig(world: TestWorld, overrides: ConfigOverrides = {}): NotificationsConfig {
  const { delivery, ...rest } = overrides;
  return {
    grpcPort: 0,
    databaseUrl: world.db.url,
    natsUrl: TEST_NATS_URL,
    eventNamespace: world.namespace,
    smtpUrl: `smtp://127.0.0.1:${world.catcher.smtpPort}`,
    mailFrom: 'Parley <no-reply@parley.local>',
    mailSealKey: MAIL_SEAL_KEY,
    publicAppUrl: 'https://app.parley.example',
    logLevel: 'silent',
    marketing: { sendPerSecond: 50, schedulePollMs: 200 },
    ...rest,
    delivery: { maxAttempts: 5, retryBaseMs: 100, retryMaxMs: 500, pollIntervalMs: 500, ...delivery },
  };
}

/** A notification as ListNotifications answers it. */
export type { Notification__Output };

/** Who calls, as the gateway names the signed-in user. */
export interface Caller {
  userId: string;
  accountId: string;
  role?: string;
}

/** The service started in-process on a free port, with a gRPC client to it. */
export interface RunningNotifications {
  grpcPort: number;
  call<Res>(method: string, request: unknown, deadlineMs?: number): Promise<Res>;
  list(caller: Caller): Promise<{ notifications: Notification__Output[]; unreadCount: number }>;
  stop(): Promise<void>;
}

export async function startForTest(
  config: NotificationsConfig,
  options: StartOptions = {},
): Promise<RunningNotifications> {
  const service = await startNotifications(config, logger, options);
  const Notifications = loadService(
    'notifications/v1/notifications.proto',
    'parley.notifications.v1.Notifications',
  );
  const client = createClient(Notifications, `127.0.0.1:${service.grpcPort}`);
  const rpc = rpcClient(Notifications, `127.0.0.1:${service.grpcPort}`, { deadlineMs: 15_000 });
  const call = <Res>(method: string, request: unknown, deadlineMs = 15_000) =>
    callUnary<unknown, Res>(client, method, request, { deadlineMs });
  return {
    grpcPort: service.grpcPort,
    call,
    list: (caller) => rpc.listNotifications({ caller }),
    async stop() {
      client.close();
      rpc.close();
      await service.stop();
    },
  };
}

/** Appends one event after the aggregate's last, as the service that owns it records it. */
export async function appendEvent(
  store: EventStore,
  aggregate: string,
  id: string,
  type: string,
  data: object,
) {
  const subject = store.subject(aggregate, id);
  const { version } = await store.load(subject);
  return store.append(subject, [{ type, data }], { expectedVersion: version, commandId: randomUUID() });
}

/** An owner signed up, as identity records it: their user id is their account's id. */
export async function registerOwner(identity: EventStore, label: string) {
  const userId = randomUUID();
  const email = `${label}-${userId.slice(0, 8)}@example.com`;
  const registered: UserRegistered = {
    userId,
    email,
    fullname: `${label} Owner`,
    role: 'OWNER',
    plan: 'STANDARD',
    selectedPlan: 'STANDARD',
    registeredAt: new Date().toISOString(),
    accountId: userId,
  };
  await appendEvent(identity, 'user', userId, IdentityEvent.UserRegistered, registered);
  return { userId, accountId: userId, email };
}

/**
 * Waits until notifications' own projection of domains' events holds `domainId`. The projections
 * run apart, so a room or booking event appended right after DomainAdded can be applied before the
 * domain's name is known (the texts then leave it out, by design: a late notice beats none); tests
 * that assert the name wait for it, as a real domain exists long before its first visitor.
 */
export async function domainKnown(world: TestWorld, domainId: string): Promise<void> {
  await eventually(async () => {
    const { rowCount } = await world.db.pool.query(
      'SELECT 1 FROM notification_domains WHERE domain_id = $1',
      [domainId],
    );
    expect(rowCount).toBe(1);
  });
}
