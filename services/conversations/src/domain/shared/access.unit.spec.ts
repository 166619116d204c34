import { roomAccess } from './access';
import { slotMinutes } from './slots';

const room = { accountId: 'a1', domainId: 'd1', customerId: 'c1', sharedWith: ['g1'] };

describe('room access', () => {
  it('lets owners and admins of the account reach every room, agents only shared ones', () => {
    expect(roomAccess(room, { kind: 'team', userId: 'u1', role: 'OWNER', accountId: 'a1' })).toBe('granted');
    expect(roomAccess(room, { kind: 'team', userId: 'u2', role: 'ADMIN', accountId: 'a1' })).toBe('granted');
    expect(roomAccess(room, { kind: 'team', userId: 'g1', role: 'AGENT', accountId: 'a1' })).toBe('granted');
    expect(roomAccess(room, { kind: 'team', userId: 'g2', role: 'AGENT', accountId: 'a1' })).toBe(
      'forbidden',
    );
  });

  it('hides another account’s room and other customers’ rooms as not found', () => {
    expect(roomAccess(room, { kind: 'team', userId: 'g1', role: 'OWNER', accountId: 'a2' })).toBe(
      'not_found',
    );
    expect(roomAccess(room, { kind: 'visitor', customerId: 'c1', domainId: 'd1' })).toBe('granted');
    expect(roomAccess(room, { kind: 'visitor', customerId: 'c2', domainId: 'd1' })).toBe('not_found');
    expect(roomAccess(room, { kind: 'visitor', customerId: 'c1', domainId: 'd2' })).toBe('not_found');
  });
});

describe('slot minutes', () => {
  it('orders the booking slots through the day', () => {
    expect(['9:00am', '12:00pm', '1:00pm', '4:00pm'].map(slotMinutes)).toEqual([540, 720, 780, 960]);
  });
});
