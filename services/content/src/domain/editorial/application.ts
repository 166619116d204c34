import { createHash } from 'node:crypto';
import { EditorialEvent, type JobApplicationSubmitted, contentError } from '@parley/contracts';
import type { ApplicationStatus } from '@parley/contracts/validation';
import type { Decider, DomainEvent } from '@parley/eventstore';

export type ApplicationCommand =
  | { type: 'Submit'; application: Omit<JobApplicationSubmitted, 'submittedAt'>; now: Date }
  | { type: 'ChangeStatus'; status: ApplicationStatus; actorId: string; now: Date }
  | { type: 'AddNote'; noteId: string; text: string; actorId: string; authorName: string; now: Date };

export type ApplicationEvent = DomainEvent<string, Record<string, unknown>>;

export interface ApplicationState {
  submitted: boolean;
  status: ApplicationStatus;
}

export const ALREADY_APPLIED_MESSAGE = 'You have already applied for this position with this email address';

export const applicationNotFound = () => contentError('not_found', 'Application not found', 'NOT_FOUND');

/**
 * The application id of an address for a job: one application per person and listing, so a form
 * sent twice (a double click, a retry after a timeout) is one application, race-free.
 */
export function applicationIdOf(jobId: string, email: string): string {
  const hex = createHash('sha256').update(`${jobId}:${email.toLowerCase()}`).digest('hex');
  // Shaped as a uuid (version nibble 5, like a name-based one) so ids look alike everywhere.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * One application: submitted once, then reviewed by admins (status new, reviewing, rejected,
 * hired, in any order: a decision can be revisited) with notes kept in order.
 */
export const applicationDecider: Decider<ApplicationCommand, ApplicationEvent, ApplicationState> = {
  initialState: { submitted: false, status: 'new' },
  evolve(state, event) {
    if (event.type === EditorialEvent.ApplicationSubmitted) return { submitted: true, status: 'new' };
    if (event.type === EditorialEvent.ApplicationStatusChanged)
      return { ...state, status: event.data.status as ApplicationStatus };
    return state;
  },
  decide(command, state) {
    const at = command.now.toISOString();
    if (command.type === 'Submit') {
      if (state.submitted)
        throw contentError('conflict', ALREADY_APPLIED_MESSAGE, 'ALREADY_APPLIED', [
          { field: 'email', message: ALREADY_APPLIED_MESSAGE },
        ]);
      return [
        { type: EditorialEvent.ApplicationSubmitted, data: { ...command.application, submittedAt: at } },
      ];
    }
    if (!state.submitted) throw applicationNotFound();
    if (command.type === 'ChangeStatus') {
      if (command.status === state.status) return [];
      return [
        {
          type: EditorialEvent.ApplicationStatusChanged,
          data: { status: command.status, previousStatus: state.status, changedBy: command.actorId, at },
        },
      ];
    }
    return [
      {
        type: EditorialEvent.ApplicationNoteAdded,
        data: {
          noteId: command.noteId,
          text: command.text,
          authorId: command.actorId,
          authorName: command.authorName,
          at,
        },
      },
    ];
  },
};
