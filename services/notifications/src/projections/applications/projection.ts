import { EditorialEvent } from '@parley/contracts';
import type { Projection } from '@parley/projections';
import { applicationNotifications, applicationOf } from '../../domain/in-app/application';
import { timeOf } from '../../domain/in-app/notification';
import { recordNotification } from '../../in-app/notification-store';
import { applicationReceivedTemplate } from '../../mail/templates/application-received';
import { enqueueMail } from '../../outbox/outbox-store';
import { platformAdminIds } from '../platform-admins';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * content.JobApplicationSubmitted -> the applicant's confirmation mail (keyed by the application,
 * news for two days: a rebuilt projection mails nobody) and APPLICATION in every admin's bell, in
 * the runner's transaction, once per event and recipient.
 */
export function applicationsProjection(appUrl: string, clock: () => Date = () => new Date()): Projection {
  return {
    name: 'notifications-applications-v1',
    context: 'content',
    aggregate: 'application',
    async apply(tx, event) {
      if (event.type !== EditorialEvent.ApplicationSubmitted) return;
      const application = applicationOf(event);
      const now = clock();
      const at = timeOf(event, application.submittedAt);
      for (const notification of applicationNotifications(event, application, await platformAdminIds(tx, at)))
        await recordNotification(tx, notification, now);
      await enqueueMail(
        tx,
        {
          id: `application:${application.applicationId}`,
          template: applicationReceivedTemplate.name,
          recipient: application.email,
          data: { name: application.name, jobTitle: application.jobTitle, careersUrl: `${appUrl}/careers` },
          sealedSecrets: null,
          expiresAt: new Date(at.getTime() + 2 * DAY_MS),
        },
        now,
      );
    },
  };
}
