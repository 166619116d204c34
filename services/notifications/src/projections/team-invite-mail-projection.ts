import { IdentityEvent } from '@parley/contracts';
import type { Projection } from '@parley/projections';
import { enqueueMail } from '../outbox/outbox-store';
import { teamInviteMail } from './team-invite-mail';

/** identity's invitations -> outbox rows, in the runner's transaction (see signupMailProjection). */
export function teamInviteMailProjection(appUrl: string, clock: () => Date = () => new Date()): Projection {
  return {
    name: 'notifications-team-invite-mail-v1',
    context: 'identity',
    aggregate: 'invite',
    async apply(tx, event) {
      if (event.type !== IdentityEvent.TeamInviteIssued) return;
      await enqueueMail(tx, teamInviteMail(event, appUrl), clock());
    },
  };
}
