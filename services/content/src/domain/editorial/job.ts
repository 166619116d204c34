import { EditorialEvent, contentError } from '@parley/contracts';
import type { JobStatus, JobType } from '@parley/contracts/validation';
import type { Decider, DomainEvent } from '@parley/eventstore';

/** A listing as it is kept: the schema's fields without the status, the description sanitised. */
export interface JobContent {
  title: string;
  team: string;
  location: string;
  type: JobType;
  description: string;
}

export type JobCommand =
  | { type: 'Create'; content: JobContent; status: JobStatus; actorId: string; now: Date }
  | { type: 'Update'; content: JobContent; status: JobStatus; actorId: string; now: Date }
  | { type: 'Delete'; actorId: string; now: Date };

export type JobEvent = DomainEvent<string, Record<string, unknown>>;

export interface JobState {
  status: 'none' | JobStatus | 'deleted';
  content: JobContent | null;
}

export const jobNotFound = () => contentError('not_found', 'Job listing not found', 'NOT_FOUND');

function statusEvents(from: JobState['status'], to: JobStatus, actorId: string, at: string): JobEvent[] {
  if (from === to) return [];
  return [
    {
      type: to === 'open' ? EditorialEvent.JobOpened : EditorialEvent.JobClosed,
      data: { by: actorId, at },
    },
  ];
}

/**
 * One job listing: open (on /careers, taking applications) or closed, edited, deleted. A listing
 * starts open unless created closed.
 */
export const jobDecider: Decider<JobCommand, JobEvent, JobState> = {
  initialState: { status: 'none', content: null },
  evolve(state, event) {
    switch (event.type) {
      case EditorialEvent.JobCreated:
        return { status: 'open', content: event.data.content as JobContent };
      case EditorialEvent.JobUpdated:
        return { ...state, content: event.data.content as JobContent };
      case EditorialEvent.JobOpened:
        return { ...state, status: 'open' };
      case EditorialEvent.JobClosed:
        return { ...state, status: 'closed' };
      case EditorialEvent.JobDeleted:
        return { ...state, status: 'deleted' };
      default:
        return state;
    }
  },
  decide(command, state) {
    const at = command.now.toISOString();
    if (command.type === 'Create') {
      if (state.status !== 'none') throw contentError('conflict', 'Job listing already exists', 'EXISTS');
      return [
        {
          type: EditorialEvent.JobCreated,
          data: { content: command.content, createdBy: command.actorId, createdAt: at },
        },
        ...statusEvents('open', command.status, command.actorId, at),
      ];
    }
    if (state.status === 'none' || state.status === 'deleted') throw jobNotFound();
    if (command.type === 'Delete')
      return [{ type: EditorialEvent.JobDeleted, data: { deletedBy: command.actorId, deletedAt: at } }];
    const updated: JobEvent[] =
      JSON.stringify(state.content) !== JSON.stringify(command.content)
        ? [
            {
              type: EditorialEvent.JobUpdated,
              data: { content: command.content, updatedBy: command.actorId, updatedAt: at },
            },
          ]
        : [];
    return [...updated, ...statusEvents(state.status, command.status, command.actorId, at)];
  },
};
