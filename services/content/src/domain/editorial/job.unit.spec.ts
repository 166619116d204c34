import { EditorialEvent } from '@parley/contracts';
import { deciderSpec } from '@parley/testing';
import { jobDecider, type JobContent, type JobEvent } from './job';

const now = new Date('2026-03-01T10:00:00.000Z');
const at = now.toISOString();
const content: JobContent = {
  title: 'Support engineer',
  team: 'Support',
  location: 'Remote',
  type: 'full-time',
  description: '<p>Help people</p>',
};
const created: JobEvent = {
  type: EditorialEvent.JobCreated,
  data: { content, createdBy: 'a1', createdAt: at },
};
const closed: JobEvent = { type: EditorialEvent.JobClosed, data: { by: 'a1', at } };

describe('job listing decider', () => {
  const spec = deciderSpec(jobDecider);

  it('opens a listing, or creates it closed', () => {
    expect(
      spec.given([]).when({ type: 'Create', content, status: 'open', actorId: 'a1', now }).then([created])
        .status,
    ).toBe('open');
    spec
      .given([])
      .when({ type: 'Create', content, status: 'closed', actorId: 'a1', now })
      .then([created, closed]);
  });

  it('closes and reopens; an unchanged listing records nothing', () => {
    const update = (status: 'open' | 'closed', over: Partial<JobContent> = {}) =>
      ({ type: 'Update', content: { ...content, ...over }, status, actorId: 'a1', now }) as const;
    spec.given([created]).when(update('open')).then([]);
    spec.given([created]).when(update('closed')).then([closed]);
    spec
      .given([created, closed])
      .when(update('open', { location: 'Berlin' }))
      .then([
        {
          type: EditorialEvent.JobUpdated,
          data: { content: { ...content, location: 'Berlin' }, updatedBy: 'a1', updatedAt: at },
        },
        { type: EditorialEvent.JobOpened, data: { by: 'a1', at } },
      ]);
  });

  it('answers a missing or deleted listing as not found', () => {
    const deleted: JobEvent = { type: EditorialEvent.JobDeleted, data: { deletedBy: 'a1', deletedAt: at } };
    spec.given([created]).when({ type: 'Delete', actorId: 'a1', now }).then([deleted]);
    spec
      .given([created, deleted])
      .when({ type: 'Delete', actorId: 'a1', now })
      .thenThrows('Job listing not found');
  });
});
