import type { Projection } from '@parley/projections';
import { webhookEventOf } from '../domain/webhooks/events';

export const WEBHOOKS_CHANNEL = 'webhook_deliveries';

/**
 * One delivery per webhook event and subscribed endpoint of a PRO account, written in the same
 * transaction that advances the durable consumer's checkpoint: nothing is missed across restarts,
 * and an event read twice finds its deliveries already there (UNIQUE endpoint_id, event_id).
 */
export function webhookFanOutProjection(context: 'conversations' | 'billing'): Projection {
  return {
    name: `notifications-webhooks-${context}-v1`,
    context,
    async apply(tx, recorded) {
      const event = webhookEventOf(recorded);
      if (!event || !event.accountId) return;
      const body = JSON.stringify({
        id: recorded.eventId,
        type: event.type,
        createdAt: recorded.occurredAt,
        data: event.data,
      });
      const inserted = await tx.query(
        `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, body, status, next_attempt_at, created_at)
         SELECT gen_random_uuid(), e.id, $1, $2, $3, 'pending', now(), now()
         FROM webhook_endpoints e
         JOIN marketing_plans p ON p.account_id = e.account_id AND p.plan = 'PRO'
         WHERE e.account_id = $4 AND e.enabled AND $2 = ANY (e.event_types)
         ON CONFLICT (endpoint_id, event_id) DO NOTHING`,
        [recorded.eventId, event.type, body, event.accountId],
      );
      if ((inserted.rowCount ?? 0) > 0) await tx.query(`SELECT pg_notify($1, '')`, [WEBHOOKS_CHANNEL]);
    },
  };
}
