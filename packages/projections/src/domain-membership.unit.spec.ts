import { randomUUID } from 'node:crypto';
import { DomainsEvent } from '@parley/contracts';
import type { RecordedEvent } from '@parley/eventstore';
import type { PoolClient } from 'pg';
import { domainMembershipProjection } from './domain-membership';

const domainId = randomUUID();
const accountId = randomUUID();
const at = new Date().toISOString();

function recorded(type: string, data: object): RecordedEvent {
  return {
    type,
    data,
    subject: `domains.domain.${domainId}`,
    sequence: 1,
    eventId: 'c:0',
    occurredAt: at,
    meta: {},
  } as RecordedEvent;
}

function recordingTx() {
  const queries: Array<{ text: string; values?: unknown[] }> = [];
  const tx = { query: async (text: string, values?: unknown[]) => void queries.push({ text, values }) };
  return { tx: tx as unknown as PoolClient, queries };
}

describe('the domain membership projection', () => {
  const deletedWith: string[] = [];
  const projection = domainMembershipProjection({
    name: 'test-domains-v1',
    table: 'my_domains',
    onDeleted: async (_tx, e) => void deletedWith.push(e.domainId),
  });

  it('reads only the domains stream, domain aggregate', () => {
    expect(projection).toMatchObject({ name: 'test-domains-v1', context: 'domains', aggregate: 'domain' });
  });

  it('keeps an added domain in the service table, once', async () => {
    const { tx, queries } = recordingTx();
    await projection.apply(
      tx,
      recorded(DomainsEvent.DomainAdded, {
        domainId,
        accountId,
        addedBy: accountId,
        domain: 'a.example.com',
        addedAt: at,
      }),
    );
    expect(queries).toHaveLength(1);
    expect(queries[0]?.text).toMatch(/^INSERT INTO my_domains .* ON CONFLICT \(domain_id\) DO NOTHING$/s);
    expect(queries[0]?.values).toEqual([domainId, accountId, 'a.example.com', at]);
  });

  it("removes a deleted domain after the service's own clean-up", async () => {
    const { tx, queries } = recordingTx();
    await projection.apply(tx, recorded(DomainsEvent.DomainDeleted, { domainId, accountId, deletedAt: at }));
    expect(deletedWith).toEqual([domainId]);
    expect(queries).toEqual([
      {
        text: 'DELETE FROM my_domains WHERE domain_id = $1 AND account_id = $2',
        values: [domainId, accountId],
      },
    ]);
  });

  it('refuses a malformed event, and a table name that is not a plain identifier', async () => {
    const { tx } = recordingTx();
    await expect(projection.apply(tx, recorded(DomainsEvent.DomainAdded, { domainId }))).rejects.toThrow();
    expect(() =>
      domainMembershipProjection({
        name: 'x',
        table: 'domains; DROP TABLE x',
        onDeleted: async () => undefined,
      }),
    ).toThrow(/invalid table name/);
  });
});
