import {
  bookingMessage,
  domainSetupMessage,
  liveSupportMessage,
  markNotificationReadSchema,
  notificationsCleanupMessage,
  realtimeUserSubject,
  realtimeUsersSubject,
  userIdOfRealtimeSubject,
} from './in-app';

describe('in-app notification contracts', () => {
  it('words DOMAIN_SETUP with the domain', () => {
    expect(domainSetupMessage('shop.example.com')).toBe(
      'Set up your new domain shop.example.com: tell the assistant about your business.',
    );
  });

  it('words LIVE_SUPPORT with the domain, or without it when its name is not known', () => {
    expect(liveSupportMessage('shop.example.com')).toBe(
      'A visitor on shop.example.com asked for live support',
    );
    expect(liveSupportMessage(null)).toBe('A visitor asked for live support');
  });

  it('words BOOKING with what, with whom, when and where', () => {
    const booking = { name: 'Vera', appointmentName: 'Discovery Call', date: '2030-01-05', slot: '10:00am' };
    expect(bookingMessage(booking, 'shop.example.com')).toBe(
      'New booking on shop.example.com: Discovery Call with Vera, Sat, Jan 5, 2030 at 10:00am',
    );
    expect(bookingMessage(booking, null)).toBe(
      'New booking: Discovery Call with Vera, Sat, Jan 5, 2030 at 10:00am',
    );
  });

  it('accepts only { read: true } for PATCH', () => {
    expect(markNotificationReadSchema.parse({ read: true })).toEqual({ read: true });
    for (const body of [{}, { read: false }, { read: 'true' }, { read: 1 }]) {
      const result = markNotificationReadSchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('read must be true');
    }
  });

  it('says how many old notifications cleanup removed', () => {
    expect(notificationsCleanupMessage(0)).toBe('Removed 0 old notifications');
    expect(notificationsCleanupMessage(1)).toBe('Removed 1 old notification');
    expect(notificationsCleanupMessage(7)).toBe('Removed 7 old notifications');
  });

  it('names realtime subjects per user, namespaced like the streams, and reads the user back', () => {
    expect(realtimeUserSubject('u-1')).toBe('realtime.user.u-1');
    expect(realtimeUserSubject('u-1', 'T3f9')).toBe('t3f9.realtime.user.u-1');
    expect(realtimeUsersSubject()).toBe('realtime.user.*');
    expect(realtimeUsersSubject('t3f9')).toBe('t3f9.realtime.user.*');
    expect(userIdOfRealtimeSubject('t3f9.realtime.user.u-1')).toBe('u-1');
    expect(userIdOfRealtimeSubject('realtime.user.u-1')).toBe('u-1');
  });

  it('refuses a user id that would change the subject', () => {
    for (const id of ['', 'a.b', '*', '>', 'a b']) expect(() => realtimeUserSubject(id)).toThrow(RangeError);
  });
});
