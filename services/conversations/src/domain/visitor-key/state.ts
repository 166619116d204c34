import type { Folded } from '@parley/eventstore';
import type { KeyAnswer, VisitorKeyEvent } from './events';
import { VisitorKeyEventType as T } from './events';

export interface VisitorKeyState {
  holder: { customerId: string; domainId: string } | null;
  /** The rooms this key reaches, oldest first; the last is the visitor's current room. */
  roomIds: string[];
  /** The answers given under this key, by question id. */
  answers: Record<string, KeyAnswer>;
  nextRoomId: string | null;
  /** The visitor's own id (see VisitorKeyIssued); null on older keys. */
  visitorId: string | null;
  /** The email the visitor gave under this key: the only one they are ever shown. */
  email: string | null;
}

export const initialVisitorKeyState: VisitorKeyState = {
  holder: null,
  roomIds: [],
  answers: {},
  nextRoomId: null,
  visitorId: null,
  email: null,
};

export function evolveVisitorKey(
  state: Folded<VisitorKeyState>,
  event: VisitorKeyEvent,
): Folded<VisitorKeyState> {
  switch (event.type) {
    case T.Issued: {
      const d = event.data;
      return {
        holder: { customerId: d.customerId, domainId: d.domainId },
        roomIds: [...(d.roomIds ?? [])],
        answers: Object.fromEntries((d.answers ?? []).map((a) => [a.questionId, a])),
        nextRoomId: d.nextRoomId ?? null,
        visitorId: d.visitorId ?? null,
        email: d.email ?? null,
      };
    }
    case T.RoomOpened:
      return state.roomIds.includes(event.data.roomId)
        ? state
        : { ...state, roomIds: [...state.roomIds, event.data.roomId] };
    case T.AnswersRecorded: {
      const answers = { ...state.answers };
      for (const a of event.data.answers) answers[a.questionId] = a;
      return { ...state, answers };
    }
    case T.EmailGiven:
      return { ...state, email: event.data.email };
    default:
      return state;
  }
}
