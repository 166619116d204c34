import { ContentEvent, type ContentItemCreated, type ContentKind, contentError } from '@parley/contracts';
import type { Decider, Folded } from '@parley/eventstore';
import { lifecycleOf, type ItemEvent } from './events';

export type ItemCommand =
  | {
      type: 'Create';
      accountId: string;
      domainId: string;
      body: Record<string, unknown>;
      actorId: string;
      now: Date;
    }
  | {
      type: 'Update';
      accountId: string;
      domainId: string;
      body: Record<string, unknown>;
      actorId: string;
      now: Date;
    }
  | { type: 'Delete'; accountId: string; actorId: string; now: Date };

export interface ItemState {
  status: 'none' | 'active' | 'deleted';
  accountId: string | null;
  domainId: string | null;
}

export const initialItemState: ItemState = { status: 'none', accountId: null, domainId: null };

const NOUN: Record<ContentKind, string> = {
  product: 'Product',
  article: 'Help article',
  appointment: 'Appointment type',
};

export const itemNotFound = (kind: ContentKind) =>
  contentError('not_found', `${NOUN[kind]} not found`, 'NOT_FOUND');

export function evolveItem(kind: ContentKind, state: Folded<ItemState>, event: ItemEvent): Folded<ItemState> {
  switch (lifecycleOf(kind, event.type)) {
    case 'created': {
      const data = event.data as ContentItemCreated;
      return { status: 'active', accountId: data.accountId, domainId: data.domainId };
    }
    case 'deleted':
      return { ...state, status: 'deleted' };
    default:
      return state;
  }
}

/**
 * One product, help article or appointment type. It belongs to one account and one domain for its
 * whole life: another account's item is "not found", exactly like a missing one, and an item does
 * not move to another domain (delete and create it there instead).
 */
export function decideItem(kind: ContentKind, command: ItemCommand, state: ItemState): ItemEvent[] {
  const names = ContentEvent[kind];
  const at = command.now.toISOString();
  if (command.type === 'Create') {
    if (state.status !== 'none') throw contentError('conflict', `${NOUN[kind]} already exists`, 'EXISTS');
    return [
      {
        type: names.created,
        data: {
          accountId: command.accountId,
          domainId: command.domainId,
          body: command.body,
          createdBy: command.actorId,
          createdAt: at,
        },
      },
    ];
  }
  if (state.status !== 'active' || state.accountId !== command.accountId) throw itemNotFound(kind);
  if (command.type === 'Update') {
    if (command.domainId !== state.domainId) {
      throw contentError(
        'validation',
        `A ${NOUN[kind].toLowerCase()} cannot move to another domain`,
        'VALIDATION',
        [{ field: 'domainId', message: `A ${NOUN[kind].toLowerCase()} cannot move to another domain` }],
      );
    }
    return [{ type: names.updated, data: { body: command.body, updatedBy: command.actorId, updatedAt: at } }];
  }
  return [{ type: names.deleted, data: { deletedBy: command.actorId, deletedAt: at } }];
}

export const itemDecider = (kind: ContentKind): Decider<ItemCommand, ItemEvent, ItemState> => ({
  initialState: initialItemState,
  evolve: (state, event) => evolveItem(kind, state, event),
  decide: (command, state) => decideItem(kind, command, state),
});
