import { randomUUID } from 'node:crypto';
import { BillingEvent, ContentEvent, DomainsEvent, type ContentKind } from '@parley/contracts';
import { EventStore } from '@parley/eventstore';
import { domainsEvents } from '@parley/testing';
import type { NatsConnection } from 'nats';

/**
 * Writes DOMAINS and CONTENT events as the domains and content services do (and billing's payout
 * account updates), for tests of the assistant's read model (those services' own tests cover that
 * they write them).
 */
export function knowledgeEvents(nc: NatsConnection, namespace: string) {
  const domains = domainsEvents(nc, namespace);
  const content = new EventStore(nc, { context: 'content', namespace });
  const billing = new EventStore(nc, { context: 'billing', namespace });
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
  const onDomain = domains.append;

  return {
    domainAdded: (
      accountId: string,
      domainId = randomUUID(),
      domain = `shop-${domainId.slice(0, 8)}.example`,
    ) => domains.added(accountId, domainId, domain),
    domainDeleted: domains.deleted,
    welcomeMessage: (domainId: string, welcomeMessage: string) =>
      onDomain(domainId, DomainsEvent.DomainSettingsUpdated, {
        settings: { welcomeMessage, themeColor: '#123456' },
        updatedAt: now(),
      }),
    settings: (domainId: string, settings: { welcomeMessage: string } & Record<string, unknown>) =>
      onDomain(domainId, DomainsEvent.DomainSettingsUpdated, { settings, updatedAt: now() }),
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
    /** The owner's connected account as billing announces it (an account billing itself never wrote). */
    payoutUpdated: (accountId: string, chargesEnabled: boolean) =>
      append(billing, billing.subject('account', accountId), BillingEvent.PayoutAccountUpdated, {
        accountId,
        connectedAccountId: `acct_${accountId}`,
        chargesEnabled,
        detailsSubmitted: chargesEnabled,
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
