import { ConversationsEvent } from '@parley/contracts';
import type { Projection } from '@parley/projections';
import { enqueueMail } from '../../outbox/outbox-store';
import { accountOwner } from '../account-owners';
import { knownDomain } from '../known-domains';
import { handoffMail, roomMailedOf } from './handoff-mail';

/**
 * conversations.RoomMailed -> one outbox row to the account's owner, in the runner's transaction.
 * A room of a deleted domain mails nobody. An owner notifications has not heard of yet (identity's
 * projection runs apart) is an error: the runner retries it in place, then parks it for a replay,
 * rather than dropping the mail.
 */
export function liveSupportMailProjection(appUrl: string, clock: () => Date = () => new Date()): Projection {
  return {
    name: 'notifications-live-support-mail-v1',
    context: 'conversations',
    aggregate: 'room',
    async apply(tx, event) {
      if (event.type !== ConversationsEvent.RoomMailed) return;
      const mailed = roomMailedOf(event);
      const { accountId, domainId } = mailed.audience;
      const domain = await knownDomain(tx, accountId, domainId);
      if (domain.kind === 'deleted') return;
      const owner = await accountOwner(tx, accountId);
      if (!owner)
        throw new Error(`RoomMailed ${event.eventId}: the owner of account ${accountId} is not known yet`);
      const entry = handoffMail(mailed, {
        owner,
        domain: domain.kind === 'known' ? domain.domain : null,
        appUrl,
        occurredAt: event.occurredAt,
      });
      await enqueueMail(tx, entry, clock());
    },
  };
}
