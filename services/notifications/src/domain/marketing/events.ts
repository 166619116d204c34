import { MarketingEvent, type Audience, type PlanId } from '@parley/contracts';
import type { DomainEvent } from '@parley/eventstore';

/** Events of marketing.account.<accountId>: the account's campaigns and the emails they spent. */
export interface Recipient {
  email: string;
  name: string;
}

export type CampaignSaved = DomainEvent<
  typeof MarketingEvent.CampaignSaved,
  {
    campaignId: string;
    accountId: string;
    domainId: string;
    subject: string;
    /** Sanitized rich text. */
    body: string;
    audience: Audience;
    savedBy: string;
    savedAt: string;
  }
>;
export type CampaignScheduled = DomainEvent<
  typeof MarketingEvent.CampaignScheduled,
  { campaignId: string; accountId: string; sendAt: string; scheduledBy: string; at: string }
>;
export type CampaignUnscheduled = DomainEvent<
  typeof MarketingEvent.CampaignUnscheduled,
  { campaignId: string; accountId: string; by: string; at: string }
>;
export type CampaignReleased = DomainEvent<
  typeof MarketingEvent.CampaignReleased,
  {
    campaignId: string;
    accountId: string;
    domainId: string;
    /** UTC 'YYYY-MM' the emails are counted in. */
    month: string;
    recipients: Recipient[];
    plan: PlanId;
    releasedAt: string;
  }
>;
export type CampaignRefused = DomainEvent<
  typeof MarketingEvent.CampaignRefused,
  { campaignId: string; accountId: string; reason: string; at: string }
>;
export type CampaignDeleted = DomainEvent<
  typeof MarketingEvent.CampaignDeleted,
  { campaignId: string; accountId: string; by: string; at: string }
>;

export type CampaignEvent =
  | CampaignSaved
  | CampaignScheduled
  | CampaignUnscheduled
  | CampaignReleased
  | CampaignRefused
  | CampaignDeleted;

/** marketing.contact.<id>: an address of a domain asked for no more campaigns. */
export type ContactUnsubscribed = DomainEvent<
  typeof MarketingEvent.ContactUnsubscribed,
  { accountId: string; domainId: string; email: string; campaignId: string | null; at: string }
>;
