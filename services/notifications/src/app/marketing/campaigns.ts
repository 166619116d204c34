import { randomUUID } from 'node:crypto';
import {
  MARKETING_MESSAGES,
  campaignDraftSchema,
  campaignInputSchema,
  campaignSendSchema,
  type Audience,
  notificationsError,
} from '@parley/contracts';
import type { Caller } from '@parley/grpc';
import { campaignsDecider, type CampaignCommand } from '../../domain/marketing/decide';
import { renderCampaign } from '../../mail/templates/campaign';
import { enqueueMail } from '../../outbox/outbox-store';
import { accountOwner } from '../../projections/account-owners';
import { knownDomain } from '../../projections/known-domains';
import { unsubscribeUrl } from '../../projections/marketing/marketing-projection';
import { recipientsOf } from '../../marketing/contacts-store';
import { marketingLimits } from '../../marketing/plan-limits';
import { sanitizeCampaignBody } from '../../marketing/rich-text';
import { campaignViews, type CampaignView } from './campaign-views';
import { parseInput, requireOwner, runMarketing, type MarketingDeps } from './deps';
import { emailUsage } from './usage';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => notificationsError('not_found', 'Campaign not found', 'NOT_FOUND');

/** The caller's domain by its id; another account's or a deleted one is not a choice. */
async function ownDomain(deps: MarketingDeps, caller: Caller, domainId: string): Promise<string> {
  const domain = await knownDomain(deps.pool, caller.accountId, domainId);
  if (domain.kind !== 'known')
    throw notificationsError('validation', MARKETING_MESSAGES.domain, 'VALIDATION', [
      { field: 'domainId', message: MARKETING_MESSAGES.domain },
    ]);
  return domain.domain;
}

const run = (deps: MarketingDeps, caller: Caller, command: CampaignCommand) =>
  runMarketing(deps, 'account', caller.accountId, campaignsDecider, command, caller.userId);

async function view(deps: MarketingDeps, caller: Caller, id: string): Promise<CampaignView> {
  if (!UUID.test(id)) throw notFound();
  const [campaign] = await campaignViews(deps.pool, caller.accountId, id);
  if (!campaign) throw notFound();
  return campaign;
}

export async function listCampaigns(deps: MarketingDeps, caller: Caller) {
  requireOwner(caller);
  const limits = await marketingLimits(deps.pool, caller.accountId);
  const [data, usage] = await Promise.all([
    campaignViews(deps.pool, caller.accountId),
    emailUsage(deps, caller.accountId, limits),
  ]);
  return { data, usage: { plan: limits.plan, ...usage } };
}

export async function getCampaign(deps: MarketingDeps, caller: Caller, id: string) {
  requireOwner(caller);
  return view(deps, caller, id);
}

/** Creates (id empty) or changes a campaign that has not been sent. */
export async function saveCampaign(deps: MarketingDeps, caller: Caller, id: string, inputJson: string) {
  requireOwner(caller);
  const input = parseInput(campaignInputSchema, inputJson);
  if (id && !UUID.test(id)) throw notFound();
  await ownDomain(deps, caller, input.domainId);
  const body = sanitizeCampaignBody(input.body);
  if (!body)
    throw notificationsError('validation', MARKETING_MESSAGES.body, 'VALIDATION', [
      { field: 'body', message: MARKETING_MESSAGES.body },
    ]);
  const campaignId = id || randomUUID();
  await run(deps, caller, {
    type: 'Save',
    create: !id,
    campaignId,
    accountId: caller.accountId,
    domainId: input.domainId,
    subject: input.subject,
    body,
    audience: input.audience,
    by: caller.userId,
    at: deps.clock().toISOString(),
  });
  return view(deps, caller, campaignId);
}

export async function deleteCampaign(deps: MarketingDeps, caller: Caller, id: string): Promise<void> {
  requireOwner(caller);
  if (!UUID.test(id)) throw notFound();
  await run(deps, caller, {
    type: 'Delete',
    campaignId: id,
    accountId: caller.accountId,
    by: caller.userId,
    at: deps.clock().toISOString(),
  });
}

/**
 * Sends now (the recipients fixed and the month's emails checked and spent in one append; the
 * mail leaves through the outbox) or schedules it for `sendAt`.
 */
export async function sendCampaign(deps: MarketingDeps, caller: Caller, id: string, inputJson: string) {
  requireOwner(caller);
  const input = parseInput(campaignSendSchema, inputJson);
  const campaign = await view(deps, caller, id);
  const at = deps.clock().toISOString();
  if (input.sendAt) {
    await run(deps, caller, {
      type: 'Schedule',
      campaignId: id,
      accountId: caller.accountId,
      sendAt: new Date(input.sendAt).toISOString(),
      by: caller.userId,
      at,
    });
  } else {
    await release(
      deps,
      caller.accountId,
      campaign.id,
      campaign.domainId,
      campaign.audience,
      'now',
      caller.userId,
    );
  }
  return view(deps, caller, id);
}

export async function unscheduleCampaign(deps: MarketingDeps, caller: Caller, id: string) {
  requireOwner(caller);
  await view(deps, caller, id);
  await run(deps, caller, {
    type: 'Unschedule',
    campaignId: id,
    accountId: caller.accountId,
    by: caller.userId,
    at: deps.clock().toISOString(),
  });
  return view(deps, caller, id);
}

/** Release a campaign to its recipients as they are now (also the scheduler's way). */
export async function release(
  deps: MarketingDeps,
  accountId: string,
  campaignId: string,
  domainId: string,
  audience: Audience,
  trigger: 'now' | 'schedule',
  actorId: string,
): Promise<void> {
  const limits = await marketingLimits(deps.pool, accountId);
  const recipients = await recipientsOf(deps.pool, accountId, limits.contacts, domainId, audience);
  await runMarketing(
    deps,
    'account',
    accountId,
    campaignsDecider,
    {
      type: 'Release',
      campaignId,
      accountId,
      recipients,
      plan: limits.plan,
      emailsPerMonth: limits.emailsPerMonth,
      at: deps.clock().toISOString(),
      trigger,
    },
    actorId,
  );
}

/** The mail as a contact will get it (the unsubscribe link is the test copy's, which does nothing). */
async function draftMail(deps: MarketingDeps, caller: Caller, inputJson: string) {
  const input = parseInput(campaignDraftSchema, inputJson);
  const domain = await ownDomain(deps, caller, input.domainId);
  const body = sanitizeCampaignBody(input.body);
  const data = {
    campaignId: 'test',
    domainId: input.domainId,
    domain,
    subject: input.subject,
    body: body || '<p></p>',
    appUrl: deps.appUrl,
    unsubscribeUrl: unsubscribeUrl(deps.appUrl, 'test'),
  };
  return { data, mail: renderCampaign(data) };
}

export async function previewCampaign(deps: MarketingDeps, caller: Caller, inputJson: string) {
  requireOwner(caller);
  const { mail } = await draftMail(deps, caller, inputJson);
  return { subject: mail.subject, html: mail.html, text: mail.text };
}

/** One copy to the account's owner, through the outbox like every mail; counts against nothing. */
export async function testCampaign(deps: MarketingDeps, caller: Caller, inputJson: string) {
  requireOwner(caller);
  const { data } = await draftMail(deps, caller, inputJson);
  const owner = await accountOwner(deps.pool, caller.accountId);
  if (!owner)
    throw notificationsError(
      'unavailable',
      'Your address is not known yet; try again in a moment',
      'UNAVAILABLE',
    );
  const client = await deps.pool.connect();
  try {
    await client.query('BEGIN');
    await enqueueMail(
      client,
      {
        id: `campaign-test:${randomUUID()}`,
        template: 'campaign',
        recipient: owner.email,
        data: { ...data, subject: `[Test] ${data.subject}` },
        sealedSecrets: null,
        expiresAt: new Date(deps.clock().getTime() + 24 * 3600_000),
      },
      deps.clock(),
    );
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK');
    throw e;
  } finally {
    client.release();
  }
  return { sentTo: owner.email };
}
