import type { Pool, PoolClient } from 'pg';
import { subscriberIdOf } from '../../app/newsletter/subscriber-id';
import type { SubscriberRow } from './evolve';

type Queryable = Pool | PoolClient;

interface Row {
  subscriber_id: string;
  email: string;
  status: SubscriberRow['status'];
  requested_at: Date;
  confirmation_mails: number;
  confirmed_at: Date | null;
  unsubscribed_at: Date | null;
  updated_at: Date;
}

const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

function fromRow(r: Row): SubscriberRow {
  return {
    subscriberId: r.subscriber_id,
    email: r.email,
    status: r.status,
    requestedAt: r.requested_at.toISOString(),
    confirmationMails: r.confirmation_mails,
    confirmedAt: isoOrNull(r.confirmed_at),
    unsubscribedAt: isoOrNull(r.unsubscribed_at),
    updatedAt: r.updated_at.toISOString(),
  };
}

const COLUMNS =
  'subscriber_id, email, status, requested_at, confirmation_mails, confirmed_at, unsubscribed_at, updated_at';

export async function subscriberById(
  db: Queryable,
  subscriberId: string,
  options: { forUpdate?: boolean } = {},
): Promise<SubscriberRow | null> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM newsletter_subscribers WHERE subscriber_id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [subscriberId],
  );
  return rows[0] ? fromRow(rows[0]) : null;
}

/** The subscription of an address, in any letter case. */
export function subscriberByEmail(db: Queryable, email: string): Promise<SubscriberRow | null> {
  return subscriberById(db, subscriberIdOf(email));
}

export async function saveSubscriber(db: Queryable, row: SubscriberRow): Promise<void> {
  await db.query(
    `INSERT INTO newsletter_subscribers (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (subscriber_id) DO UPDATE SET
       email = EXCLUDED.email, status = EXCLUDED.status, requested_at = EXCLUDED.requested_at,
       confirmation_mails = EXCLUDED.confirmation_mails, confirmed_at = EXCLUDED.confirmed_at,
       unsubscribed_at = EXCLUDED.unsubscribed_at, updated_at = EXCLUDED.updated_at`,
    [
      row.subscriberId,
      row.email,
      row.status,
      row.requestedAt,
      row.confirmationMails,
      row.confirmedAt,
      row.unsubscribedAt,
      row.updatedAt,
    ],
  );
}
