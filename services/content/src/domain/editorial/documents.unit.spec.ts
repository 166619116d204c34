import { deciderSpec } from '@parley/testing';
import { documentDecider } from './documents';
import { slugClaimDecider } from './slug-claim';

const now = new Date('2026-03-01T10:00:00.000Z');
const at = now.toISOString();
const names = {
  created: 'content.TagCreated',
  updated: 'content.TagRenamed',
  deleted: 'content.TagDeleted',
  noun: 'Tag',
};

describe('tag and category documents', () => {
  const spec = deciderSpec(documentDecider(names));
  const created = {
    type: names.created,
    data: { body: { name: 'News', slug: 'news' }, createdBy: 'a1', createdAt: at },
  };

  it('creates, renames only on a change, and deletes', () => {
    spec
      .given([])
      .when({ type: 'Create', body: { name: 'News', slug: 'news' }, actorId: 'a1', now })
      .then([created]);
    spec
      .given([created])
      .when({ type: 'Update', body: { name: 'News', slug: 'news' }, actorId: 'a1', now })
      .then([]);
    spec
      .given([created])
      .when({ type: 'Update', body: { name: 'Updates', slug: 'updates' }, actorId: 'a1', now })
      .then([
        {
          type: names.updated,
          data: { body: { name: 'Updates', slug: 'updates' }, updatedBy: 'a1', updatedAt: at },
        },
      ]);
    const deleted = { type: names.deleted, data: { deletedBy: 'a1', deletedAt: at } };
    spec.given([created]).when({ type: 'Delete', actorId: 'a1', now }).then([deleted]);
    spec.given([created, deleted]).when({ type: 'Delete', actorId: 'a1', now }).thenThrows('Tag not found');
  });
});

describe('slug claims', () => {
  const spec = deciderSpec(slugClaimDecider);
  const claim = (holderId: string) => ({
    type: 'Claim' as const,
    scope: 'post' as const,
    slug: 'hello',
    holderId,
    now,
  });
  const claimed = (holderId: string, previousHolderId: string | null = null) => ({
    type: 'content.SlugClaimed',
    data: { scope: 'post' as const, slug: 'hello', holderId, previousHolderId, at },
  });

  it('gives a free slug to its first claimant; its holder claiming again records nothing', () => {
    expect(
      spec
        .given([])
        .when(claim('p1'))
        .then([claimed('p1')]).holder,
    ).toBe('p1');
    spec
      .given([claimed('p1')])
      .when(claim('p1'))
      .then([]);
  });

  it('is released only by its holder, and then free', () => {
    const released = {
      type: 'content.SlugReleased',
      data: { scope: 'post' as const, slug: 'hello', holderId: 'p1', at },
    };
    spec
      .given([claimed('p1')])
      .when({ type: 'Release', holderId: 'p2', now })
      .then([]);
    expect(
      spec
        .given([claimed('p1')])
        .when({ type: 'Release', holderId: 'p1', now })
        .then([released]).holder,
    ).toBeNull();
    spec
      .given([claimed('p1'), released])
      .when(claim('p2'))
      .then([claimed('p2')]);
  });

  it('records a take-over with the holder it replaced (the application checked it no longer uses it)', () => {
    spec
      .given([claimed('p1')])
      .when(claim('p2'))
      .then([claimed('p2', 'p1')]);
  });
});
