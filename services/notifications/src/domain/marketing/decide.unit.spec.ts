import { AppError, MarketingEvent } from '@parley/contracts';
import { campaignsDecider, decide, type CampaignCommand, type CampaignsState } from './decide';
import type { CampaignEvent } from './events';

const at = '2026-11-26T10:00:00.000Z';
const audience = { query: '', questionId: '', answer: '', booked: 'any', ordered: 'any' } as const;
const save = (campaignId: string): Extract<CampaignCommand, { type: 'Save' }> => ({
  type: 'Save',
  create: true,
  campaignId,
  accountId: 'acct',
  domainId: 'dom',
  subject: 'Spring',
  body: '<p>Hi</p>',
  audience,
  by: 'owner',
  at,
});
const recipients = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ email: `c${i}@example.com`, name: '' }));
const release = (campaignId: string, n: number, extra: Partial<CampaignCommand> = {}): CampaignCommand =>
  ({
    type: 'Release',
    campaignId,
    accountId: 'acct',
    recipients: recipients(n),
    plan: 'STANDARD',
    emailsPerMonth: 10,
    at,
    trigger: 'now',
    ...extra,
  }) as CampaignCommand;

/** given events, when command: the events decided, folded into the state. */
function run(commands: CampaignCommand[]): { events: CampaignEvent[]; state: CampaignsState } {
  let state = campaignsDecider.initialState;
  const events: CampaignEvent[] = [];
  for (const command of commands) {
    const decided = decide(command, state);
    events.push(...decided);
    state = decided.reduce(campaignsDecider.evolve, state);
  }
  return { events, state };
}

function refusal(commands: CampaignCommand[]): AppError {
  try {
    run(commands);
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('not refused');
}

describe('campaigns decider', () => {
  it('releases a campaign within the month’s emails and counts one per recipient', () => {
    const { events, state } = run([save('a'), release('a', 10)]);
    expect(events.map((e) => e.type)).toEqual([
      MarketingEvent.CampaignSaved,
      MarketingEvent.CampaignReleased,
    ]);
    expect(state.used['2026-11']).toBe(10);
  });

  it('refuses the 11th recipient on STANDARD with the limit’s message, before anything is spent', () => {
    const error = refusal([save('a'), release('a', 11)]);
    expect(error.code).toBe('EMAIL_LIMIT');
    expect(error.kind).toBe('forbidden');
    expect(error.message).toBe(
      'Your Standard plan allows 10 emails a month and 10 are left this month; this campaign has 11 recipients. Narrow the recipients or upgrade to Pro.',
    );
  });

  it('counts earlier campaigns of the month, and starts again the next month', () => {
    expect(refusal([save('a'), release('a', 7), save('b'), release('b', 4)]).message).toContain(
      '3 are left this month; this campaign has 4 recipients',
    );
    const next = run([
      save('a'),
      release('a', 7),
      save('b'),
      release('b', 4, { at: '2026-12-01T00:00:00.000Z' }),
    ]);
    expect(next.state.used).toEqual({ '2026-11': 7, '2026-12': 4 });
  });

  it('sends a campaign once; a sent one cannot change', () => {
    expect(refusal([save('a'), release('a', 1), release('a', 1)]).code).toBe('CAMPAIGN_SENT');
    expect(refusal([save('a'), release('a', 1), { ...save('a'), create: false }]).code).toBe('CAMPAIGN_SENT');
  });

  it('changes only a campaign of its own account: another id is not found', () => {
    expect(refusal([{ ...save('elsewhere'), create: false }]).kind).toBe('not_found');
    expect(run([save('a'), { ...save('a'), create: false, subject: 'Later' }]).events).toHaveLength(2);
  });

  it('refuses no recipients; a schedule records refusals instead of throwing', () => {
    expect(refusal([save('a'), release('a', 0)]).code).toBe('NO_RECIPIENTS');
    const scheduled: CampaignCommand = {
      type: 'Schedule',
      campaignId: 'a',
      accountId: 'acct',
      sendAt: '2026-11-26T09:00:00.000Z',
      by: 'o',
      at: '2026-11-26T08:00:00.000Z',
    };
    const { events } = run([save('a'), scheduled, release('a', 11, { trigger: 'schedule' })]);
    expect(events.at(-1)?.type).toBe(MarketingEvent.CampaignRefused);
  });

  it('a schedule not due yet, taken back or already sent releases nothing', () => {
    const later: CampaignCommand = {
      type: 'Schedule',
      campaignId: 'a',
      accountId: 'acct',
      sendAt: '2026-11-27T09:00:00.000Z',
      by: 'o',
      at,
    };
    expect(run([save('a'), later, release('a', 1, { trigger: 'schedule' })]).events).toHaveLength(2);
    const unschedule: CampaignCommand = {
      type: 'Unschedule',
      campaignId: 'a',
      accountId: 'acct',
      by: 'o',
      at,
    };
    expect(
      run([
        save('a'),
        later,
        unschedule,
        release('a', 1, { trigger: 'schedule', at: '2026-11-28T00:00:00.000Z' }),
      ]).events.map((e) => e.type),
    ).not.toContain(MarketingEvent.CampaignReleased);
  });

  it('refuses a time in the past', () => {
    const past: CampaignCommand = {
      type: 'Schedule',
      campaignId: 'a',
      accountId: 'acct',
      sendAt: '2026-11-26T09:00:00.000Z',
      by: 'o',
      at,
    };
    expect(refusal([save('a'), past]).fields).toEqual([
      { field: 'sendAt', message: 'Choose a time in the future' },
    ]);
  });
});
