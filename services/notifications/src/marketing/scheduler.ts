import type { Audience } from '@parley/contracts';
import { release } from '../app/marketing/campaigns';
import type { MarketingDeps } from '../app/marketing/deps';

/**
 * Sends scheduled campaigns whose time has come: each is released like "send now", with the
 * recipients and the month's emails as they are then; one that cannot go (the month's emails,
 * no recipients) is recorded as refused with the reason. Replicas may both try: the campaign's
 * aggregate lets one release it and the other find it sent.
 */
export function startCampaignScheduler(deps: MarketingDeps, pollMs: number): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  async function round(): Promise<void> {
    const { rows } = await deps.pool.query<{
      campaign_id: string;
      account_id: string;
      domain_id: string;
      audience: Audience;
    }>(
      `SELECT campaign_id, account_id, domain_id, audience FROM marketing_campaigns
        WHERE status = 'scheduled' AND send_at <= $1 ORDER BY send_at LIMIT 20`,
      [deps.clock()],
    );
    for (const c of rows) {
      try {
        await release(deps, c.account_id, c.campaign_id, c.domain_id, c.audience, 'schedule', 'scheduler');
      } catch (e) {
        deps.logger.error({ err: e, campaignId: c.campaign_id }, 'scheduled campaign not released; retrying');
      }
    }
  }

  const tick = () => {
    if (stopped) return;
    running = round()
      .catch((e: unknown) => deps.logger.error({ err: e }, 'campaign scheduler round failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, pollMs);
      });
  };
  timer = setTimeout(tick, pollMs);
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
