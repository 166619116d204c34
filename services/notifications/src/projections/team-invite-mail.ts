import { teamInviteIssuedSchema } from '@parley/contracts';
import { parseEventData, type RecordedEvent } from '@parley/eventstore';
import { teamInviteTemplate } from '../mail/templates/team-invite';
import type { OutboxEntry } from '../outbox/outbox-entry';
import { sealedMail } from './sealed-mail';

/**
 * The invitation mail for an identity.TeamInviteIssued event (each sending, re-sends included).
 * The token stays sealed as identity sealed it; the sender opens it in memory to write the link.
 * Never sent once the invitation expired. A malformed event throws (retried, then dead-lettered).
 */
export function teamInviteMail(event: RecordedEvent, appUrl: string): OutboxEntry {
  const { email, inviterName, sealedToken, expiresAt } = parseEventData(teamInviteIssuedSchema, event);
  return sealedMail(event, {
    template: teamInviteTemplate.name,
    recipient: email,
    data: { inviterName, acceptUrl: `${appUrl}/auth/accept-invite` },
    sealedSecrets: { token: sealedToken },
    expiresAt,
  });
}
