import { ContentEvent } from '@parley/contracts';
import { deciderSpec } from '@parley/testing';
import { itemDecider, type ItemCommand } from './decider';
import type { ItemEvent } from './events';

const now = new Date('2026-03-01T10:00:00.000Z');
const body = { name: 'Mug', price: 12 };
const created: ItemEvent = {
  type: ContentEvent.product.created,
  data: { accountId: 'acct-a', domainId: 'dom-1', body, createdBy: 'u1', createdAt: now.toISOString() },
};
const deleted: ItemEvent = {
  type: ContentEvent.product.deleted,
  data: { deletedBy: 'u1', deletedAt: now.toISOString() },
};
const create: ItemCommand = {
  type: 'Create',
  accountId: 'acct-a',
  domainId: 'dom-1',
  body,
  actorId: 'u1',
  now,
};
const update = (accountId: string, domainId = 'dom-1'): ItemCommand => ({
  type: 'Update',
  accountId,
  domainId,
  body: { ...body, price: 14 },
  actorId: 'u2',
  now,
});
const remove = (accountId: string): ItemCommand => ({ type: 'Delete', accountId, actorId: 'u2', now });

describe('content item decider', () => {
  const product = deciderSpec(itemDecider('product'));

  it('creates an item of an account and a domain', () => {
    expect(product.given([]).when(create).then([created])).toEqual({
      status: 'active',
      accountId: 'acct-a',
      domainId: 'dom-1',
    });
  });

  it('refuses to create the same id twice', () => {
    product.given([created]).when(create).thenThrows('conflict');
  });

  it('updates and deletes for the owning account', () => {
    product
      .given([created])
      .when(update('acct-a'))
      .then([
        {
          type: ContentEvent.product.updated,
          data: { body: { ...body, price: 14 }, updatedBy: 'u2', updatedAt: now.toISOString() },
        },
      ]);
    product
      .given([created])
      .when(remove('acct-a'))
      .then([
        { type: ContentEvent.product.deleted, data: { deletedBy: 'u2', deletedAt: now.toISOString() } },
      ]);
  });

  it("answers another account's item as not found, like a missing or deleted one", () => {
    product.given([created]).when(update('acct-b')).thenThrows('Product not found');
    product.given([created]).when(remove('acct-b')).thenThrows('not_found');
    product.given([]).when(update('acct-a')).thenThrows('not_found');
    product.given([created, deleted]).when(remove('acct-a')).thenThrows('not_found');
    product.given([created, deleted]).when(create).thenThrows('conflict');
  });

  it('keeps an item in its domain', () => {
    product
      .given([created])
      .when(update('acct-a', 'dom-2'))
      .thenThrows('A product cannot move to another domain');
  });

  it('names each kind in its events and messages', () => {
    const article = deciderSpec(itemDecider('article'));
    article
      .given([])
      .when(create)
      .then([{ type: 'content.HelpArticleCreated', data: created.data }]);
    deciderSpec(itemDecider('appointment'))
      .given([])
      .when(remove('acct-a'))
      .thenThrows('Appointment type not found');
    // A product's events mean nothing to an article stream.
    article.given([created]).when(update('acct-a')).thenThrows('Help article not found');
  });
});
