import {
  ContentEvent,
  type ContentItemCreated,
  type ContentItemDeleted,
  type ContentItemUpdated,
  type ContentKind,
} from '@parley/contracts';
import type { DomainEvent } from '@parley/eventstore';

export type ItemEvent = DomainEvent<string, ContentItemCreated | ContentItemUpdated | ContentItemDeleted>;

export type Lifecycle = 'created' | 'updated' | 'deleted';

/** The lifecycle step an event type stands for in `kind`'s streams (undefined for anything else). */
export function lifecycleOf(kind: ContentKind, type: string): Lifecycle | undefined {
  const names = ContentEvent[kind];
  if (type === names.created) return 'created';
  if (type === names.updated) return 'updated';
  if (type === names.deleted) return 'deleted';
  return undefined;
}
