import type { Projection } from '@parley/projections';
import { usageAlertNotification, usageAlertOf } from '../../domain/in-app/usage-alert';
import { recordNotification } from '../../in-app/notification-store';
import { enqueueMail } from '../../outbox/outbox-store';
import { accountOwner } from '../account-owners';
import { usageMail } from './usage-mail';

/**
 * billing.UsageWarningReached / UsageLimitReached -> a USAGE_ALERT for the owner (kept, never
 * pushed: not a bell type) and one mail per level and period, in the runner's transaction. An
 * owner not heard of yet (identity's projection runs apart) is an error: retried, then parked,
 * rather than a lost mail.
 */
export function usageAlertProjection(appUrl: string, clock: () => Date = () => new Date()): Projection {
  return {
    name: 'notifications-usage-alerts-v1',
    context: 'billing',
    aggregate: 'usage',
    async apply(tx, recorded) {
      const alert = usageAlertOf(recorded);
      if (!alert) return;
      const owner = await accountOwner(tx, alert.facts.accountId);
      if (!owner)
        throw new Error(
          `${recorded.type} ${recorded.eventId}: the owner of ${alert.facts.accountId} is not known yet`,
        );
      const now = clock();
      // Never pushed: the bell does not show this type (see HIDDEN_NOTIFICATION_TYPES).
      await recordNotification(tx, usageAlertNotification(recorded, alert), now, { neverPush: true });
      await enqueueMail(tx, usageMail(alert, { owner, appUrl }), now);
    },
  };
}
