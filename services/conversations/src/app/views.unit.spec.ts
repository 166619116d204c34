import { roomDecider } from '../domain/room/decide';
import { RoomEventType as T, type RoomEvent } from '../domain/room/events';
import type { RoomState } from '../domain/room/state';
import { messagesOf, roomViewOf } from './views';

const audience = { accountId: 'a1', domainId: 'd1', customerId: 'c1', sharedWith: ['u7'] };
const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 10, minute)).toISOString();
const opened: RoomEvent = { type: T.Opened, data: { roomId: 'r1', audience, openedAt: at(0) } };
const posted = (
  id: string,
  author: 'visitor' | 'team' | 'bot',
  minute: number,
  isNote = false,
): RoomEvent => ({
  type: T.MessagePosted,
  data: {
    roomId: 'r1',
    audience,
    messageId: id,
    role: author === 'visitor' ? 'user' : 'assistant',
    author,
    content: `text ${id}`,
    isNote,
    ...(isNote ? { noteType: 'internal' as const } : {}),
    productIds: [],
    postedAt: at(minute),
  },
});
const seenByTeam = (upTo: string): RoomEvent => ({
  type: T.Seen,
  data: { roomId: 'r1', audience, by: 'team', upToMessageId: upTo, seenAt: at(30) },
});
const stateOf = (events: RoomEvent[]): RoomState =>
  events.reduce(roomDecider.evolve, roomDecider.initialState);

/** The view as it was computed before: from every message's view. */
const fromEveryMessage = (state: RoomState, forVisitor: boolean) => {
  const messages = messagesOf(state, forVisitor);
  return { lastMessage: messages[messages.length - 1] ?? null, messageCount: messages.length };
};

describe('roomViewOf', () => {
  const histories: Record<string, RoomEvent[]> = {
    'no messages': [opened],
    'a note last': [
      opened,
      posted('m1', 'visitor', 1),
      posted('m2', 'team', 2),
      posted('m3', 'team', 3, true),
    ],
    'only notes': [opened, posted('n1', 'team', 1, true), posted('n2', 'team', 2, true)],
    'seen, then more': [
      opened,
      posted('m1', 'visitor', 1),
      seenByTeam('m1'),
      posted('m2', 'bot', 2),
      posted('m3', 'visitor', 3),
    ],
  };

  for (const [name, events] of Object.entries(histories)) {
    it(`gives the latest visible message, its seen flag and the count: ${name}`, () => {
      const state = stateOf(events);
      for (const forVisitor of [false, true]) {
        const view = roomViewOf(state, { domain: 'shop.example', customerEmail: null }, forVisitor);
        expect({ lastMessage: view.lastMessage, messageCount: view.messageCount }).toEqual(
          fromEveryMessage(state, forVisitor),
        );
        expect(view.updatedAt).toBe(view.lastMessage?.createdAt ?? at(0));
      }
    });
  }

  it('the team sees a trailing note as the latest message; the visitor does not see it at all', () => {
    const state = stateOf(histories['a note last']!);
    expect(roomViewOf(state, { domain: 'd', customerEmail: null }).lastMessage?.id).toBe('m3');
    const visitorView = roomViewOf(state, { domain: 'd', customerEmail: null }, true);
    expect(visitorView.lastMessage?.id).toBe('m2');
    expect(visitorView.messageCount).toBe(2);
    expect(visitorView.sharedWith).toEqual([]);
  });
});
