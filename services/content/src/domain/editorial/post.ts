import { EditorialEvent, contentError } from '@parley/contracts';
import type { PostStatus } from '@parley/contracts/validation';
import type { Decider, DomainEvent } from '@parley/eventstore';

/** A post as it is kept: the schema's fields without the status, the body already sanitised. */
export interface PostContent {
  title: string;
  slug: string;
  excerpt: string;
  coverImageId: string | null;
  coverImageAlt: string;
  body: string;
  tagIds: string[];
  categoryId: string | null;
  authorName: string;
}

export type PostCommand =
  | { type: 'Create'; content: PostContent; status: PostStatus; actorId: string; now: Date }
  | { type: 'Revise'; content: PostContent; status: PostStatus; actorId: string; now: Date }
  | { type: 'Delete'; actorId: string; now: Date };

export type PostEvent = DomainEvent<string, Record<string, unknown>>;

export interface PostState {
  status: 'none' | PostStatus | 'deleted';
  content: PostContent | null;
  /** When it was first published; kept when it is taken down and published again. */
  publishedAt: string | null;
}

export const postNotFound = () => contentError('not_found', 'Blog post not found', 'NOT_FOUND');

const changed = (a: PostContent | null, b: PostContent) => JSON.stringify(a) !== JSON.stringify(b);

function statusEvents(from: PostState, to: PostStatus, actorId: string, at: string): PostEvent[] {
  if (from.status === to) return [];
  if (to === 'published')
    return [
      {
        type: EditorialEvent.PostPublished,
        data: { publishedAt: from.publishedAt ?? at, publishedBy: actorId, at },
      },
    ];
  return [{ type: EditorialEvent.PostUnpublished, data: { unpublishedBy: actorId, at } }];
}

/**
 * One blog post: written as a draft or published at once, revised, published and taken down
 * again (readers keep the first publication date), deleted. A revision that changes nothing
 * records nothing.
 */
export const postDecider: Decider<PostCommand, PostEvent, PostState> = {
  initialState: { status: 'none', content: null, publishedAt: null },
  evolve(state, event) {
    switch (event.type) {
      case EditorialEvent.PostCreated:
        return { status: 'draft', content: event.data.content as PostContent, publishedAt: null };
      case EditorialEvent.PostRevised:
        return { ...state, content: event.data.content as PostContent };
      case EditorialEvent.PostPublished:
        return { ...state, status: 'published', publishedAt: event.data.publishedAt as string };
      case EditorialEvent.PostUnpublished:
        return { ...state, status: 'draft' };
      case EditorialEvent.PostDeleted:
        return { ...state, status: 'deleted' };
      default:
        return state;
    }
  },
  decide(command, state) {
    const at = command.now.toISOString();
    if (command.type === 'Create') {
      if (state.status !== 'none') throw contentError('conflict', 'Blog post already exists', 'EXISTS');
      const created: PostEvent = {
        type: EditorialEvent.PostCreated,
        data: { content: command.content, createdBy: command.actorId, createdAt: at },
      };
      const draft: PostState = { status: 'draft', content: command.content, publishedAt: null };
      return [created, ...statusEvents(draft, command.status, command.actorId, at)];
    }
    if (state.status === 'none' || state.status === 'deleted') throw postNotFound();
    if (command.type === 'Delete')
      return [{ type: EditorialEvent.PostDeleted, data: { deletedBy: command.actorId, deletedAt: at } }];
    const revised: PostEvent[] = changed(state.content, command.content)
      ? [
          {
            type: EditorialEvent.PostRevised,
            data: { content: command.content, revisedBy: command.actorId, revisedAt: at },
          },
        ]
      : [];
    return [...revised, ...statusEvents(state, command.status, command.actorId, at)];
  },
};
