import type { Logger } from '@parley/logger';
import type { Principal } from '../auth/claims';
import type { RemovedMembers } from '../auth/removed-members';
import type { VisitorTokens } from '../auth/visitor-token';
import type { BillingClient } from '../clients/billing-client';
import type { ContentClient } from '../clients/content-client';
import type { ConversationsClient } from '../clients/conversations-client';
import type { DomainsClient } from '../clients/domains-client';
import type { EditorialClient } from '../clients/editorial-client';
import type { IdentityClient } from '../clients/identity-client';
import type { MarketingClient } from '../clients/marketing-client';
import type { NotificationsClient } from '../clients/notifications-client';
import type { WebhooksClient } from '../clients/webhooks-client';
import type { PresenceStore } from '../presence/presence-store';
import type { SystemSettingsSource } from '../settings/system-settings-cache';
import type { IdempotencyStore } from './api-v1/idempotency';
import type { RateLimits } from './rate-limits';
import type { TeamReadCache } from './routes/team-read-cache';

/** What the route modules need; built once in start.ts. */
export interface RouteDeps {
  identity: IdentityClient;
  notifications: NotificationsClient;
  /** Email marketing (the notifications service's Marketing service). */
  marketing: MarketingClient;
  /** Outgoing webhooks (the notifications service's Webhooks service). */
  webhooks: WebhooksClient;
  domains: DomainsClient;
  content: ContentClient;
  /** The admins' content and the public blog and careers (content's Editorial service). */
  editorial: EditorialClient;
  billing: BillingClient;
  conversations: ConversationsClient;
  /** Signs and verifies widget visitors' tokens. */
  visitorTokens: VisitorTokens;
  /** Team presence per account (Redis). */
  presence: PresenceStore;
  /** Agents the owner removed: their access tokens are refused until they expire. */
  removedMembers: RemovedMembers;
  /** Closes a user's open sockets on every replica (they would otherwise live until the token expires). */
  disconnectUser(userId: string): void;
  /** A team member's name as identity has it, cached briefly. */
  memberName(userId: string): Promise<string>;
  /** The member is active in the room: presence, and `team-member-active` on its presence channel. */
  recordTeamActivity(principal: Principal, roomId: string): Promise<void>;
  settings: SystemSettingsSource;
  /** Tells the other gateway replicas that an admin changed system settings. */
  announceSettingsChange(): Promise<void>;
  rateLimits: RateLimits;
  /** First answers of the public API's POSTs, by Idempotency-Key (Redis). */
  idempotency: IdempotencyStore;
  /** Team reads last sent (the room list, a room's messages), for conversations' if_revision. */
  teamReads: TeamReadCache;
  cookieSecure: boolean;
  /** The frontend's public address: newsletter links redirect to its result page. */
  publicAppUrl: string;
  logger: Logger;
}
