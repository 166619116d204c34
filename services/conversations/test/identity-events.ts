import { randomUUID } from 'node:crypto';
import { IdentityEvent } from '@parley/contracts';
import { EventStore } from '@parley/eventstore';
import type { NatsConnection } from 'nats';

/** Appends identity.TeamMemberRemoved as identity does (subject identity.user.<userId>). */
export async function teamMemberRemoved(
  nc: NatsConnection,
  namespace: string,
  member: { accountId: string; userId: string },
): Promise<void> {
  const store = new EventStore(nc, { context: 'identity', namespace });
  const subject = store.subject('user', member.userId);
  const { version } = await store.load(subject);
  await store.append(
    subject,
    [{ type: IdentityEvent.TeamMemberRemoved, data: { ...member, removedAt: new Date().toISOString() } }],
    { expectedVersion: version, commandId: randomUUID() },
  );
}
