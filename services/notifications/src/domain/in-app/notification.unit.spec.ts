import { AppError } from '@parley/contracts';
import { cleanupCutoffs, domainSetupNotification, isPastRetention } from './notification';

const DAY = 24 * 60 * 60 * 1000;
const added = {
  domainId: 'd-1',
  accountId: 'acct-1',
  addedBy: 'user-1',
  domain: 'shop.example.com',
  addedAt: '2026-03-01T10:00:00.000Z',
};

describe('domainSetupNotification', () => {
  it('goes to the user who added the domain, names the domain and keeps its id', () => {
    expect(
      domainSetupNotification({ eventId: 'cmd-1:0', occurredAt: '2026-03-01T10:00:01.000Z', data: added }),
    ).toEqual({
      sourceEventId: 'cmd-1:0',
      accountId: 'acct-1',
      userId: 'user-1',
      type: 'DOMAIN_SETUP',
      message: 'Set up your new domain shop.example.com: tell the assistant about your business.',
      domainId: 'd-1',
      roomId: null,
      createdAt: new Date('2026-03-01T10:00:00.000Z'),
    });
  });

  it("falls back to the log's time when addedAt is not a time", () => {
    const n = domainSetupNotification({
      eventId: 'cmd-2:0',
      occurredAt: '2026-03-02T08:00:00.000Z',
      data: { ...added, addedAt: 'yesterday' },
    });
    expect(n.createdAt).toEqual(new Date('2026-03-02T08:00:00.000Z'));
  });

  it('refuses a payload that breaks the contract', () => {
    const { addedBy: _dropped, ...withoutUser } = added;
    expect(() =>
      domainSetupNotification({ eventId: 'cmd-3:0', occurredAt: added.addedAt, data: withoutUser }),
    ).toThrow(AppError);
  });
});

describe('retention', () => {
  const now = new Date('2026-06-30T12:00:00.000Z');

  it('removes what was read more than 30 days ago and anything older than 90 days', () => {
    expect(cleanupCutoffs(now)).toEqual({
      readBefore: new Date(now.getTime() - 30 * DAY),
      createdBefore: new Date(now.getTime() - 90 * DAY),
    });
  });

  it('does not create what cleanup would remove at once', () => {
    expect(isPastRetention(new Date(now.getTime() - 90 * DAY - 1), now)).toBe(true);
    expect(isPastRetention(new Date(now.getTime() - 90 * DAY), now)).toBe(false);
    expect(isPastRetention(now, now)).toBe(false);
  });
});
