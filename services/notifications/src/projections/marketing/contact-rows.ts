import type { PoolClient } from 'pg';

/** Addresses are kept trimmed and lower-cased: one contact per domain and address. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

/**
 * Adds what one source tells of a domain's address: first seen is the earliest of them, a name
 * given replaces none, bookings and orders add up. `sourceId` makes a counted source count once
 * whatever replays (a redelivery is skipped by the checkpoint already; a reset projection is not).
 */
export async function upsertContact(
  tx: PoolClient,
  contact: {
    accountId: string;
    domainId: string;
    email: string;
    name?: string;
    seenAt: string;
    bookings?: number;
    orders?: number;
    sourceId?: string;
  },
): Promise<void> {
  const email = normalEmail(contact.email);
  if (!email) return;
  let bookings = contact.bookings ?? 0;
  let orders = contact.orders ?? 0;
  if (contact.sourceId && (bookings || orders)) {
    const fresh = await tx.query(
      'INSERT INTO marketing_contact_sources (source_id) VALUES ($1) ON CONFLICT DO NOTHING',
      [contact.sourceId],
    );
    if (fresh.rowCount === 0) bookings = orders = 0;
  }
  await tx.query(
    `INSERT INTO marketing_contacts (domain_id, email, account_id, name, first_seen, bookings, orders)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (domain_id, email) DO UPDATE SET
       first_seen = LEAST(marketing_contacts.first_seen, EXCLUDED.first_seen),
       name = CASE WHEN EXCLUDED.name <> '' THEN EXCLUDED.name ELSE marketing_contacts.name END,
       bookings = marketing_contacts.bookings + EXCLUDED.bookings,
       orders = marketing_contacts.orders + EXCLUDED.orders`,
    [
      contact.domainId,
      email,
      contact.accountId,
      (contact.name ?? '').trim().slice(0, 200),
      contact.seenAt,
      bookings,
      orders,
    ],
  );
}
