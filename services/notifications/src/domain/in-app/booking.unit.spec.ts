import { AppError } from '@parley/contracts';
import { bookingNotifications, bookingOf } from './booking';

const booked = {
  bookingId: 'b-1',
  customerId: 'c-1',
  accountId: 'owner-1',
  domainId: 'd-1',
  appointmentTypeId: '',
  appointmentName: 'Discovery Call',
  date: '2030-01-05',
  slot: '10:00am',
  email: 'vera@example.com',
  name: 'Vera',
  bookedAt: '2030-01-01T09:00:00.000Z',
  roomId: 'r-1',
  sharedWith: ['agent-1', 'owner-1'],
};
const event = (data: unknown) => ({ eventId: 'cmd-1:0', occurredAt: '2030-01-01T09:00:01.000Z', data });

describe('bookingOf', () => {
  it('is the booking, also one recorded before rooms were linked', () => {
    expect(bookingOf(event(booked))).toEqual(booked);
    const { roomId: _r, sharedWith: _s, ...older } = booked;
    expect(bookingOf(event(older))).toEqual(older);
  });

  it('refuses a payload that breaks the contract', () => {
    const { accountId: _dropped, ...broken } = booked;
    expect(() => bookingOf(event(broken))).toThrow(AppError);
  });
});

describe('bookingNotifications', () => {
  it('tells the owner and the members the conversation is shared with, once each, at the booking’s time', () => {
    const found = bookingNotifications(event(booked), booked, 'shop.example.com');
    expect(found.map((n) => n.userId)).toEqual(['owner-1', 'agent-1']);
    expect(found[0]).toEqual({
      sourceEventId: 'cmd-1:0:owner-1',
      accountId: 'owner-1',
      userId: 'owner-1',
      type: 'BOOKING',
      message: 'New booking on shop.example.com: Discovery Call with Vera, Sat, Jan 5, 2030 at 10:00am',
      domainId: 'd-1',
      roomId: null,
      createdAt: new Date('2030-01-01T09:00:00.000Z'),
    });
    expect(found[1]!.sourceEventId).toBe('cmd-1:0:agent-1');
  });

  it('names no domain it has not heard of, and tells the owner alone when nothing was shared', () => {
    const { sharedWith: _s, ...alone } = booked;
    const [only, ...more] = bookingNotifications(event(alone), alone, null);
    expect(more).toEqual([]);
    expect(only!.message).toBe('New booking: Discovery Call with Vera, Sat, Jan 5, 2030 at 10:00am');
  });
});
