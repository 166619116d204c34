import { randomBytes } from 'node:crypto';
import { createLogger } from '@parley/logger';
import { startMailcatcher, type Mailcatcher } from '@parley/mailcatcher/src/start';
import type { CaughtMessage } from '@parley/mailcatcher/src/message';
import { loadConfig as loadNotificationsConfig } from '@parley/notifications/src/config';
import { startNotifications, type Notifications } from '@parley/notifications/src/start';
import {
  connectTestNats,
  createTestDatabase,
  deleteNamespaceStreams,
  randomNamespace,
  TEST_NATS_URL,
  type TestDatabase,
} from '@parley/testing';

const logLevel = process.env.TEST_LOG_LEVEL ?? 'silent';

/** The real notifications service (own namespace and database) with a mail catcher as its SMTP server. */
export interface TestNotifications {
  service: Notifications;
  catcher: Mailcatcher;
  db: TestDatabase;
  /** host:port for the gateway's NOTIFICATIONS_GRPC_URL. */
  address: string;
  /** Mail caught for an address, as a developer would read it in the catcher. */
  inbox(to: string): Promise<CaughtMessage[]>;
  dispose(): Promise<void>;
}

/**
 * `namespace`: share one with gateways that relay its in-app notifications (their EVENT_NAMESPACE).
 * `mailSealKey`: identity's, when it should unseal the codes and tokens of that identity's events.
 */
export async function startTestNotifications(
  publicAppUrl: string,
  namespace = randomNamespace(),
  mailSealKey = randomBytes(24).toString('base64url'),
): Promise<TestNotifications> {
  const db = await createTestDatabase();
  const catcher = await startMailcatcher(
    { host: '127.0.0.1', smtpPort: 0, httpPort: 0 },
    createLogger('mailcatcher', 'silent'),
  );
  const config = {
    ...loadNotificationsConfig({
      DATABASE_URL: db.url,
      NATS_URL: TEST_NATS_URL,
      EVENT_NAMESPACE: namespace,
      SMTP_URL: `smtp://127.0.0.1:${catcher.smtpPort}`,
      MAIL_SEAL_KEY: mailSealKey,
      MAIL_RETRY_BASE_MS: '100',
      MAIL_RETRY_MAX_MS: '500',
      MAIL_POLL_INTERVAL_MS: '500',
      PUBLIC_APP_URL: publicAppUrl,
      // Tests' webhook endpoints are on this machine; no test sends one anywhere else.
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      LOG_LEVEL: logLevel,
    }),
    grpcPort: 0,
  };
  const service = await startNotifications(config, createLogger('notifications', config.logLevel));
  return {
    service,
    catcher,
    db,
    address: `127.0.0.1:${service.grpcPort}`,
    inbox: async (to) => {
      const res = await fetch(
        `http://127.0.0.1:${catcher.httpPort}/api/messages?to=${encodeURIComponent(to)}`,
      );
      if (!res.ok) throw new Error(`mail catcher answered ${res.status}`);
      return (await res.json()) as CaughtMessage[];
    },
    dispose: async () => {
      await service.stop();
      await catcher.stop();
      const nc = await connectTestNats();
      await deleteNamespaceStreams(nc, namespace).catch(() => undefined);
      await nc.close();
      await db.drop();
    },
  };
}
