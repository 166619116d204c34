import {
  domainAddedSchema,
  domainSetupMessage,
  NOTIFICATION_MAX_AGE_DAYS,
  NOTIFICATION_READ_RETENTION_DAYS,
  type StoredNotificationType,
  notificationsError,
} from '@parley/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A notification to create, derived from one event (its id makes the creation idempotent). */
export interface NewNotification {
  sourceEventId: string;
  accountId: string;
  userId: string;
  type: StoredNotificationType;
  message: string;
  domainId: string | null;
  /** The conversation it is about (LIVE_SUPPORT), or null. */
  roomId: string | null;
  createdAt: Date;
}

/** The facts of a recorded event this module needs; kept apart from the event store's types. */
export interface SourceEvent {
  eventId: string;
  occurredAt: string;
  data: unknown;
}

/**
 * DOMAIN_SETUP for the user who added the domain. A payload that breaks the contract is an
 * error (the projection parks it as a dead letter) rather than a silently missing notification.
 */
export function domainSetupNotification(event: SourceEvent): NewNotification {
  const parsed = domainAddedSchema.safeParse(event.data);
  if (!parsed.success) {
    throw notificationsError(
      'validation',
      `DomainAdded ${event.eventId} does not match its contract`,
      'VALIDATION',
    );
  }
  const { domainId, accountId, addedBy, domain } = parsed.data;
  return {
    sourceEventId: event.eventId,
    accountId,
    userId: addedBy,
    type: 'DOMAIN_SETUP',
    message: domainSetupMessage(domain),
    domainId,
    roomId: null,
    createdAt: timeOf(event, parsed.data.addedAt),
  };
}

/** The event's own time when it reads as one, else the log's. */
export function timeOf(event: Pick<SourceEvent, 'occurredAt'>, claimed: string): Date {
  const at = new Date(claimed);
  return Number.isNaN(at.getTime()) ? new Date(event.occurredAt) : at;
}

/** What cleanup removes, as of `now`: read before `readBefore`, or created before `createdBefore`. */
export function cleanupCutoffs(now: Date): { readBefore: Date; createdBefore: Date } {
  return {
    readBefore: new Date(now.getTime() - NOTIFICATION_READ_RETENTION_DAYS * DAY_MS),
    createdBefore: new Date(now.getTime() - NOTIFICATION_MAX_AGE_DAYS * DAY_MS),
  };
}

/**
 * Whether a notification created at `createdAt` would already be gone by cleanup: a projection
 * replaying old events must not bring those back.
 */
export const isPastRetention = (createdAt: Date, now: Date) =>
  createdAt.getTime() < cleanupCutoffs(now).createdBefore.getTime();

/** Only fresh notifications are pushed; older ones (a replay, a long outage) wait for the next list. */
export const ANNOUNCE_WITHIN_MS = 10 * 60 * 1000;
