import { notificationTarget } from './target';

describe('notificationTarget', () => {
  it("opens LIVE_SUPPORT's conversation with its room selected", () => {
    expect(notificationTarget({ type: 'LIVE_SUPPORT', domainId: 'd-1', roomId: 'room-1' })).toEqual({
      kind: 'page',
      href: '/dashboard/conversation?room=room-1',
    });
    expect(notificationTarget({ type: 'LIVE_SUPPORT', domainId: null, roomId: 'a b&c' })).toEqual({
      kind: 'page',
      href: '/dashboard/conversation?room=a%20b%26c',
    });
  });

  it('opens the conversations page alone when LIVE_SUPPORT names no room', () => {
    expect(notificationTarget({ type: 'LIVE_SUPPORT', domainId: 'd-1', roomId: null })).toEqual({
      kind: 'page',
      href: '/dashboard/conversation',
    });
    expect(notificationTarget({ type: 'LIVE_SUPPORT', domainId: 'd-1' })).toEqual({
      kind: 'page',
      href: '/dashboard/conversation',
    });
  });

  it("opens DOMAIN_SETUP's wizard for its domain, and nothing without one", () => {
    expect(notificationTarget({ type: 'DOMAIN_SETUP', domainId: 'd-1', roomId: null })).toEqual({
      kind: 'domain-setup',
      domainId: 'd-1',
    });
    expect(notificationTarget({ type: 'DOMAIN_SETUP', domainId: null })).toBeNull();
  });

  it("opens BOOKING's domain's bookings, or every booking without a domain", () => {
    expect(notificationTarget({ type: 'BOOKING', domainId: 'd 1', roomId: null })).toEqual({
      kind: 'page',
      href: '/dashboard/bookings?domainId=d%201',
    });
    expect(notificationTarget({ type: 'BOOKING', domainId: null })).toEqual({
      kind: 'page',
      href: '/dashboard/bookings',
    });
  });

  it('opens the applications waiting for a look for APPLICATION', () => {
    expect(notificationTarget({ type: 'APPLICATION', domainId: null, roomId: null })).toEqual({
      kind: 'page',
      href: '/dashboard/admin/applications?status=new',
    });
  });

  it('opens the webhooks page for WEBHOOK_DISABLED', () => {
    expect(notificationTarget({ type: 'WEBHOOK_DISABLED', domainId: null, roomId: null })).toEqual({
      kind: 'page',
      href: '/dashboard/settings/webhooks',
    });
  });

  it('leads nowhere for a type the app does not show', () => {
    expect(notificationTarget({ type: 'SOMETHING_ELSE', domainId: 'd-1', roomId: 'r' })).toBeNull();
  });
});
