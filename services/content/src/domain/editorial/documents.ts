import { contentError } from '@parley/contracts';
import type { Decider, DomainEvent } from '@parley/eventstore';

/**
 * Tags and categories: a named document with a slug (the name's), created, changed and deleted
 * by admins. The events carry the whole document, so a reader needs nothing else.
 */
export interface DocumentNames {
  created: string;
  updated: string;
  deleted: string;
  /** 'Tag', 'Category': the refusals' wording. */
  noun: string;
}

export type DocumentBody = Record<string, unknown> & { slug: string };

export type DocumentCommand =
  | { type: 'Create'; body: DocumentBody; actorId: string; now: Date }
  | { type: 'Update'; body: DocumentBody; actorId: string; now: Date }
  | { type: 'Delete'; actorId: string; now: Date };

export type DocumentEvent = DomainEvent<string, Record<string, unknown>>;

export interface DocumentState {
  status: 'none' | 'active' | 'deleted';
  body: DocumentBody | null;
}

export const documentNotFound = (noun: string) => contentError('not_found', `${noun} not found`, 'NOT_FOUND');

const sameBody = (a: DocumentBody | null, b: DocumentBody) => JSON.stringify(a) === JSON.stringify(b);

export function documentDecider(
  names: DocumentNames,
): Decider<DocumentCommand, DocumentEvent, DocumentState> {
  return {
    initialState: { status: 'none', body: null },
    evolve(state, event) {
      if (event.type === names.created || event.type === names.updated) {
        const { body } = event.data as { body: DocumentBody };
        return { status: 'active', body };
      }
      if (event.type === names.deleted) return { ...state, status: 'deleted' };
      return state;
    },
    decide(command, state) {
      const at = command.now.toISOString();
      if (command.type === 'Create') {
        if (state.status !== 'none') throw contentError('conflict', `${names.noun} already exists`, 'EXISTS');
        return [
          { type: names.created, data: { body: command.body, createdBy: command.actorId, createdAt: at } },
        ];
      }
      if (state.status !== 'active') throw documentNotFound(names.noun);
      if (command.type === 'Update') {
        if (sameBody(state.body, command.body)) return [];
        return [
          { type: names.updated, data: { body: command.body, updatedBy: command.actorId, updatedAt: at } },
        ];
      }
      return [{ type: names.deleted, data: { deletedBy: command.actorId, deletedAt: at } }];
    },
  };
}
