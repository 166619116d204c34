import { EditorialEvent } from '@parley/contracts';
import { deciderSpec } from '@parley/testing';
import { applicationDecider, applicationIdOf, type ApplicationEvent } from './application';

const now = new Date('2026-03-01T10:00:00.000Z');
const at = now.toISOString();
const application = {
  applicationId: 'app-1',
  jobId: 'job-1',
  jobTitle: 'Support engineer',
  name: 'Grace',
  email: 'grace@example.com',
  links: ['https://example.com/grace'],
  coverLetter: 'Hello',
  cv: { fileId: 'f1', filename: 'grace.pdf', size: 1000, sha256: 'x' },
};
const submitted: ApplicationEvent = {
  type: EditorialEvent.ApplicationSubmitted,
  data: { ...application, submittedAt: at },
};

describe('job application decider', () => {
  const spec = deciderSpec(applicationDecider);

  it('takes one application per person and listing', () => {
    spec.given([]).when({ type: 'Submit', application, now }).then([submitted]);
    spec.given([submitted]).when({ type: 'Submit', application, now }).thenThrows('ALREADY_APPLIED');
    expect(applicationIdOf('job-1', 'Grace@Example.com')).toBe(applicationIdOf('job-1', 'grace@example.com'));
    expect(applicationIdOf('job-2', 'grace@example.com')).not.toBe(
      applicationIdOf('job-1', 'grace@example.com'),
    );
    expect(applicationIdOf('job-1', 'a@b.co')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('moves between statuses, recording nothing for the same one', () => {
    const state = spec
      .given([submitted])
      .when({ type: 'ChangeStatus', status: 'reviewing', actorId: 'a1', now })
      .then([
        {
          type: EditorialEvent.ApplicationStatusChanged,
          data: { status: 'reviewing', previousStatus: 'new', changedBy: 'a1', at },
        },
      ]);
    expect(state.status).toBe('reviewing');
    spec.given([submitted]).when({ type: 'ChangeStatus', status: 'new', actorId: 'a1', now }).then([]);
  });

  it('keeps notes with their author', () => {
    spec
      .given([submitted])
      .when({ type: 'AddNote', noteId: 'n1', text: 'Strong', actorId: 'a1', authorName: 'Ada', now })
      .then([
        {
          type: EditorialEvent.ApplicationNoteAdded,
          data: { noteId: 'n1', text: 'Strong', authorId: 'a1', authorName: 'Ada', at },
        },
      ]);
    spec
      .given([])
      .when({ type: 'AddNote', noteId: 'n1', text: 'x', actorId: 'a1', authorName: 'Ada', now })
      .thenThrows('Application not found');
  });
});
