import type { DomainEvent } from '@parley/eventstore';

/**
 * A visitor key (subject conversations.visitorkey.<sha256 of the key>): which customer of which
 * domain the key resumes, and what that browser may see: the rooms opened under the key and the
 * answers and the email given under it (a key issued to continue another starts with the other's). Only the
 * hash is kept; the key itself is shown once, to the visitor. All events are private.
 */
export const VisitorKeyEventType = {
  Issued: 'conversations.VisitorKeyIssued',
  RoomOpened: 'conversations.VisitorKeyRoomOpened',
  AnswersRecorded: 'conversations.VisitorKeyAnswersRecorded',
  EmailGiven: 'conversations.VisitorKeyEmailGiven',
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
    /**
     * Who the visitor is to themselves: the customer this browser started as, kept across keys
     * that continue it. Sessions and tokens name it, never the customer a typed email made the
     * visitor (that would tell them the email is known). Absent on older keys: the holder.
     */
    visitorId?: string;
    /** The email given under the key (or the key it continues); absent or null: none. */
    email?: string | null;
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

/** The visitor wrote their email in a chat opened under the key (the assistant passed it on). */
export type VisitorKeyEmailGiven = DomainEvent<
  typeof VisitorKeyEventType.EmailGiven,
  { email: string; givenAt: string }
>;

export type VisitorKeyEvent =
  VisitorKeyIssued | VisitorKeyRoomOpened | VisitorKeyAnswersRecorded | VisitorKeyEmailGiven;
