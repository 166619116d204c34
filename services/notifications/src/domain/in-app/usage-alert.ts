import {
  BillingEvent,
  usageThresholdReachedSchema,
  type UsageThresholdReached,
  notificationsError,
} from '@parley/contracts';
import { timeOf, type NewNotification, type SourceEvent } from './notification';

/** Which threshold billing reported: 80% of the request limit, or the limit itself. */
export type UsageLevel = 'warning' | 'limit';

export interface UsageAlert {
  level: UsageLevel;
  facts: UsageThresholdReached;
}

/** The spec's banner titles, used as the notification's and the mail's headline. */
export const USAGE_TITLES: Record<UsageLevel, string> = {
  warning: 'Approaching request limit',
  limit: 'Request limit reached',
};

/** The alert a billing event carries, or null for other events; a broken payload throws. */
export function usageAlertOf(event: SourceEvent & { type: string }): UsageAlert | null {
  const level: UsageLevel | null =
    event.type === BillingEvent.UsageWarningReached
      ? 'warning'
      : event.type === BillingEvent.UsageLimitReached
        ? 'limit'
        : null;
  if (!level) return null;
  const parsed = usageThresholdReachedSchema.safeParse(event.data);
  if (!parsed.success)
    throw notificationsError(
      'validation',
      `${event.type} ${event.eventId} does not match its contract`,
      'VALIDATION',
    );
  return { level, facts: parsed.data };
}

/** The notification's text: the headline and the count, and at the limit what it means. */
export function usageAlertMessage({ level, facts }: UsageAlert): string {
  const count = `${facts.requestsUsed.toLocaleString('en-US')} of ${facts.requestLimit.toLocaleString('en-US')} requests`;
  return level === 'limit'
    ? `${USAGE_TITLES.limit}: your assistant used ${count} this billing period and stopped answering customers.`
    : `${USAGE_TITLES.warning}: your assistant used ${count} this billing period.`;
}

/**
 * USAGE_ALERT for the account's owner (an account's id is its owner's user id). Kept, never
 * listed or pushed: the spec's bell shows DOMAIN_SETUP and LIVE_SUPPORT only, and the owner sees
 * usage in the dashboard's banner and in the mail.
 */
export function usageAlertNotification(event: SourceEvent, alert: UsageAlert): NewNotification {
  return {
    sourceEventId: event.eventId,
    accountId: alert.facts.accountId,
    userId: alert.facts.accountId,
    type: 'USAGE_ALERT',
    message: usageAlertMessage(alert),
    domainId: null,
    roomId: null,
    createdAt: timeOf(event, alert.facts.reachedAt),
  };
}
