import type { DomainEvent } from '@parley/eventstore';

/**
 * A visitor key (subject conversations.visitorkey.<sha256 of the key>): which customer of which
 * domain the key resumes, and what that browser may see: the rooms opened under the key and the
 * answers given under it (a key issued to continue another starts with the other's). Only the
 * hash is kept; the key itself is shown once, to the visitor. All events are private.
 */
export const VisitorKeyEventType = {
  Issued: 'conversations.VisitorKeyIssued',
  RoomOpened: 'conversations.VisitorKeyRoomOpened',
  AnswersRecorded: 'conversations.VisitorKeyAnswersRecorded',
} as const;

/** An answer as given under the key: the customer's answer to the question may since differ. */
export interface KeyAnswer {
  questionId: string;
  question: string;
  answer: string;
  answeredAt: string;
}

export type VisitorKeyIssued = DomainEvent<
  typeof VisitorKeyEventType.Issued,
  {
    customerId: string;
    domainId: string;
    issuedAt: string;
    /** Absent on keys issued before reach was recorded: they reach nothing yet. */
    roomIds?: string[];
    answers?: KeyAnswer[];
    nextRoomId?: string;
  }
>;

export type VisitorKeyRoomOpened = DomainEvent<
  typeof VisitorKeyEventType.RoomOpened,
  { roomId: string; openedAt: string }
>;

export type VisitorKeyAnswersRecorded = DomainEvent<
  typeof VisitorKeyEventType.AnswersRecorded,
  { answers: KeyAnswer[] }
>;

export type VisitorKeyEvent = VisitorKeyIssued | VisitorKeyRoomOpened | VisitorKeyAnswersRecorded;
