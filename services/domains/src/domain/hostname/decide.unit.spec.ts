import type { AppError } from '@parley/contracts';
import { deciderSpec } from '@parley/testing';
import { hostnameDecider } from './decide';
import type { HostnameEvent } from './events';
import { HostnameEventType as T } from './events';

const T0 = Date.parse('2030-01-01T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const spec = deciderSpec(hostnameDecider);
const claimed = (domainId: string, accountId = 'a1'): HostnameEvent => ({
  type: T.Claimed,
  data: { hostname: 'shop.example.com', domainId, accountId, claimedAt: iso(T0) },
});
const claim = (domainId: string, holderAbandoned = false, accountId = 'a1') => ({
  type: 'ClaimHostname' as const,
  hostname: 'shop.example.com',
  domainId,
  accountId,
  holderAbandoned,
  now: T0,
});

describe('hostname claim', () => {
  it('claims a free name', () => {
    spec
      .given([])
      .when(claim('d1'))
      .then([claimed('d1')]);
  });

  it('refuses a name another domain holds, on the domain field', () => {
    const error = spec
      .given([claimed('d1')])
      .when(claim('d2', false, 'a2'))
      .thenThrows('DOMAIN_EXISTS') as AppError;
    expect(error).toMatchObject({ kind: 'conflict', message: 'This domain has already been added' });
    expect(error.fields).toEqual([{ field: 'domain', message: 'This domain has already been added' }]);
  });

  it('records nothing for the same claim retried', () => {
    spec
      .given([claimed('d1')])
      .when(claim('d1'))
      .then([]);
  });

  it('claims a released name again', () => {
    spec
      .given([claimed('d1'), { type: T.Released, data: { domainId: 'd1', releasedAt: iso(T0) } }])
      .when(claim('d2', false, 'a2'))
      .then([claimed('d2', 'a2')]);
  });

  it('takes over the claim of an abandoned holder', () => {
    spec
      .given([claimed('d1')])
      .when(claim('d2', true, 'a2'))
      .then([{ type: T.Released, data: { domainId: 'd1', releasedAt: iso(T0) } }, claimed('d2', 'a2')]);
  });

  it('releases only its own holder', () => {
    spec
      .given([claimed('d1')])
      .when({ type: 'ReleaseHostname', domainId: 'd2', now: T0 })
      .then([]);
    const state = spec
      .given([claimed('d1')])
      .when({ type: 'ReleaseHostname', domainId: 'd1', now: T0 })
      .then([{ type: T.Released, data: { domainId: 'd1', releasedAt: iso(T0) } }]);
    expect(state.holder).toBeNull();
  });
});
