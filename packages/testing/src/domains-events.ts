import { randomUUID } from 'node:crypto';
import { DomainsEvent, type DomainAdded, type DomainDeleted } from '@parley/contracts';
import { EventStore } from '@parley/eventstore';
import type { NatsConnection } from 'nats';

/** Appends domains events as the domains service does (stream DOMAINS, subject domains.domain.<id>). */
export function domainsEvents(nc: NatsConnection, namespace: string) {
  const store = new EventStore(nc, { context: 'domains', namespace });
  const versions = new Map<string, number>();
  const append = async (domainId: string, type: string, data: object) => {
    const subject = store.subject('domain', domainId);
    const result = await store.append(subject, [{ type, data }], {
      expectedVersion: versions.get(domainId) ?? 0,
      commandId: randomUUID(),
    });
    versions.set(domainId, result.version);
    return result.version;
  };
  return {
    /** Any domains event on the domain's stream, in order (settings, config, questions...). */
    append,
    added: (
      accountId: string,
      domainId = randomUUID(),
      domain = `shop-${domainId.slice(0, 8)}.example.com`,
    ) =>
      append(domainId, DomainsEvent.DomainAdded, {
        domainId,
        accountId,
        addedBy: accountId,
        domain,
        addedAt: new Date().toISOString(),
      } satisfies DomainAdded).then(() => domainId),
    deleted: (accountId: string, domainId: string) =>
      append(domainId, DomainsEvent.DomainDeleted, {
        domainId,
        accountId,
        deletedAt: new Date().toISOString(),
      } satisfies DomainDeleted),
  };
}
