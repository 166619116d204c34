import type { RecordedEvent } from '@parley/eventstore';
import { opensAccount, registrationOf } from './registration-reactor';

const userId = '0b6c1f0e-4a7d-4f8e-9c2b-5d3e1a7f9b20';
const registered = (data: Record<string, unknown>, type = 'identity.UserRegistered'): RecordedEvent => ({
  type,
  data,
  subject: `identity.user.${userId}`,
  sequence: 7,
  eventId: 'cmd-1:0',
  occurredAt: '2026-11-22T18:00:00.000Z',
  meta: {},
});
const owner = {
  userId,
  email: 'owner@example.com',
  fullname: 'Ada Owner',
  role: 'OWNER',
  plan: 'STANDARD',
  selectedPlan: 'PRO',
  registeredAt: '2026-11-22T18:00:00.000Z',
  accountId: userId,
  passwordHash: 'identity keeps this to itself',
};

describe('registration reactor', () => {
  it('reads the public fields of a registration and drops the rest', () => {
    const user = registrationOf(registered(owner));
    expect(user).toMatchObject({ userId, accountId: userId, role: 'OWNER', selectedPlan: 'PRO' });
    expect(user).not.toHaveProperty('passwordHash');
  });

  it('ignores identity events other than registrations', () => {
    expect(registrationOf(registered({ userId, fullname: 'B' }, 'identity.UserRenamed'))).toBeNull();
  });

  it('refuses a malformed registration so the runner parks it instead of guessing', () => {
    expect(() => registrationOf(registered({ ...owner, selectedPlan: 'GOLD' }))).toThrow(
      /malformed identity.UserRegistered cmd-1:0: selectedPlan/,
    );
  });

  it('opens an account for owners and admins, not for agents who join one', () => {
    expect(opensAccount({ role: 'OWNER', userId, accountId: userId })).toBe(true);
    expect(opensAccount({ role: 'ADMIN', userId, accountId: userId })).toBe(true);
    expect(opensAccount({ role: 'AGENT', userId, accountId: 'the-owners-id' })).toBe(false);
  });
});
