import type { Folded } from '@parley/eventstore';
import type { CustomerAnswer, CustomerEvent } from './events';
import { CustomerEventType as T } from './events';

export interface CustomerState {
  status: 'none' | 'active' | 'merged';
  customerId: string;
  accountId: string;
  domainId: string;
  email: string | null;
  /** Its own room first, then rooms taken over from merged customers or opened under later keys. */
  roomIds: string[];
  answers: Record<string, CustomerAnswer>;
  /** Set once the customer continues as another. */
  mergedInto: string | null;
  createdAt: string;
}

export const initialCustomerState: CustomerState = {
  status: 'none',
  customerId: '',
  accountId: '',
  domainId: '',
  email: null,
  roomIds: [],
  answers: {},
  mergedInto: null,
  createdAt: '',
};

export function evolveCustomer(state: Folded<CustomerState>, event: CustomerEvent): Folded<CustomerState> {
  switch (event.type) {
    case T.Registered: {
      const d = event.data;
      return {
        ...state,
        status: 'active',
        customerId: d.customerId,
        accountId: d.accountId,
        domainId: d.domainId,
        roomIds: [d.roomId],
        createdAt: d.registeredAt,
      };
    }
    case T.EmailSet:
      return { ...state, email: event.data.email };
    case T.AnswersSaved: {
      const answers = { ...state.answers };
      for (const a of event.data.answers) answers[a.questionId] = a;
      return { ...state, answers };
    }
    case T.Absorbed:
      return {
        ...state,
        roomIds: [...state.roomIds, ...event.data.roomIds.filter((id) => !state.roomIds.includes(id))],
      };
    case T.RoomAdded:
      return state.roomIds.includes(event.data.roomId)
        ? state
        : { ...state, roomIds: [...state.roomIds, event.data.roomId] };
    case T.MergedInto:
      return { ...state, status: 'merged', mergedInto: event.data.intoCustomerId };
    default:
      return state;
  }
}
