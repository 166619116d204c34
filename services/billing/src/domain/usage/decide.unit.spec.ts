import { deciderSpec } from '@parley/testing';
import type { UsageCommand } from './commands';
import { atWarning, usageDecider } from './decide';
import type { UsageEvent } from './events';

const accountId = 'acc-1';
const period = { periodStart: '2026-11-01T00:00:00.000Z', periodEnd: '2026-12-01T00:00:00.000Z' };
const now = Date.parse('2026-11-22T18:00:00.000Z');
const at = new Date(now).toISOString();

const consume = (requestId: string, limit = 100): UsageCommand => ({
  type: 'ConsumeRequest',
  accountId,
  requestId,
  plan: limit === 1000 ? 'PRO' : 'STANDARD',
  limit,
  ...period,
  now,
});
const consumed = (n: number, limit = 100): UsageEvent => ({
  type: 'billing.RequestConsumed',
  data: { accountId, ...period, requestId: `r${n}`, requestsUsed: n, requestLimit: limit, consumedAt: at },
});
const history = (count: number, limit = 100) =>
  Array.from({ length: count }, (_, i) => consumed(i + 1, limit));
const reached = (
  type: 'billing.UsageWarningReached' | 'billing.UsageLimitReached',
  used: number,
  limit = 100,
) =>
  ({
    type,
    data: {
      accountId,
      ...period,
      plan: limit === 1000 ? 'PRO' : 'STANDARD',
      requestsUsed: used,
      requestLimit: limit,
      reachedAt: at,
    },
  }) as UsageEvent;

describe('usage decider', () => {
  const spec = deciderSpec(usageDecider);

  it('counts a request', () => {
    const state = spec
      .given([])
      .when(consume('r1'))
      .then([consumed(1)]);
    expect(state.requestsUsed).toBe(1);
  });

  it('counts a request id once (a redelivered assistant message)', () => {
    spec.given(history(3)).when(consume('r2')).then([]);
  });

  it('warns on the request that reaches 80%, once', () => {
    const state = spec
      .given(history(79))
      .when(consume('r80'))
      .then([consumed(80), reached('billing.UsageWarningReached', 80)]);
    expect(state.warned).toBe(true);
    spec
      .given([...history(80), reached('billing.UsageWarningReached', 80)])
      .when(consume('r81'))
      .then([consumed(81)]);
  });

  it('reaches the limit on the 100th request and then counts nothing', () => {
    const before = [...history(80), reached('billing.UsageWarningReached', 80), ...history(99).slice(80)];
    const state = spec
      .given(before)
      .when(consume('r100'))
      .then([consumed(100), reached('billing.UsageLimitReached', 100)]);
    expect(state).toMatchObject({ requestsUsed: 100, limitReached: true });
    spec
      .given([...before, consumed(100), reached('billing.UsageLimitReached', 100)])
      .when(consume('r101'))
      .then([]);
  });

  it('uses the PRO limit of 1000', () => {
    spec
      .given(history(799, 1000))
      .when(consume('r800', 1000))
      .then([consumed(800, 1000), reached('billing.UsageWarningReached', 800, 1000)]);
  });

  it('announces both thresholds at once when one request crosses both (a limit of 1)', () => {
    spec
      .given([])
      .when(consume('r1', 1))
      .then([
        consumed(1, 1),
        reached('billing.UsageWarningReached', 1, 1),
        reached('billing.UsageLimitReached', 1, 1),
      ]);
  });

  it('puts the threshold at 80% in integers', () => {
    expect(atWarning(79, 100)).toBe(false);
    expect(atWarning(80, 100)).toBe(true);
    expect(atWarning(799, 1000)).toBe(false);
    expect(atWarning(4, 5)).toBe(true);
  });
});
