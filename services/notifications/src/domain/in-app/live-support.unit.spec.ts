import { AppError } from '@parley/contracts';
import { handoffOf, liveSupportNotifications } from './live-support';

const change = {
  roomId: 'room-1',
  audience: { accountId: 'owner-1', domainId: 'd-1', customerId: 'c-1', sharedWith: ['agent-1', 'owner-1'] },
  live: true,
  changedBy: 'assistant',
  reason: 'asked for a person',
  changedAt: '2026-03-01T10:00:00.000Z',
};
const event = (data: unknown) => ({ eventId: 'cmd-1:0', occurredAt: '2026-03-01T10:00:01.000Z', data });

describe('handoffOf', () => {
  it('is the change when the assistant switched the room live', () => {
    expect(handoffOf(event(change))).toEqual(change);
  });

  it('is null when a team member switched it on, or when it was switched off', () => {
    expect(handoffOf(event({ ...change, changedBy: 'agent-1' }))).toBeNull();
    expect(handoffOf(event({ ...change, live: false }))).toBeNull();
  });

  it('refuses a payload that breaks the contract', () => {
    const { audience: _dropped, ...withoutAudience } = change;
    expect(() => handoffOf(event(withoutAudience))).toThrow(AppError);
  });
});

describe('liveSupportNotifications', () => {
  it('notifies the owner and each member the room is shared with once, naming domain and room', () => {
    const notifications = liveSupportNotifications(event(change), change, 'shop.example.com');
    expect(notifications).toEqual(
      ['owner-1', 'agent-1'].map((userId) => ({
        sourceEventId: `cmd-1:0:${userId}`,
        accountId: 'owner-1',
        userId,
        type: 'LIVE_SUPPORT',
        message: 'A visitor on shop.example.com asked for live support',
        domainId: 'd-1',
        roomId: 'room-1',
        createdAt: new Date('2026-03-01T10:00:00.000Z'),
      })),
    );
  });

  it('names no domain while its name is not known', () => {
    const [n] = liveSupportNotifications(event(change), change, null);
    expect(n!.message).toBe('A visitor asked for live support');
  });
});
