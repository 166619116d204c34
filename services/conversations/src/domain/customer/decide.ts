import type { Decider } from '@parley/eventstore';
import { customerNotFound } from '../shared/errors';
import { iso } from '../shared/time';
import type { CustomerCommand } from './commands';
import type { CustomerEvent } from './events';
import { CustomerEventType as T } from './events';
import { evolveCustomer, initialCustomerState, type CustomerState } from './state';

export function decideCustomer(command: CustomerCommand, state: CustomerState): CustomerEvent[] {
  const at = iso(command.now);
  if (command.type === 'Register') {
    if (state.status !== 'none') return []; // the same registration, retried
    const { customerId, accountId, domainId, roomId } = command;
    return [{ type: T.Registered, data: { customerId, accountId, domainId, roomId, registeredAt: at } }];
  }
  if (state.status === 'none') throw customerNotFound();
  const facts = { customerId: state.customerId, accountId: state.accountId, domainId: state.domainId };
  switch (command.type) {
    case 'SetEmail':
      return state.email === command.email
        ? []
        : [{ type: T.EmailSet, data: { ...facts, email: command.email, setAt: at } }];
    case 'SaveAnswers': {
      const changed = command.answers.filter((a) => {
        const held = state.answers[a.questionId];
        return held?.answer !== a.answer || held.question !== a.question || held.roomId !== a.roomId;
      });
      if (changed.length === 0) return [];
      return [
        {
          type: T.AnswersSaved,
          data: { ...facts, answers: changed.map((a) => ({ ...a, answeredAt: at })), savedAt: at },
        },
      ];
    }
    case 'GiveArticleFeedback':
      return [
        {
          type: T.ArticleFeedbackGiven,
          data: { ...facts, articleId: command.articleId, helpful: command.helpful, givenAt: at },
        },
      ];
    case 'Absorb': {
      const roomIds = command.roomIds.filter((id) => !state.roomIds.includes(id));
      if (roomIds.length === 0) return [];
      return [{ type: T.Absorbed, data: { ...facts, fromCustomerId: command.fromCustomerId, roomIds, at } }];
    }
    case 'AddRoom':
      if (state.roomIds.includes(command.roomId)) return [];
      return [{ type: T.RoomAdded, data: { ...facts, roomId: command.roomId, at } }];
    case 'MergeInto':
      if (state.mergedInto === command.intoCustomerId) return [];
      return [{ type: T.MergedInto, data: { ...facts, intoCustomerId: command.intoCustomerId, at } }];
  }
}

export const customerDecider: Decider<CustomerCommand, CustomerEvent, CustomerState> = {
  initialState: initialCustomerState,
  evolve: evolveCustomer,
  decide: decideCustomer,
};
