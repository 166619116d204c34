import type { AppNotification } from '../api/notifications';
import { mergeNotifications, unreadCount } from './list';

const n = (id: string, createdAt: string, extra: Partial<AppNotification> = {}): AppNotification => ({
  id,
  type: 'DOMAIN_SETUP',
  message: `m${id}`,
  read: false,
  createdAt,
  domainId: 'd1',
  ...extra,
});

describe('notification list', () => {
  it('puts a pushed notification first and keeps each id once', () => {
    const old = [n('1', '2026-01-01T00:00:00Z'), n('2', '2026-01-02T00:00:00Z')];
    const merged = mergeNotifications(old, [n('3', '2026-01-03T00:00:00Z'), n('2', '2026-01-02T00:00:00Z')]);
    expect(merged.map((x) => x.id)).toEqual(['3', '2', '1']);
  });

  it('prefers the incoming copy (a re-fetch after reconnecting carries the read state)', () => {
    const merged = mergeNotifications(
      [n('1', '2026-01-01T00:00:00Z')],
      [n('1', '2026-01-01T00:00:00Z', { read: true })],
    );
    expect(merged[0]?.read).toBe(true);
  });

  it('leaves out the types the app does not show and counts unread among the rest', () => {
    const merged = mergeNotifications(
      [],
      [
        n('1', '2026-01-01T00:00:00Z', { type: 'SOMETHING_ELSE' }),
        n('2', '2026-01-02T00:00:00Z', { type: 'LIVE_SUPPORT' }),
        n('3', '2026-01-03T00:00:00Z', { read: true }),
      ],
    );
    expect(merged.map((x) => x.id)).toEqual(['3', '2']);
    expect(unreadCount(merged)).toBe(1);
  });
});
