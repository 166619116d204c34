import { TEMP_ID_PREFIX } from '@parley/chat-display';
import type { ChatMessage } from '@parley/contracts';
import { initialArrivals, nextArrivals } from './arrival-announcement';

const at = (minute: number) => new Date(Date.UTC(2030, 0, 5, 10, minute)).toISOString();
const message = (id: string, minute: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  role: 'assistant',
  content: id,
  createdAt: at(minute),
  teamMemberId: null,
  teamMemberName: null,
  isNote: false,
  noteType: null,
  link: null,
  products: [],
  checkoutProductId: null,
  seen: false,
  clientId: null,
  ...extra,
});

const SITE = 'mugs.example';

describe('announcing replies outside the Chat tab', () => {
  const history = [message('m1', 1), message('v1', 2, { role: 'user' })];

  it('says nothing about what was there already, or on the Chat tab', () => {
    const start = initialArrivals(history);
    expect(nextArrivals(start, history, false, SITE).text).toBe('');
    const onChat = nextArrivals(start, [...history, message('a2', 3)], true, SITE);
    expect(onChat.text).toBe('');
    // Seen on the Chat tab: not announced after leaving it either.
    expect(nextArrivals(onChat, [...history, message('a2', 3)], false, SITE).text).toBe('');
  });

  it("names the sender of a reply that arrives elsewhere: the team member, 'Support', or the site", () => {
    const start = initialArrivals(history);
    const team = message('t3', 3, { teamMemberId: 'u1', teamMemberName: 'Ada Lovelace' });
    expect(nextArrivals(start, [...history, team], false, SITE).text).toBe('New message from Ada Lovelace');
    const unnamed = message('t3', 3, { teamMemberId: 'u1' });
    expect(nextArrivals(start, [...history, unnamed], false, SITE).text).toBe('New message from Support');
    expect(nextArrivals(start, [...history, message('a3', 3)], false, SITE).text).toBe(
      'New message from mugs.example',
    );
  });

  it('changes the text once per reply, so each is read once, and starts over on the Chat tab', () => {
    let state = initialArrivals(history);
    const first = [...history, message('a3', 3)];
    state = nextArrivals(state, first, false, SITE);
    const again = nextArrivals(state, first, false, SITE);
    expect(again).toBe(state); // a re-render says nothing new
    const second = [...first, message('a4', 4, { teamMemberId: 'u1', teamMemberName: 'Ada' })];
    state = nextArrivals(state, second, false, SITE);
    expect(state.text).toBe('2 new messages, the latest from Ada');
    state = nextArrivals(state, second, true, SITE);
    expect(state).toMatchObject({ unheard: 0, text: '' });
    state = nextArrivals(state, [...second, message('a5', 5)], false, SITE);
    expect(state.text).toBe('New message from mugs.example');
  });

  it("ignores the visitor's own messages, notes, optimistic copies and an older history re-read", () => {
    const start = initialArrivals(history);
    const ignored = [
      ...history,
      message('v3', 3, { role: 'user' }),
      message('n3', 3, { isNote: true }),
      message(`${TEMP_ID_PREFIX}c`, 9),
    ];
    expect(nextArrivals(start, ignored, false, SITE).text).toBe('');
    const reread = [message('m0', 0), ...history];
    expect(nextArrivals(start, reread, false, SITE).text).toBe('');
  });
});
