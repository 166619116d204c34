import { SLOT_TAKEN_MESSAGE, type AppError } from '@parley/contracts';
import { deciderSpec } from '@parley/testing';
import { slotDecider } from './decide';
import type { BookingFacts, SlotEvent } from './events';
import { SlotEventType as T } from './events';

const T0 = Date.parse('2030-01-01T10:00:00.000Z');
const spec = deciderSpec(slotDecider);
const booking = (bookingId: string, customerId = 'c1'): BookingFacts => ({
  bookingId,
  customerId,
  accountId: 'a1',
  domainId: 'd1',
  appointmentTypeId: '',
  appointmentName: 'Discovery Call',
  date: '2030-01-05',
  slot: '9:00am',
  email: 'ann@example.com',
  name: 'Guest',
  roomId: null,
  sharedWith: [],
});
const booked = (bookingId: string): SlotEvent => ({
  type: T.Booked,
  data: { ...booking(bookingId), bookedAt: new Date(T0).toISOString() },
});

describe('slot', () => {
  it('books a free slot', () => {
    spec
      .given([])
      .when({ type: 'Book', booking: booking('b1'), now: T0 })
      .then([booked('b1')]);
  });

  it('refuses a booked slot with SLOT_TAKEN', () => {
    const error = spec
      .given([booked('b1')])
      .when({ type: 'Book', booking: booking('b2', 'c2'), now: T0 })
      .thenThrows('SLOT_TAKEN') as AppError;
    expect(error).toMatchObject({ kind: 'conflict', message: SLOT_TAKEN_MESSAGE });
  });

  it('records nothing for the same booking retried', () => {
    spec
      .given([booked('b1')])
      .when({ type: 'Book', booking: booking('b1'), now: T0 })
      .then([]);
  });
});
