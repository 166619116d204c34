import type { MessageAuthor, MessageRole, NoteType } from '@parley/contracts';
import type { Actor } from '../shared/access';

/** A message as a handler asks for it; the decider adds the room's audience and the time. */
export interface NewMessage {
  messageId: string;
  clientId?: string;
  role: MessageRole;
  author: MessageAuthor;
  content: string;
  teamMemberId?: string;
  teamMemberName?: string;
  isNote: boolean;
  noteType?: NoteType;
  link?: string;
  productIds: string[];
  /** The bot's purchase reply: one of productIds, the product the widget opens the payment flow for. */
  checkoutProductId?: string;
  decision?: Record<string, unknown>;
  /** Left with the widget's offline form, outside business hours (issue 17). */
  offline?: boolean;
}

/** Where a room that does not exist yet is opened: the customer's first message opens it. */
export interface RoomOpening {
  roomId: string;
  accountId: string;
  domainId: string;
  customerId: string;
  /** The visitor key (its hash) whose first message opens the room. */
  keyId?: string;
}

export type RoomCommand =
  | { type: 'PostMessage'; actor: Actor; open?: RoomOpening; message: NewMessage; now: number }
  | {
      type: 'SetLiveMode';
      actor: Actor;
      live: boolean;
      /** The team member's id, or 'assistant' for a handoff. */
      changedBy: string;
      reason?: string;
      /** Id of the 'Live support mode has been enabled' message posted with it. */
      systemMessageId: string;
      now: number;
    }
  | { type: 'MarkSeen'; actor: Actor; by: 'team' | 'visitor'; now: number }
  | { type: 'Share'; actor: Actor; memberId: string; now: number }
  | { type: 'Unshare'; actor: Actor; memberId: string; now: number }
  | { type: 'MarkMailed'; now: number }
  | { type: 'Reassign'; fromCustomerId: string; toCustomerId: string; now: number };
