import { usageAlertTemplate } from '../../mail/templates/usage-alert';
import type { OutboxEntry } from '../../outbox/outbox-entry';
import type { UsageAlert } from '../../domain/in-app/usage-alert';
import type { AccountOwner } from '../account-owners';

/**
 * The owner's usage mail. Keyed by account, period and level, so each is mailed once per period
 * even if billing's event came twice; it expires with the period (old news after the reset).
 */
export function usageMail(alert: UsageAlert, facts: { owner: AccountOwner; appUrl: string }): OutboxEntry {
  const { accountId, periodStart, periodEnd, plan, requestsUsed, requestLimit } = alert.facts;
  return {
    id: `usage-${alert.level}:${accountId}:${periodStart}`,
    template: usageAlertTemplate.name,
    recipient: facts.owner.email,
    data: {
      fullname: facts.owner.fullname,
      level: alert.level,
      plan,
      requestsUsed,
      requestLimit,
      periodEnd,
      settingsUrl: `${facts.appUrl}/dashboard/settings`,
    },
    sealedSecrets: null,
    expiresAt: new Date(periodEnd),
  };
}
