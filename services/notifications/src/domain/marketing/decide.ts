import {
  type AppError,
  MARKETING_MESSAGES,
  MarketingEvent,
  emailLimitMessage,
  type Audience,
  type PlanId,
  notificationsError,
  type NotificationsErrorCode,
} from '@parley/contracts';
import type { Decider } from '@parley/eventstore';
import type { CampaignEvent, Recipient } from './events';

export type CampaignCommand =
  | {
      type: 'Save';
      /** A new campaign (its id just made), or a change to one of this account's. */
      create: boolean;
      campaignId: string;
      accountId: string;
      domainId: string;
      subject: string;
      body: string;
      audience: Audience;
      by: string;
      at: string;
    }
  | { type: 'Schedule'; campaignId: string; accountId: string; sendAt: string; by: string; at: string }
  | { type: 'Unschedule'; campaignId: string; accountId: string; by: string; at: string }
  | { type: 'Delete'; campaignId: string; accountId: string; by: string; at: string }
  | {
      type: 'Release';
      campaignId: string;
      accountId: string;
      /** The domain's subscribed contacts matching the audience, within the plan's contacts. */
      recipients: Recipient[];
      plan: PlanId;
      emailsPerMonth: number;
      at: string;
      /** A scheduled send records a refusal (nobody is waiting for an answer); 'now' throws it. */
      trigger: 'now' | 'schedule';
    };

export type CampaignPhase = 'draft' | 'scheduled' | 'sent' | 'refused' | 'deleted';

export interface CampaignsState {
  campaigns: Record<string, { phase: CampaignPhase; domainId: string; sendAt: string | null }>;
  /** Emails spent per UTC month. */
  used: Record<string, number>;
}

export const monthOf = (iso: string) => iso.slice(0, 7);

export function emailsLeft(state: CampaignsState, limit: number, at: string): number {
  return Math.max(0, limit - (state.used[monthOf(at)] ?? 0));
}

const notFound = () => notificationsError('not_found', 'Campaign not found', 'NOT_FOUND');
const alreadySent = () => notificationsError('conflict', MARKETING_MESSAGES.alreadySent, 'CAMPAIGN_SENT');

function open(state: CampaignsState, campaignId: string) {
  const campaign = state.campaigns[campaignId];
  if (!campaign || campaign.phase === 'deleted') throw notFound();
  if (campaign.phase === 'sent') throw alreadySent();
  return campaign;
}

export function decide(command: CampaignCommand, state: CampaignsState): CampaignEvent[] {
  const { campaignId, accountId } = command;
  switch (command.type) {
    case 'Save': {
      const existing = state.campaigns[campaignId];
      // An id this account never made is not found, even if another account holds it.
      if (!command.create && !existing) throw notFound();
      if (command.create && existing)
        throw notificationsError('conflict', 'Campaign exists already', 'CONFLICT');
      if (existing?.phase === 'deleted') throw notFound();
      if (existing?.phase === 'sent') throw alreadySent();
      if (existing && existing.domainId !== command.domainId)
        throw notificationsError('validation', 'A campaign stays with its domain', 'VALIDATION', [
          { field: 'domainId', message: 'A campaign stays with its domain' },
        ]);
      return [
        {
          type: MarketingEvent.CampaignSaved,
          data: {
            campaignId,
            accountId,
            domainId: command.domainId,
            subject: command.subject,
            body: command.body,
            audience: command.audience,
            savedBy: command.by,
            savedAt: command.at,
          },
        },
      ];
    }
    case 'Schedule': {
      open(state, campaignId);
      if (Date.parse(command.sendAt) <= Date.parse(command.at))
        throw notificationsError('validation', MARKETING_MESSAGES.sendAtPast, 'VALIDATION', [
          { field: 'sendAt', message: MARKETING_MESSAGES.sendAtPast },
        ]);
      return [
        {
          type: MarketingEvent.CampaignScheduled,
          data: { campaignId, accountId, sendAt: command.sendAt, scheduledBy: command.by, at: command.at },
        },
      ];
    }
    case 'Unschedule': {
      const campaign = open(state, campaignId);
      if (campaign.phase !== 'scheduled') return [];
      return [
        {
          type: MarketingEvent.CampaignUnscheduled,
          data: { campaignId, accountId, by: command.by, at: command.at },
        },
      ];
    }
    case 'Delete': {
      const campaign = state.campaigns[campaignId];
      if (!campaign || campaign.phase === 'deleted') throw notFound();
      if (campaign.phase === 'sent') throw alreadySent();
      return [
        {
          type: MarketingEvent.CampaignDeleted,
          data: { campaignId, accountId, by: command.by, at: command.at },
        },
      ];
    }
    case 'Release': {
      const campaign = state.campaigns[campaignId];
      if (!campaign || campaign.phase === 'deleted') {
        if (command.trigger === 'schedule') return [];
        throw notFound();
      }
      if (campaign.phase === 'sent') {
        if (command.trigger === 'schedule') return [];
        throw alreadySent();
      }
      // A schedule that was taken back or moved is not due any more.
      if (
        command.trigger === 'schedule' &&
        (campaign.phase !== 'scheduled' ||
          campaign.sendAt === null ||
          Date.parse(campaign.sendAt) > Date.parse(command.at))
      )
        return [];
      const refuse = (error: AppError<NotificationsErrorCode>): CampaignEvent[] => {
        if (command.trigger === 'now') throw error;
        return [
          {
            type: MarketingEvent.CampaignRefused,
            data: { campaignId, accountId, reason: error.message, at: command.at },
          },
        ];
      };
      const count = command.recipients.length;
      if (count === 0)
        return refuse(notificationsError('validation', MARKETING_MESSAGES.noRecipients, 'NO_RECIPIENTS'));
      const left = emailsLeft(state, command.emailsPerMonth, command.at);
      if (count > left)
        return refuse(
          notificationsError(
            'forbidden',
            emailLimitMessage(command.plan, command.emailsPerMonth, left, count),
            'EMAIL_LIMIT',
          ),
        );
      return [
        {
          type: MarketingEvent.CampaignReleased,
          data: {
            campaignId,
            accountId,
            domainId: campaign.domainId,
            month: monthOf(command.at),
            recipients: command.recipients,
            plan: command.plan,
            releasedAt: command.at,
          },
        },
      ];
    }
  }
}

export function evolve(state: CampaignsState, event: CampaignEvent): CampaignsState {
  const d = event.data;
  const campaigns = { ...state.campaigns };
  const current = campaigns[d.campaignId];
  switch (event.type) {
    case MarketingEvent.CampaignSaved:
      campaigns[d.campaignId] = {
        phase: current?.phase === 'scheduled' ? 'scheduled' : 'draft',
        domainId: event.data.domainId,
        sendAt: current?.sendAt ?? null,
      };
      return { ...state, campaigns };
    case MarketingEvent.CampaignScheduled:
      if (current) campaigns[d.campaignId] = { ...current, phase: 'scheduled', sendAt: event.data.sendAt };
      return { ...state, campaigns };
    case MarketingEvent.CampaignUnscheduled:
      if (current) campaigns[d.campaignId] = { ...current, phase: 'draft', sendAt: null };
      return { ...state, campaigns };
    case MarketingEvent.CampaignRefused:
      if (current) campaigns[d.campaignId] = { ...current, phase: 'refused', sendAt: null };
      return { ...state, campaigns };
    case MarketingEvent.CampaignDeleted:
      if (current) campaigns[d.campaignId] = { ...current, phase: 'deleted' };
      return { ...state, campaigns };
    case MarketingEvent.CampaignReleased: {
      if (current) campaigns[d.campaignId] = { ...current, phase: 'sent' };
      const month = event.data.month;
      return {
        campaigns,
        used: { ...state.used, [month]: (state.used[month] ?? 0) + event.data.recipients.length },
      };
    }
  }
}

export const campaignsDecider: Decider<CampaignCommand, CampaignEvent, CampaignsState> = {
  initialState: { campaigns: {}, used: {} },
  evolve,
  decide,
};
