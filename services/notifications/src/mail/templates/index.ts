import type { MailTemplate } from '../template';
import { applicationReceivedTemplate } from './application-received';
import { bookingTemplate } from './booking';
import { campaignTemplate } from './campaign';
import { liveSupportTemplate } from './live-support';
import { newsletterConfirmationTemplate } from './newsletter-confirmation';
import { offlineMessageTemplate } from './offline-message';
import { signupCodeTemplate } from './signup-code';
import { teamInviteTemplate } from './team-invite';
import { usageAlertTemplate } from './usage-alert';

/** Every kind of mail the service sends, by the name stored in the outbox. */
export const mailTemplates: ReadonlyMap<string, MailTemplate> = new Map<string, MailTemplate>(
  [
    signupCodeTemplate,
    newsletterConfirmationTemplate,
    teamInviteTemplate,
    liveSupportTemplate,
    usageAlertTemplate,
    bookingTemplate,
    applicationReceivedTemplate,
    campaignTemplate,
    offlineMessageTemplate,
  ].map((t) => [t.name, t]),
);

export {
  applicationReceivedTemplate,
  bookingTemplate,
  campaignTemplate,
  liveSupportTemplate,
  newsletterConfirmationTemplate,
  offlineMessageTemplate,
  signupCodeTemplate,
  teamInviteTemplate,
  usageAlertTemplate,
};
