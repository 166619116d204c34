import type { RecordedEvent } from '@parley/eventstore';
import { teamInviteIssuedSchema } from '@parley/contracts';
import { teamInviteTemplate } from '../mail/templates/team-invite';
import type { OutboxEntry } from '../outbox/outbox-entry';

/**
 * The invitation mail for an identity.TeamInviteIssued event (each sending, re-sends included).
 * The token stays sealed as identity sealed it; the sender opens it in memory to write the link.
 * Never sent once the invitation expired. A malformed event throws (retried, then dead-lettered).
 */
export function teamInviteMail(event: RecordedEvent, appUrl: string): OutboxEntry {
  const parsed = teamInviteIssuedSchema.safeParse(event.data);
  if (!parsed.success) {
    throw new Error(
      `malformed ${event.type} ${event.eventId}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const { email, inviterName, sealedToken, expiresAt } = parsed.data;
  const expiry = new Date(expiresAt);
  if (Number.isNaN(expiry.getTime()))
    throw new Error(`malformed ${event.type} ${event.eventId}: expiresAt is not a date`);
  return {
    id: event.eventId,
    template: teamInviteTemplate.name,
    recipient: email,
    data: { inviterName, acceptUrl: `${appUrl}/auth/accept-invite` },
    sealedSecrets: { token: sealedToken },
    expiresAt: expiry,
  };
}
