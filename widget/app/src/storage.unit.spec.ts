import { readStoredChat } from './storage';

const now = Date.UTC(2026, 0, 2, 12);
const DAY = 24 * 60 * 60 * 1000;

describe('readStoredChat', () => {
  it('keeps a chat younger than 24 hours', () => {
    const raw = JSON.stringify({ visitorKey: 'k', savedAt: now - DAY + 1, messages: [] });
    expect(readStoredChat(raw, now)).toEqual({ visitorKey: 'k', savedAt: now - DAY + 1, messages: [] });
  });

  it('drops a chat of 24 hours or more, and anything unreadable', () => {
    expect(readStoredChat(JSON.stringify({ visitorKey: 'k', savedAt: now - DAY }), now)).toBeNull();
    expect(readStoredChat('{nope', now)).toBeNull();
    expect(readStoredChat(JSON.stringify({ savedAt: now }), now)).toBeNull();
    expect(readStoredChat(JSON.stringify({ visitorKey: 'k', savedAt: now + DAY }), now)).toBeNull();
    expect(readStoredChat(null, now)).toBeNull();
  });

  it('tolerates missing messages', () => {
    expect(readStoredChat(JSON.stringify({ visitorKey: 'k', savedAt: now }), now)?.messages).toEqual([]);
  });
});
