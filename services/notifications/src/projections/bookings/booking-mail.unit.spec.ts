import { bookingMail } from './booking-mail';

const booked = {
  bookingId: 'b-1',
  customerId: 'c-1',
  accountId: 'owner-1',
  domainId: 'd 1',
  appointmentTypeId: '',
  appointmentName: 'Discovery Call',
  date: '2030-01-05',
  slot: '10:00am',
  email: 'vera@example.com',
  name: 'Vera',
  bookedAt: '2030-01-01T09:00:00.000Z',
};
const facts = {
  owner: { email: 'ann@example.com', fullname: 'Ann Smith' },
  domain: 'shop.example.com',
  appUrl: 'https://app.parley.example',
  occurredAt: '2030-01-01T09:00:01.000Z',
};

describe('booking mail', () => {
  it('goes to the owner once per booking, with who booked what and a link to the domain’s bookings', () => {
    expect(bookingMail(booked, facts)).toEqual({
      id: 'booking:b-1',
      template: 'booking',
      recipient: 'ann@example.com',
      data: {
        fullname: 'Ann Smith',
        domain: 'shop.example.com',
        name: 'Vera',
        email: 'vera@example.com',
        appointmentName: 'Discovery Call',
        date: '2030-01-05',
        slot: '10:00am',
        bookingsUrl: 'https://app.parley.example/dashboard/bookings?domainId=d%201',
      },
      sealedSecrets: null,
      // The appointment's day is over then.
      expiresAt: new Date('2030-01-06T00:00:00.000Z'),
    });
  });

  it('is news for at least a day after the booking, also for an appointment the same day', () => {
    expect(bookingMail({ ...booked, date: '2030-01-01' }, facts).expiresAt).toEqual(
      new Date('2030-01-02T09:00:00.000Z'),
    );
    expect(bookingMail({ ...booked, date: '2030-01-01', bookedAt: 'soon' }, facts).expiresAt).toEqual(
      new Date('2030-01-02T09:00:01.000Z'),
    );
  });
});
