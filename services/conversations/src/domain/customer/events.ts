import { ConversationsEvent } from '@parley/contracts';
import type { DomainEvent } from '@parley/eventstore';

/**
 * A domain's customer, i.e. a site visitor (subject conversations.customer.<customerId>).
 * The type names of the public ones are in @parley/contracts; their payloads are defined here.
 * Every event names the customer's account and domain, so readers route without a lookup.
 */
export const CustomerEventType = {
  Registered: ConversationsEvent.CustomerRegistered,
  EmailSet: ConversationsEvent.CustomerEmailSet,
  AnswersSaved: ConversationsEvent.CustomerAnswersSaved,
  ArticleFeedbackGiven: ConversationsEvent.ArticleFeedbackGiven,
  /** Private: another customer's rooms now belong to this one (the visitor gave its email). */
  Absorbed: 'conversations.CustomerAbsorbed',
  /** Private: this customer continues as another (its rooms moved there). */
  MergedInto: 'conversations.CustomerMergedInto',
  /** Private: a room opened under a visitor key that continues another key (not the registration's room). */
  RoomAdded: 'conversations.CustomerRoomAdded',
} as const;

interface CustomerFacts {
  customerId: string;
  accountId: string;
  domainId: string;
}

export interface CustomerAnswer {
  questionId: string;
  question: string;
  answer: string;
  answeredAt: string;
  /**
   * The room in whose chat the visitor gave it (the assistant records it); absent when it came
   * through the widget's form. A visitor whose key reaches the room sees it among their answers.
   */
  roomId?: string;
}

export type CustomerRegistered = DomainEvent<
  typeof CustomerEventType.Registered,
  CustomerFacts & {
    /** The customer's room, opened by its first message (the id is fixed now so two first messages cannot open two rooms). */
    roomId: string;
    registeredAt: string;
  }
>;
export type CustomerEmailSet = DomainEvent<
  typeof CustomerEventType.EmailSet,
  CustomerFacts & { email: string; setAt: string }
>;
export type CustomerAnswersSaved = DomainEvent<
  typeof CustomerEventType.AnswersSaved,
  CustomerFacts & { answers: CustomerAnswer[]; savedAt: string }
>;
export type ArticleFeedbackGiven = DomainEvent<
  typeof CustomerEventType.ArticleFeedbackGiven,
  CustomerFacts & { articleId: string; helpful: boolean; givenAt: string }
>;
export type CustomerAbsorbed = DomainEvent<
  typeof CustomerEventType.Absorbed,
  CustomerFacts & { fromCustomerId: string; roomIds: string[]; at: string }
>;
export type CustomerMergedInto = DomainEvent<
  typeof CustomerEventType.MergedInto,
  CustomerFacts & { intoCustomerId: string; at: string }
>;

export type CustomerRoomAdded = DomainEvent<
  typeof CustomerEventType.RoomAdded,
  CustomerFacts & { roomId: string; at: string }
>;

export type CustomerEvent =
  | CustomerRegistered
  | CustomerEmailSet
  | CustomerAnswersSaved
  | ArticleFeedbackGiven
  | CustomerAbsorbed
  | CustomerMergedInto
  | CustomerRoomAdded;
