import { ConversationsEvent, messagePostedSchema } from '@parley/contracts';
import { parseEventData } from '@parley/eventstore';
import type { Projection } from '@parley/projections';
import type { PoolClient } from 'pg';
import { offlineMessageTemplate } from '../../mail/templates/offline-message';
import { enqueueMail } from '../../outbox/outbox-store';
import { accountOwner } from '../account-owners';
import { knownDomain } from '../known-domains';
import { conversationUrl, HANDOFF_MAIL_VALID_MS } from './handoff-mail';

/** The address the customer gave last (the offline form sets it just before its message). */
const customerEmailOf = async (tx: PoolClient, customerId: string): Promise<string | null> => {
  const { rows } = await tx.query<{ email: string }>(
    'SELECT email FROM offline_message_customers WHERE customer_id = $1',
    [customerId],
  );
  return rows[0]?.email ?? null;
};

/**
 * Issue 17: conversations.MessagePosted marked offline (the widget's offline form) -> one outbox
 * row to the account's owner. Keyed by the room, so a second form in the same conversation (or
 * the event again) mails nobody: the owner is mailed once per conversation. The visitor's email
 * comes from conversations.CustomerEmailSet, which the form records just before the message.
 */
export function offlineMessageMailProjection(
  appUrl: string,
  clock: () => Date = () => new Date(),
): Projection {
  return {
    name: 'notifications-offline-message-mail-v1',
    context: 'conversations',
    async apply(tx, event) {
      if (event.type === ConversationsEvent.CustomerEmailSet) {
        const e = event.data as { customerId?: string; email?: string };
        if (!e.customerId || !e.email) return;
        await tx.query(
          `INSERT INTO offline_message_customers (customer_id, email) VALUES ($1, $2)
           ON CONFLICT (customer_id) DO UPDATE SET email = EXCLUDED.email`,
          [e.customerId, e.email],
        );
        return;
      }
      if (event.type !== ConversationsEvent.MessagePosted) return;
      const posted = parseEventData(messagePostedSchema, event);
      if (!posted.offline) return;
      const { accountId, domainId, customerId } = posted.audience;
      const domain = await knownDomain(tx, accountId, domainId);
      if (domain.kind === 'deleted') return;
      const owner = await accountOwner(tx, accountId);
      if (!owner)
        throw new Error(`MessagePosted ${event.eventId}: the owner of account ${accountId} is not known yet`);
      const sentAt = new Date(posted.postedAt);
      await enqueueMail(
        tx,
        {
          id: `offline-message:${posted.roomId}`,
          template: offlineMessageTemplate.name,
          recipient: owner.email,
          data: {
            fullname: owner.fullname,
            domain: domain.kind === 'known' ? domain.domain : null,
            visitorEmail: (await customerEmailOf(tx, customerId)) ?? 'the visitor (no email given)',
            message: posted.content,
            conversationUrl: conversationUrl(appUrl, posted.roomId),
          },
          sealedSecrets: null,
          expiresAt: new Date(
            (Number.isNaN(sentAt.getTime()) ? clock() : sentAt).getTime() + HANDOFF_MAIL_VALID_MS,
          ),
        },
        clock(),
      );
    },
  };
}
