import type { PoolClient } from 'pg';

/** Raises a domain's knowledge revision by one, in the caller's transaction (the projection's). */
export async function bumpRevision(tx: PoolClient, domainId: string): Promise<void> {
  await tx.query(
    `INSERT INTO knowledge_revisions (domain_id, revision) VALUES ($1, 1)
     ON CONFLICT (domain_id) DO UPDATE SET revision = knowledge_revisions.revision + 1`,
    [domainId],
  );
}
