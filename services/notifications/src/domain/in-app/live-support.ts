import {
  liveModeChangedSchema,
  liveSupportMessage,
  type LiveModeChanged,
  notificationsError,
} from '@parley/contracts';
import { timeOf, type NewNotification, type SourceEvent } from './notification';

/** Who switched the room live when the assistant handed it over (see conversations' RequestHandoff). */
export const HANDOFF_ACTOR = 'assistant';

/**
 * The handoff a LiveModeChanged event reports, or null when it is not one (turned off, or a team
 * member switched it on themselves: they need no notice). A payload that breaks the contract is
 * an error, parked by the projection, not a silently missing notification.
 */
export function handoffOf(event: SourceEvent): LiveModeChanged | null {
  const parsed = liveModeChangedSchema.safeParse(event.data);
  if (!parsed.success) {
    throw notificationsError(
      'validation',
      `LiveModeChanged ${event.eventId} does not match its contract`,
      'VALIDATION',
    );
  }
  const change = parsed.data;
  return change.live && change.changedBy === HANDOFF_ACTOR ? change : null;
}

/**
 * LIVE_SUPPORT for everyone who can answer the room: the account's owner (accountId is the
 * owner's user id) and the team members it is shared with at the time of the handoff (the
 * event's audience, the same facts the realtime relay routes the room's messages by), each once.
 * One notification per recipient per event: the source id names both.
 */
export function liveSupportNotifications(
  event: SourceEvent,
  handoff: LiveModeChanged,
  /** The domain's name, or null while notifications has not heard of it (the text then names none). */
  domain: string | null,
): NewNotification[] {
  const { accountId, domainId, sharedWith } = handoff.audience;
  const recipients = [...new Set([accountId, ...sharedWith])];
  const createdAt = timeOf(event, handoff.changedAt);
  return recipients.map((userId) => ({
    sourceEventId: `${event.eventId}:${userId}`,
    accountId,
    userId,
    type: 'LIVE_SUPPORT',
    message: liveSupportMessage(domain),
    domainId,
    roomId: handoff.roomId,
    createdAt,
  }));
}
