import {
  accountPlanChangedSchema,
  BillingEvent,
  ConversationsEvent,
  IdentityEvent,
  userRegisteredSchema,
  userRenamedSchema,
} from '@parley/contracts';
import type { RecordedEvent } from '@parley/eventstore';
import type { Projection } from '@parley/projections';
import type { PoolClient } from 'pg';
import { z } from 'zod';

/** Every user with role and name (accounts are the owners'; admins sign notes with their name). */
export const platformUsersProjection: Projection = {
  name: 'content-platform-users-v1',
  context: 'identity',
  aggregate: 'user',
  async apply(tx, recorded) {
    if (recorded.type === IdentityEvent.UserRegistered) {
      const e = userRegisteredSchema.parse(recorded.data);
      await tx.query(
        `INSERT INTO platform_users (user_id, account_id, role, fullname, registered_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (user_id) DO UPDATE SET account_id = $2, role = $3, fullname = $4`,
        [e.userId, e.accountId, e.role, e.fullname, e.registeredAt],
      );
    } else if (recorded.type === IdentityEvent.UserRenamed) {
      const e = userRenamedSchema.parse(recorded.data);
      await tx.query('UPDATE platform_users SET fullname = $2 WHERE user_id = $1', [e.userId, e.fullname]);
    }
  },
};

/** Each account's current plan (PRO subscriptions are the accounts on PRO). */
export const accountPlansProjection: Projection = {
  name: 'content-account-plans-v1',
  context: 'billing',
  aggregate: 'account',
  async apply(tx, recorded) {
    if (recorded.type !== BillingEvent.AccountPlanChanged) return;
    const e = accountPlanChangedSchema.parse(recorded.data);
    await tx.query(
      `INSERT INTO platform_account_plans (account_id, plan, changed_at) VALUES ($1, $2, $3)
       ON CONFLICT (account_id) DO UPDATE SET plan = $2, changed_at = $3`,
      [e.accountId, e.plan, e.changedAt],
    );
  },
};

/** The UTC month an ISO time falls in, as its first day ('2026-03-01'). */
const monthOf = (iso: string) => `${iso.slice(0, 7)}-01`;

// Only the facts counted: a room event's other fields may grow without concerning this count.
const roomOpenedFacts = z.object({ openedAt: z.string() });
const messagePostedFacts = z.object({
  postedAt: z.string(),
  isNote: z.boolean().optional(),
  author: z.string().optional(),
});

/** What one event adds to its month: a conversation, a message people or the bot wrote, or nothing. */
function activityOf(
  recorded: RecordedEvent,
): { month: string; conversations: number; messages: number } | null {
  if (recorded.type === ConversationsEvent.RoomOpened) {
    const e = roomOpenedFacts.parse(recorded.data);
    return { month: monthOf(new Date(e.openedAt).toISOString()), conversations: 1, messages: 0 };
  }
  if (recorded.type === ConversationsEvent.MessagePosted) {
    const e = messagePostedFacts.parse(recorded.data);
    // Notes and mode changes are the team's bookkeeping, not conversation.
    if (e.isNote || e.author === 'system') return null;
    return { month: monthOf(new Date(e.postedAt).toISOString()), conversations: 0, messages: 1 };
  }
  return null;
}

/**
 * Conversations opened and messages written per month. Counting is what the checkpoint makes
 * exact: each event is applied once, in the transaction that advances it. Busy, so events that
 * arrive together are counted in one statement per month.
 */
export const monthlyActivityProjection: Projection = {
  name: 'content-monthly-activity-v1',
  context: 'conversations',
  aggregate: 'room',
  maxEventsPerTransaction: 200,
  apply: (tx, recorded) => countActivity(tx, [recorded]),
  applyMany: countActivity,
};

async function countActivity(tx: PoolClient, events: RecordedEvent[]): Promise<void> {
  const byMonth = new Map<string, { conversations: number; messages: number }>();
  for (const e of events) {
    const a = activityOf(e);
    if (!a) continue;
    const sum = byMonth.get(a.month) ?? { conversations: 0, messages: 0 };
    sum.conversations += a.conversations;
    sum.messages += a.messages;
    byMonth.set(a.month, sum);
  }
  for (const [month, sum] of byMonth) {
    await tx.query(
      `INSERT INTO platform_monthly_activity (month, conversations, messages) VALUES ($1, $2, $3)
       ON CONFLICT (month) DO UPDATE SET conversations = platform_monthly_activity.conversations + $2,
         messages = platform_monthly_activity.messages + $3`,
      [month, sum.conversations, sum.messages],
    );
  }
}
