import { conversationsError } from '@parley/contracts';
import type { Decider } from '@parley/eventstore';
import { customerNotFound } from '../shared/errors';
import { iso } from '../shared/time';
import type { VisitorKeyCommand } from './commands';
import type { VisitorKeyEvent } from './events';
import { VisitorKeyEventType as T } from './events';
import { evolveVisitorKey, initialVisitorKeyState, type VisitorKeyState } from './state';

export function decideVisitorKey(command: VisitorKeyCommand, state: VisitorKeyState): VisitorKeyEvent[] {
  const { holder } = state;
  const at = iso(command.now);
  if (command.type === 'IssueKey') {
    if (holder?.customerId === command.customerId && holder.domainId === command.domainId) return [];
    // 32 random bytes do not collide; if they ever did, the key must not move to someone else.
    if (holder) throw conversationsError('conflict', 'Visitor key already issued', 'KEY_TAKEN');
    return [
      {
        type: T.Issued,
        data: {
          customerId: command.customerId,
          domainId: command.domainId,
          issuedAt: at,
          roomIds: [...command.roomIds],
          answers: command.answers.map((a) => ({ ...a })),
          nextRoomId: command.nextRoomId,
          visitorId: command.visitorId,
          email: command.email,
        },
      },
    ];
  }
  if (!holder) throw customerNotFound();
  switch (command.type) {
    case 'OpenRoom':
      // A key opens one room; two first messages at once both land in it.
      if (state.roomIds.length > 0) return [];
      return [
        { type: T.RoomOpened, data: { roomId: state.nextRoomId ?? command.fallbackRoomId, openedAt: at } },
      ];
    case 'RecordAnswers': {
      const changed = command.answers.filter(
        (a) =>
          state.answers[a.questionId]?.answer !== a.answer ||
          state.answers[a.questionId]?.question !== a.question,
      );
      if (changed.length === 0) return [];
      return [{ type: T.AnswersRecorded, data: { answers: changed.map((a) => ({ ...a, answeredAt: at })) } }];
    }
    case 'GiveEmail':
      return state.email === command.email
        ? []
        : [{ type: T.EmailGiven, data: { email: command.email, givenAt: at } }];
  }
}

export const visitorKeyDecider: Decider<VisitorKeyCommand, VisitorKeyEvent, VisitorKeyState> = {
  initialState: initialVisitorKeyState,
  evolve: evolveVisitorKey,
  decide: decideVisitorKey,
};
