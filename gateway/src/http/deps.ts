import type { Logger } from '@parley/logger';
import type { BillingClient } from '../clients/billing-client';
import type { ContentClient } from '../clients/content-client';
import type { DomainsClient } from '../clients/domains-client';
import type { IdentityClient } from '../clients/identity-client';
import type { NotificationsClient } from '../clients/notifications-client';
import type { SystemSettingsSource } from '../settings/system-settings-cache';
import type { RateLimits } from './rate-limits';

/** What the route modules need; built once in start.ts. */
export interface RouteDeps {
  identity: IdentityClient;
  notifications: NotificationsClient;
  domains: DomainsClient;
  content: ContentClient;
  billing: BillingClient;
  settings: SystemSettingsSource;
  /** Tells the other gateway replicas that an admin changed system settings. */
  announceSettingsChange(): Promise<void>;
  rateLimits: RateLimits;
  cookieSecure: boolean;
  /** The frontend's public address: newsletter links redirect to its result page. */
  publicAppUrl: string;
  logger: Logger;
}
