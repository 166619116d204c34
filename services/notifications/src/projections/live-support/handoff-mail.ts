import { roomMailedSchema, type RoomMailed } from '@parley/contracts';
import { parseEventData } from '@parley/eventstore';
import { timeOf } from '../../domain/in-app/notification';
import { liveSupportTemplate } from '../../mail/templates/live-support';
import type { OutboxEntry } from '../../outbox/outbox-entry';
import type { AccountOwner } from '../account-owners';

/** A handoff mail is news for a day; a rebuilt projection replaying older rooms mails nobody. */
export const HANDOFF_MAIL_VALID_MS = 24 * 60 * 60 * 1000;

/** The dashboard's conversation page opens the room named by its `room` query parameter. */
export const conversationUrl = (appUrl: string, roomId: string) =>
  `${appUrl}/dashboard/conversation?room=${encodeURIComponent(roomId)}`;

/** The RoomMailed payload, or a thrown error naming the event (retried, then parked). */
export function roomMailedOf(event: { eventId: string; type: string; data: unknown }): RoomMailed {
  return parseEventData(roomMailedSchema, event);
}

/**
 * The owner's mail for a room the assistant handed over. Keyed by the room, not the event:
 * conversations records RoomMailed once per room (the mailed flag), and even a second one would
 * find this row and add nothing.
 */
export function handoffMail(
  mailed: RoomMailed,
  facts: { owner: AccountOwner; domain: string | null; appUrl: string; occurredAt: string },
): OutboxEntry {
  const sentAt = timeOf(facts, mailed.mailedAt);
  return {
    id: `live-support:${mailed.roomId}`,
    template: liveSupportTemplate.name,
    recipient: facts.owner.email,
    data: {
      fullname: facts.owner.fullname,
      domain: facts.domain,
      conversationUrl: conversationUrl(facts.appUrl, mailed.roomId),
    },
    sealedSecrets: null,
    expiresAt: new Date(sentAt.getTime() + HANDOFF_MAIL_VALID_MS),
  };
}
