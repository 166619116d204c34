import type { Audience } from '@parley/contracts';
import type { Pool } from 'pg';

export interface CampaignView {
  id: string;
  domainId: string;
  domain: string;
  subject: string;
  body: string;
  audience: Audience;
  /** sending: released, some mail still on its way. */
  status: 'draft' | 'scheduled' | 'sending' | 'sent' | 'refused';
  sendAt: string | null;
  releasedAt: string | null;
  /** Why a scheduled send did not go out. */
  refusal: string | null;
  recipients: number;
  stats: { sent: number; failed: number; pending: number; suppressed: number; unsubscribed: number };
  createdAt: string;
  updatedAt: string;
}

interface Row {
  campaign_id: string;
  domain_id: string;
  domain: string | null;
  subject: string;
  body: string;
  audience: Audience;
  status: 'draft' | 'scheduled' | 'sent' | 'refused';
  send_at: Date | null;
  released_at: Date | null;
  refusal: string | null;
  recipients: number;
  unsubscribed: number;
  created_at: Date;
  updated_at: Date;
  sent: string | null;
  failed: string | null;
  pending: string | null;
  suppressed: string | null;
}

/**
 * The account's campaigns (one when `campaignId` is given), newest first, with what happened to
 * their mail: sent, failed (given up or too late), still pending, suppressed (unsubscribed before
 * it left), and how many recipients unsubscribed through it.
 */
export async function campaignViews(
  db: Pool,
  accountId: string,
  campaignId?: string,
): Promise<CampaignView[]> {
  const { rows } = await db.query<Row>(
    `SELECT c.*, nd.domain, s.sent, s.failed, s.pending, s.suppressed
       FROM marketing_campaigns c
       LEFT JOIN notification_domains nd ON nd.domain_id = c.domain_id
       LEFT JOIN LATERAL (
         SELECT count(*) FILTER (WHERE o.status = 'sent') AS sent,
                count(*) FILTER (WHERE o.status IN ('failed', 'expired')) AS failed,
                count(*) FILTER (WHERE o.status = 'pending') AS pending,
                count(*) FILTER (WHERE o.status = 'suppressed') AS suppressed
           FROM mail_outbox o WHERE o.campaign_id = c.campaign_id) s ON c.status = 'sent'
      WHERE c.account_id = $1 AND ($2::text IS NULL OR c.campaign_id = $2)
      ORDER BY c.created_at DESC
      LIMIT 500`,
    [accountId, campaignId ?? null],
  );
  return rows.map((r) => {
    const stats = {
      sent: Number(r.sent ?? 0),
      failed: Number(r.failed ?? 0),
      pending: Number(r.pending ?? 0),
      suppressed: Number(r.suppressed ?? 0),
      unsubscribed: r.unsubscribed,
    };
    return {
      id: r.campaign_id,
      domainId: r.domain_id,
      domain: r.domain ?? '',
      subject: r.subject,
      body: r.body,
      audience: r.audience,
      status: r.status === 'sent' && stats.pending > 0 ? 'sending' : r.status,
      sendAt: r.send_at?.toISOString() ?? null,
      releasedAt: r.released_at?.toISOString() ?? null,
      refusal: r.refusal,
      recipients: r.recipients,
      stats,
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
    };
  });
}
