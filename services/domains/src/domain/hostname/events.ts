import type { DomainEvent } from '@parley/eventstore';

/**
 * A hostname's claim (subject domains.hostname.<sha256 of the hostname>): a domain name is unique
 * across the platform. Claims are appended with the version the decision saw, so of two adds
 * racing for one name exactly one wins; deleting the domain releases the name.
 */
export const HostnameEventType = {
  Claimed: 'domains.HostnameClaimed',
  Released: 'domains.HostnameReleased',
} as const;

export type HostnameClaimed = DomainEvent<
  typeof HostnameEventType.Claimed,
  { hostname: string; domainId: string; accountId: string; claimedAt: string }
>;
export type HostnameReleased = DomainEvent<
  typeof HostnameEventType.Released,
  { domainId: string; releasedAt: string }
>;

export type HostnameEvent = HostnameClaimed | HostnameReleased;
