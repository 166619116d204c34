import { join } from 'node:path';
import { EventStore, connectEventBus, ensureStream } from '@parley/eventstore';
import { callerTokenVerifier, loadService, serveGrpc } from '@parley/grpc';
import type { Logger } from '@parley/logger';
import { startWithTeardown } from '@parley/program';
import {
  migrateProjectionDatabase,
  openProjectionDatabase,
  projectionsGrpcService,
  projectionStarter,
} from '@parley/projections';
import type { InboxDeps } from './app/in-app/inbox';
import type { MarketingDeps } from './app/marketing/deps';
import type { NewsletterDeps } from './app/newsletter/deps';
import { WEBHOOK_DEFAULTS, type NotificationsConfig } from './config';
import { listenForNotify } from './db/listen';
import { marketingService } from './grpc/marketing-service';
import { webhooksService } from './grpc/webhooks-service';
import type { WebhooksDeps } from './app/webhooks/endpoints';
import { startWebhookDeliverer } from './webhooks/deliverer';
import { WEBHOOKS_CHANNEL, webhookFanOutProjection } from './webhooks/fan-out-projection';
import { notificationsService } from './grpc/notifications-service';
import { isUnsubscribed } from './marketing/contacts-store';
import { startCampaignScheduler } from './marketing/scheduler';
import {
  marketingBillingProjection,
  marketingBookingsProjection,
  marketingCustomersProjection,
} from './projections/marketing/contacts-projections';
import { marketingProjection } from './projections/marketing/marketing-projection';
import { deriveUnsubscribeKey } from './security/unsubscribe-token';
import { startAnnouncer } from './in-app/announcer';
import { IN_APP_CHANNEL } from './in-app/notification-store';
import { startMailSender } from './mail/sender';
import { mailTemplates } from './mail/templates';
import { createSmtpTransport } from './mail/transport';
import { listenForOutbox } from './outbox/outbox-listener';
import { accountOwnersProjection } from './projections/account-owners';
import { applicationsProjection } from './projections/applications/projection';
import { platformAdminsProjection } from './projections/platform-admins';
import { bookingsProjection } from './projections/bookings/projection';
import { inAppNotificationsProjection } from './projections/in-app-notifications/projection';
import { knownDomainsProjection } from './projections/known-domains';
import { liveSupportNotificationsProjection } from './projections/live-support/in-app-projection';
import { liveSupportMailProjection } from './projections/live-support/mail-projection';
import { offlineMessageMailProjection } from './projections/live-support/offline-message-mail';
import { usageAlertProjection } from './projections/usage-alert/projection';
import { orderPaidProjection } from './projections/order-paid/projection';
import { newsletterMailProjection } from './projections/newsletter-mail/projection';
import { newsletterSubscribersProjection } from './projections/newsletter-subscribers/projection';
import { signupMailProjection } from './projections/signup-mail-projection';
import { teamInviteMailProjection } from './projections/team-invite-mail-projection';
import { deriveLinkKey } from './security/link-token';
import { sampleOutboxDepth } from '@parley/metrics';
import { outboxDepth } from './outbox/outbox-depth';

/** Beside src/ and beside dist/ alike, so the bundled program finds them too. */
const MIGRATIONS_DIR = join(__dirname, '..', 'migrations');

export interface Notifications {
  grpcPort: number;
  stop(): Promise<void>;
}

export interface StartOptions {
  /**
   * The newsletter's and the in-app notifications' clock; tests move it across the mail interval,
   * link expiry and notification retention.
   */
  clock?: () => Date;
  /** How often the announcer looks for notifications to push when no NOTIFY woke it. Default 5 s. */
  announcePollMs?: number;
}

/**
 * Wires the service: its database (created and migrated), the identity events it turns into
 * outbox rows, the newsletter (its own stream, read model and confirmation mails), the sender that
 * delivers mail, in-app notifications (created from domains' and conversations' events, pushed to
 * the gateways over core NATS), the owner's live-support and booking mail, and the gRPC server.
 */
export function startNotifications(
  config: NotificationsConfig,
  logger: Logger,
  options: StartOptions = {},
): Promise<Notifications> {
  const clock = options.clock ?? (() => new Date());
  return startWithTeardown(logger, async (teardown) => {
    const pool = await openProjectionDatabase(teardown, config.databaseUrl, logger, {
      max: 10,
      migrationsDir: MIGRATIONS_DIR,
      migrate: config.migrateOnStart,
    });

    const nc = await connectEventBus(config.natsUrl, 'notifications');
    teardown.add(() => nc.drain());

    const transport = createSmtpTransport(config.smtpUrl);
    teardown.add(() => transport.close());
    const sender = startMailSender({
      pool,
      transport,
      templates: mailTemplates,
      sealKey: config.mailSealKey,
      from: config.mailFrom,
      policy: config.delivery,
      logger: logger.child({ component: 'mail-sender' }),
      clock,
      // A campaign's recipient who unsubscribed after it was released gets nothing.
      suppressed: async (mail) => {
        const domainId = mail.template === 'campaign' ? mail.data.domainId : undefined;
        return typeof domainId === 'string' && isUnsubscribed(pool, domainId, mail.recipient);
      },
      paced: { templates: new Set(['campaign']), perSecond: config.marketing.sendPerSecond },
    });
    teardown.add(() => sender.stop());
    const listener = listenForOutbox(
      config.databaseUrl,
      () => sender.wake(),
      logger.child({ component: 'outbox-listener' }),
    );
    teardown.add(() => listener.stop());

    const namespace = config.eventNamespace || undefined;
    const run = projectionStarter(teardown, { nc, pool, namespace, logger });
    teardown.add(sampleOutboxDepth(outboxDepth(pool)));
    // Outbox rows lead to mail: a commit lost in a database crash could mean a second one.
    await run(signupMailProjection(), { synchronousCommit: true });
    await run(teamInviteMailProjection(config.publicAppUrl), { synchronousCommit: true });

    await ensureStream(nc, 'notifications', namespace, { replicas: config.streamReplicas });
    const linkKey = deriveLinkKey(config.mailSealKey);
    await run(
      newsletterMailProjection({ appUrl: config.publicAppUrl, linkKey, sealKey: config.mailSealKey }, clock),
      { synchronousCommit: true },
    );
    const newsletter: NewsletterDeps = {
      store: new EventStore(nc, { context: 'notifications', namespace }),
      linkKey,
      clock: () => clock().getTime(),
      subscribers: await run(newsletterSubscribersProjection),
      logger: logger.child({ component: 'newsletter' }),
    };

    // In-app notifications (the runner creates the DOMAINS stream if domains has not started yet).
    const announcer = startAnnouncer({
      pool,
      nc,
      namespace,
      logger: logger.child({ component: 'notification-announcer' }),
      clock,
      pollIntervalMs: options.announcePollMs ?? 5000,
    });
    teardown.add(() => announcer.stop());
    const announceListener = listenForNotify({
      connectionString: config.databaseUrl,
      channel: IN_APP_CHANNEL,
      applicationName: 'notifications-in-app-listener',
      onNotify: () => announcer.wake(),
      logger: logger.child({ component: 'in-app-listener' }),
    });
    teardown.add(() => announceListener.stop());
    await run(inAppNotificationsProjection(clock));

    // Live support (the assistant's handoff): the facts its texts need, then conversations' events.
    await run(knownDomainsProjection());
    await run(accountOwnersProjection());
    await run(liveSupportNotificationsProjection(clock));
    await run(liveSupportMailProjection(config.publicAppUrl, clock), { synchronousCommit: true });
    // Issue 17: a message left with the widget's offline form mails the owner once per room.
    await run(offlineMessageMailProjection(config.publicAppUrl, clock), { synchronousCommit: true });
    // conversations' bookings: BOOKING for the team and the owner's mail, from any tab of the widget.
    await run(bookingsProjection(config.publicAppUrl, clock), { synchronousCommit: true });
    // billing's usage thresholds: USAGE_ALERT (kept, not shown) and the owner's mail, once per period.
    await run(usageAlertProjection(config.publicAppUrl, clock), { synchronousCommit: true });
    // billing's paid orders (issue 12): ORDER_PAID in the owner's bell.
    await run(orderPaidProjection(clock));
    // content's job applications: the applicant's confirmation and APPLICATION for every admin.
    await run(platformAdminsProjection());
    await run(applicationsProjection(config.publicAppUrl, clock), { synchronousCommit: true });
    const inbox: InboxDeps = { pool, clock };

    // Email marketing: contacts from conversations' customers and bookings and billing's orders,
    // the plan's limits from billing, and the campaigns on the MARKETING stream.
    await run(marketingCustomersProjection());
    await run(marketingBookingsProjection());
    await run(marketingBillingProjection());
    await ensureStream(nc, 'marketing', namespace);
    const unsubscribeKey = deriveUnsubscribeKey(config.mailSealKey);
    const marketing: MarketingDeps = {
      pool,
      store: new EventStore(nc, { context: 'marketing', namespace }),
      projection: await run(marketingProjection({ appUrl: config.publicAppUrl, unsubscribeKey }), {
        synchronousCommit: true,
      }),
      clock,
      appUrl: config.publicAppUrl,
      unsubscribeKey,
      logger: logger.child({ component: 'marketing' }),
    };
    const scheduler = startCampaignScheduler(marketing, config.marketing.schedulePollMs);
    teardown.add(() => scheduler.stop());

    // Outgoing webhooks: conversations' and billing's events fanned out to the accounts' endpoints
    // by durable consumers (nothing missed across restarts), sent by the deliverer.
    const webhookConfig = config.webhooks ?? WEBHOOK_DEFAULTS;
    const deliverer = startWebhookDeliverer({
      pool,
      policy: webhookConfig.retry,
      pollIntervalMs: webhookConfig.pollIntervalMs,
      timeoutMs: webhookConfig.timeoutMs,
      allowPrivateUrls: webhookConfig.allowPrivateUrls,
      logger: logger.child({ component: 'webhook-deliverer' }),
      clock,
    });
    teardown.add(() => deliverer.stop());
    const webhookListener = listenForNotify({
      connectionString: config.databaseUrl,
      channel: WEBHOOKS_CHANNEL,
      applicationName: 'notifications-webhooks-listener',
      onNotify: () => deliverer.wake(),
      logger: logger.child({ component: 'webhooks-listener' }),
    });
    teardown.add(() => webhookListener.stop());
    await run(webhookFanOutProjection('conversations'));
    await run(webhookFanOutProjection('billing'));
    const webhooks: WebhooksDeps = {
      pool,
      allowPrivateUrls: webhookConfig.allowPrivateUrls,
      clock,
      wake: () => deliverer.wake(),
    };

    const Service = loadService(
      'notifications/v1/notifications.proto',
      'parley.notifications.v1.Notifications',
    );
    const grpc = await serveGrpc(teardown, {
      port: config.grpcPort,
      callerTokens: config.callerTokenSecret ? callerTokenVerifier(config.callerTokenSecret) : undefined,
      services: [
        { definition: Service.service, implementation: notificationsService({ newsletter, inbox }, logger) },
        {
          definition: loadService('notifications/v1/marketing.proto', 'parley.notifications.v1.Marketing')
            .service,
          implementation: marketingService(marketing, logger),
        },
        {
          definition: loadService('notifications/v1/webhooks.proto', 'parley.notifications.v1.Webhooks')
            .service,
          implementation: webhooksService(webhooks, logger),
        },
        projectionsGrpcService(pool, namespace),
      ],
      isReady: () => !nc.isClosed(),
    });

    logger.info({ grpcPort: grpc.port, namespace }, 'notifications started');
    return { grpcPort: grpc.port };
  });
}

/** The migrate entry (`main.js migrate`): the database created if missing and migrated, nothing started. */
export function migrateNotifications(config: { databaseUrl: string }, logger: Logger): Promise<string[]> {
  return migrateProjectionDatabase(config.databaseUrl, logger, MIGRATIONS_DIR);
}
