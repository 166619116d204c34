import { EditorialEvent } from '@parley/contracts';
import { deciderSpec } from '@parley/testing';
import { postDecider, type PostCommand, type PostContent, type PostEvent } from './post';

const t1 = new Date('2026-03-01T10:00:00.000Z');
const t2 = new Date('2026-03-02T10:00:00.000Z');
const content: PostContent = {
  title: 'Hello',
  slug: 'hello',
  excerpt: '',
  coverImageId: null,
  coverImageAlt: '',
  body: '<p>Hi</p>',
  tagIds: [],
  categoryId: null,
  authorName: 'Ada',
};
const created: PostEvent = {
  type: EditorialEvent.PostCreated,
  data: { content, createdBy: 'a1', createdAt: t1.toISOString() },
};
const published = (at: Date, first = at): PostEvent => ({
  type: EditorialEvent.PostPublished,
  data: { publishedAt: first.toISOString(), publishedBy: 'a1', at: at.toISOString() },
});
const unpublished: PostEvent = {
  type: EditorialEvent.PostUnpublished,
  data: { unpublishedBy: 'a1', at: t2.toISOString() },
};
const revise = (status: 'draft' | 'published', over: Partial<PostContent> = {}, now = t2): PostCommand => ({
  type: 'Revise',
  content: { ...content, ...over },
  status,
  actorId: 'a1',
  now,
});

describe('blog post decider', () => {
  const spec = deciderSpec(postDecider);

  it('creates a draft, or a published post with its publication', () => {
    expect(
      spec
        .given([])
        .when({ type: 'Create', content, status: 'draft', actorId: 'a1', now: t1 })
        .then([created]).status,
    ).toBe('draft');
    const state = spec
      .given([])
      .when({ type: 'Create', content, status: 'published', actorId: 'a1', now: t1 })
      .then([created, published(t1)]);
    expect(state).toMatchObject({ status: 'published', publishedAt: t1.toISOString() });
  });

  it('records a revision only when something changed, and status changes as their own events', () => {
    spec.given([created]).when(revise('draft')).then([]);
    spec
      .given([created])
      .when(revise('published', { title: 'Hello again' }))
      .then([
        {
          type: EditorialEvent.PostRevised,
          data: {
            content: { ...content, title: 'Hello again' },
            revisedBy: 'a1',
            revisedAt: t2.toISOString(),
          },
        },
        published(t2),
      ]);
    spec
      .given([created, published(t1)])
      .when(revise('draft'))
      .then([unpublished]);
  });

  it('keeps the first publication date when a post is published again', () => {
    const t3 = new Date('2026-03-05T10:00:00.000Z');
    spec
      .given([created, published(t1), unpublished])
      .when(revise('published', {}, t3))
      .then([published(t3, t1)]);
  });

  it('answers a missing or deleted post as not found', () => {
    const deleted: PostEvent = {
      type: EditorialEvent.PostDeleted,
      data: { deletedBy: 'a1', deletedAt: t2.toISOString() },
    };
    spec.given([]).when(revise('draft')).thenThrows('Blog post not found');
    spec.given([created, deleted]).when({ type: 'Delete', actorId: 'a1', now: t2 }).thenThrows('not_found');
    spec.given([created]).when({ type: 'Delete', actorId: 'a1', now: t2 }).then([deleted]);
    spec
      .given([created])
      .when({ type: 'Create', content, status: 'draft', actorId: 'a1', now: t1 })
      .thenThrows('conflict');
  });
});
