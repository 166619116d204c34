import { createHash } from 'node:crypto';
import { MarketingEvent } from '@parley/contracts';
import type { RecordedEvent } from '@parley/eventstore';
import type { Projection } from '@parley/projections';
import type { PoolClient } from 'pg';
import type { CampaignEvent, ContactUnsubscribed } from '../../domain/marketing/events';
import type { CampaignMailData } from '../../mail/templates/campaign';
import { enqueueMail } from '../../outbox/outbox-store';
import { createUnsubscribeToken } from '../../security/unsubscribe-token';
import { knownDomain } from '../known-domains';

export interface CampaignMailOptions {
  appUrl: string;
  unsubscribeKey: Buffer;
}

/** One recipient's mail: its id is the idempotency key (a replay or a redelivery adds nothing). */
export const campaignMailId = (campaignId: string, email: string) =>
  `campaign:${campaignId}:${createHash('sha256').update(email).digest('hex').slice(0, 32)}`;

export function unsubscribeUrl(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/$/, '')}/api/marketing/unsubscribe?token=${encodeURIComponent(token)}`;
}

async function onCampaignEvent(
  tx: PoolClient,
  event: CampaignEvent,
  occurredAt: string,
  options: CampaignMailOptions,
): Promise<void> {
  const d = event.data;
  switch (event.type) {
    case MarketingEvent.CampaignSaved: {
      const e = event.data;
      await tx.query(
        `INSERT INTO marketing_campaigns
           (campaign_id, account_id, domain_id, subject, body, audience, status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'draft', $7, $7)
         ON CONFLICT (campaign_id) DO UPDATE SET
           subject = EXCLUDED.subject, body = EXCLUDED.body, audience = EXCLUDED.audience,
           status = CASE WHEN marketing_campaigns.status = 'scheduled' THEN 'scheduled' ELSE 'draft' END,
           refusal = NULL, updated_at = EXCLUDED.updated_at
         WHERE marketing_campaigns.account_id = EXCLUDED.account_id`,
        [e.campaignId, e.accountId, e.domainId, e.subject, e.body, JSON.stringify(e.audience), e.savedAt],
      );
      return;
    }
    case MarketingEvent.CampaignScheduled:
      await tx.query(
        `UPDATE marketing_campaigns SET status = 'scheduled', send_at = $2, refusal = NULL, updated_at = $3
          WHERE campaign_id = $1`,
        [d.campaignId, event.data.sendAt, event.data.at],
      );
      return;
    case MarketingEvent.CampaignUnscheduled:
      await tx.query(
        `UPDATE marketing_campaigns SET status = 'draft', send_at = NULL, updated_at = $2 WHERE campaign_id = $1`,
        [d.campaignId, event.data.at],
      );
      return;
    case MarketingEvent.CampaignRefused:
      await tx.query(
        `UPDATE marketing_campaigns SET status = 'refused', send_at = NULL, refusal = $2, updated_at = $3
          WHERE campaign_id = $1`,
        [d.campaignId, event.data.reason, event.data.at],
      );
      return;
    case MarketingEvent.CampaignDeleted:
      await tx.query('DELETE FROM marketing_campaigns WHERE campaign_id = $1', [d.campaignId]);
      return;
    case MarketingEvent.CampaignReleased: {
      const e = event.data;
      const { rows } = await tx.query<{ subject: string; body: string }>(
        `UPDATE marketing_campaigns SET status = 'sent', released_at = $2, recipients = $3, send_at = NULL,
                refusal = NULL, updated_at = $2
          WHERE campaign_id = $1 RETURNING subject, body`,
        [e.campaignId, e.releasedAt, e.recipients.length],
      );
      await tx.query(
        `INSERT INTO marketing_usage (account_id, month, used) VALUES ($1, $2, $3)
         ON CONFLICT (account_id, month) DO UPDATE SET used = marketing_usage.used + EXCLUDED.used`,
        [e.accountId, e.month, e.recipients.length],
      );
      const campaign = rows[0];
      if (!campaign) throw new Error(`CampaignReleased ${e.campaignId}: the campaign was never saved`);
      const domain = await knownDomain(tx, e.accountId, e.domainId);
      if (domain.kind === 'deleted') return;
      if (domain.kind === 'unknown')
        throw new Error(`CampaignReleased ${e.campaignId}: domain ${e.domainId} is not known yet`);
      const now = new Date(occurredAt);
      for (const recipient of e.recipients) {
        const token = createUnsubscribeToken(options.unsubscribeKey, {
          domainId: e.domainId,
          email: recipient.email,
          campaignId: e.campaignId,
        });
        const data: CampaignMailData = {
          campaignId: e.campaignId,
          domainId: e.domainId,
          domain: domain.domain,
          subject: campaign.subject,
          body: campaign.body,
          appUrl: options.appUrl,
          unsubscribeUrl: unsubscribeUrl(options.appUrl, token),
        };
        await enqueueMail(
          tx,
          {
            id: campaignMailId(e.campaignId, recipient.email),
            template: 'campaign',
            recipient: recipient.email,
            data,
            sealedSecrets: null,
            // News for a week: a mail held up longer than that is not sent.
            expiresAt: new Date(Date.parse(e.releasedAt) + 7 * 24 * 3600_000),
            campaignId: e.campaignId,
          },
          now,
        );
      }
      return;
    }
  }
}

async function onUnsubscribed(tx: PoolClient, event: ContactUnsubscribed): Promise<void> {
  const e = event.data;
  const changed = await tx.query(
    `UPDATE marketing_contacts SET unsubscribed_at = $3
      WHERE domain_id = $1 AND email = $2 AND unsubscribed_at IS NULL`,
    [e.domainId, e.email, e.at],
  );
  if (!changed.rowCount) return;
  if (e.campaignId)
    await tx.query('UPDATE marketing_campaigns SET unsubscribed = unsubscribed + 1 WHERE campaign_id = $1', [
      e.campaignId,
    ]);
  // Mail of other campaigns still waiting for this address is never sent.
  await tx.query(
    `UPDATE mail_outbox SET status = 'suppressed', updated_at = now()
      WHERE template = 'campaign' AND status = 'pending' AND recipient = $2 AND data->>'domainId' = $1`,
    [e.domainId, e.email],
  );
}

/**
 * The MARKETING stream: the campaigns' read model, one outbox row per recipient when a campaign
 * is released (in the same transaction as the checkpoint: exactly once in effect), and
 * unsubscribes (the contact, the campaign's count, the address's waiting mail suppressed).
 */
export function marketingProjection(options: CampaignMailOptions): Projection {
  return {
    name: 'notifications-marketing-v1',
    context: 'marketing',
    async apply(tx, recorded: RecordedEvent) {
      if (recorded.type === MarketingEvent.ContactUnsubscribed) {
        await onUnsubscribed(tx, recorded as unknown as ContactUnsubscribed);
        return;
      }
      await onCampaignEvent(tx, recorded as unknown as CampaignEvent, recorded.occurredAt, options);
    },
  };
}
