import { randomUUID } from 'node:crypto';
import { ContentEvent, DomainsEvent, type ContentKind } from '@parley/contracts';
import { EventStore } from '@parley/eventstore';
import type { NatsConnection } from 'nats';

/**
 * Writes DOMAINS and CONTENT events as the domains and content services do, for tests of the
 * assistant's read model (those services' own tests cover that they write them).
 */
export function knowledgeEvents(nc: NatsConnection, namespace: string) {
  const domains = new EventStore(nc, { context: 'domains', namespace });
  const content = new EventStore(nc, { context: 'content', namespace });
  const versions = new Map<string, number>();
  const append = async (store: EventStore, subject: string, type: string, data: object) => {
    const result = await store.append(subject, [{ type, data }], {
      expectedVersion: versions.get(subject) ?? 0,
      commandId: randomUUID(),
    });
    versions.set(subject, result.version);
    return result.version;
  };
  const now = () => new Date().toISOString();
  const onDomain = (domainId: string, type: string, data: object) =>
    append(domains, domains.subject('domain', domainId), type, data);

  return {
    async domainAdded(
      accountId: string,
      domainId = randomUUID(),
      domain = `shop-${domainId.slice(0, 8)}.example`,
    ) {
      await onDomain(domainId, DomainsEvent.DomainAdded, {
        domainId,
        accountId,
        addedBy: accountId,
        domain,
        addedAt: now(),
      });
      return domainId;
    },
    domainDeleted: (accountId: string, domainId: string) =>
      onDomain(domainId, DomainsEvent.DomainDeleted, { domainId, accountId, deletedAt: now() }),
    welcomeMessage: (domainId: string, welcomeMessage: string) =>
      onDomain(domainId, DomainsEvent.DomainSettingsUpdated, {
        settings: { welcomeMessage, themeColor: '#123456' },
        updatedAt: now(),
      }),
    config: (domainId: string, config: object) =>
      onDomain(domainId, DomainsEvent.DomainConfigSaved, { config, savedAt: now() }),
    async filterQuestionAdded(domainId: string, question: string, answer: string) {
      const questionId = randomUUID();
      await onDomain(domainId, DomainsEvent.FilterQuestionAdded, {
        questionId,
        question,
        answer,
        addedBy: 'owner',
        addedAt: now(),
      });
      return questionId;
    },
    filterQuestionDeleted: (domainId: string, questionId: string) =>
      onDomain(domainId, DomainsEvent.FilterQuestionDeleted, { questionId, deletedAt: now() }),
    async itemCreated(kind: ContentKind, accountId: string, domainId: string, body: object) {
      const id = randomUUID();
      await append(content, content.subject(kind, id), ContentEvent[kind].created, {
        accountId,
        domainId,
        body,
        createdBy: accountId,
        createdAt: now(),
      });
      return id;
    },
    itemUpdated: (kind: ContentKind, id: string, body: object) =>
      append(content, content.subject(kind, id), ContentEvent[kind].updated, {
        body,
        updatedBy: 'owner',
        updatedAt: now(),
      }),
    itemDeleted: (kind: ContentKind, id: string) =>
      append(content, content.subject(kind, id), ContentEvent[kind].deleted, {
        deletedBy: 'owner',
        deletedAt: now(),
      }),
  };
}

export const article = (title: string, answer: string, extra: object = {}) => ({
  title,
  question: `${title}?`,
  answer,
  content: '',
  articleType: 'faq',
  category: '',
  tags: [],
  isPublished: true,
  isPinned: false,
  ...extra,
});

export const product = (name: string, price: number, extra: object = {}) => ({
  name,
  images: [],
  price,
  hasDiscount: false,
  discount: 0,
  productType: 'Mug',
  description: `${name}, handmade.`,
  variants: [],
  discountedPrice: price,
  ...extra,
});
