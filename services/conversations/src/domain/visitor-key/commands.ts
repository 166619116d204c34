import type { KeyAnswer } from './events';

export type VisitorKeyCommand =
  | {
      type: 'IssueKey';
      customerId: string;
      domainId: string;
      /** What the key reaches from the start: the rooms and answers of the key it continues. */
      roomIds: string[];
      answers: KeyAnswer[];
      /** The room its first message opens (inherited from the key it continues while that has none). */
      nextRoomId: string;
      /** The visitor's own id: the continued key's, else the customer's. */
      visitorId: string;
      /** The email the visitor gave (for a key continuing another: the one just given). */
      email: string | null;
      now: number;
    }
  /** The first message under a key that reaches no room: the key records the room it opens. */
  | { type: 'OpenRoom'; fallbackRoomId: string; now: number }
  | { type: 'RecordAnswers'; answers: Omit<KeyAnswer, 'answeredAt'>[]; now: number }
  /** The visitor wrote their email in a chat opened under the key. */
  | { type: 'GiveEmail'; email: string; now: number };
