import {
  applicationMessage,
  jobApplicationSubmittedSchema,
  type JobApplicationSubmitted,
  notificationsError,
} from '@parley/contracts';
import { timeOf, type NewNotification, type SourceEvent } from './notification';

/** The application a content.JobApplicationSubmitted reports; one breaking its contract is parked. */
export function applicationOf(event: SourceEvent): JobApplicationSubmitted {
  const parsed = jobApplicationSubmittedSchema.safeParse(event.data);
  if (!parsed.success)
    throw notificationsError(
      'validation',
      `JobApplicationSubmitted ${event.eventId} does not match its contract`,
      'VALIDATION',
    );
  return parsed.data;
}

/**
 * APPLICATION for every administrator (each is their own account), once per event and admin:
 * '{name} applied for {job title}'. It names no domain or room; the bell opens the applications.
 */
export function applicationNotifications(
  event: SourceEvent,
  application: JobApplicationSubmitted,
  adminIds: readonly string[],
): NewNotification[] {
  const createdAt = timeOf(event, application.submittedAt);
  return adminIds.map((userId) => ({
    sourceEventId: `${event.eventId}:${userId}`,
    accountId: userId,
    userId,
    type: 'APPLICATION',
    message: applicationMessage(application),
    domainId: null,
    roomId: null,
    createdAt,
  }));
}
