import { deciderSpec } from '@parley/testing';
import { emailClaimDecider } from './decide';
import { EmailClaimEventType as T } from './events';

const T0 = Date.parse('2030-01-01T10:00:00.000Z');
const spec = deciderSpec(emailClaimDecider);
const claim = (customerId: string) => ({
  type: 'ClaimEmail' as const,
  domainId: 'd1',
  email: 'ann@example.com',
  customerId,
  now: T0,
});
const claimed = {
  type: T.Claimed,
  data: { domainId: 'd1', email: 'ann@example.com', customerId: 'c1', claimedAt: new Date(T0).toISOString() },
};

describe('email claim', () => {
  it('gives a free email to the first customer', () => {
    expect(spec.given([]).when(claim('c1')).then([claimed]).holder).toBe('c1');
  });

  it('keeps it with its holder: a second customer records nothing and learns the holder', () => {
    expect(spec.given([claimed]).when(claim('c2')).then([]).holder).toBe('c1');
    expect(spec.given([claimed]).when(claim('c1')).then([]).holder).toBe('c1');
  });
});
