import type { AppError } from '@parley/contracts';
import { deciderSpec } from '@parley/testing';
import { accountDecider } from './decide';
import type { AccountEvent } from './events';
import { AccountEventType as T } from './events';

const T0 = Date.parse('2030-01-01T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const spec = deciderSpec(accountDecider);
const reserved = (domainId: string, at = T0): AccountEvent => ({
  type: T.DomainReserved,
  data: { domainId, domain: `${domainId}.example.com`, reservedAt: iso(at) },
});
const reserve = (
  domainId: string,
  plan: 'STANDARD' | 'PRO',
  maxDomains: number,
  abandonedDomainIds: string[] = [],
) => ({
  type: 'ReserveDomain' as const,
  domainId,
  domain: `${domainId}.example.com`,
  plan,
  maxDomains,
  abandonedDomainIds,
  now: T0,
});

describe('account: ReserveDomain', () => {
  it('takes a place while the plan has one', () => {
    spec
      .given([])
      .when(reserve('d1', 'STANDARD', 1))
      .then([reserved('d1')]);
  });

  it('refuses a second domain on Standard with the plan’s message', () => {
    const error = spec
      .given([reserved('d1')])
      .when(reserve('d2', 'STANDARD', 1))
      .thenThrows('PLAN_LIMIT') as AppError;
    expect(error).toMatchObject({
      kind: 'forbidden',
      message: 'Your Standard plan allows 1 domain. Upgrade to Pro to add more.',
    });
  });

  it('refuses a sixth domain on Pro, naming five', () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map((id) => reserved(id));
    spec
      .given(five)
      .when(reserve('f', 'PRO', 5))
      .thenThrows('Your Pro plan allows 5 domains. Delete a domain to add another.');
  });

  it('never refuses when the limit is -1 (unlimited)', () => {
    const many = Array.from({ length: 30 }, (_, i) => reserved(`d${i}`));
    spec
      .given(many)
      .when(reserve('new', 'PRO', -1))
      .then([reserved('new')]);
  });

  it('frees abandoned places before counting', () => {
    spec
      .given([reserved('old')])
      .when(reserve('d2', 'STANDARD', 1, ['old', 'unknown']))
      .then([{ type: T.DomainReleased, data: { domainId: 'old', releasedAt: iso(T0) } }, reserved('d2')]);
  });

  it('records nothing for a retried reservation', () => {
    spec
      .given([reserved('d1')])
      .when(reserve('d1', 'STANDARD', 1))
      .then([]);
  });
});

describe('account: ReleaseDomain', () => {
  it('frees a held place, and is a no-op for one not held', () => {
    const state = spec
      .given([reserved('d1')])
      .when({ type: 'ReleaseDomain', domainId: 'd1', now: T0 })
      .then([{ type: T.DomainReleased, data: { domainId: 'd1', releasedAt: iso(T0) } }]);
    expect(state.domains).toEqual({});
    spec.given([]).when({ type: 'ReleaseDomain', domainId: 'd1', now: T0 }).then([]);
  });
});
