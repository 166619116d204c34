import { applicationReceivedTemplate } from '../../mail/templates/application-received';
import { applicationNotifications, applicationOf } from './application';

const data = {
  applicationId: 'app-1',
  jobId: 'job-1',
  jobTitle: 'Support <engineer>',
  name: 'Grace',
  email: 'grace@example.com',
  links: [],
  coverLetter: '',
  cv: { fileId: 'f', filename: 'cv.pdf', size: 1, sha256: 'x' },
  submittedAt: '2026-03-01T10:00:00.000Z',
};
const event = { eventId: 'e1:0', occurredAt: '2026-03-01T10:00:01.000Z', data };

describe('job application notifications', () => {
  it('tells each admin once, in their own account', () => {
    expect(applicationNotifications(event, applicationOf(event), ['a1', 'a2'])).toEqual([
      {
        sourceEventId: 'e1:0:a1',
        accountId: 'a1',
        userId: 'a1',
        type: 'APPLICATION',
        message: 'Grace applied for Support <engineer>',
        domainId: null,
        roomId: null,
        createdAt: new Date(data.submittedAt),
      },
      expect.objectContaining({ sourceEventId: 'e1:0:a2', userId: 'a2' }),
    ]);
  });

  it('parks an event that breaks the contract', () => {
    expect(() => applicationOf({ ...event, data: { name: 'x' } })).toThrow('does not match its contract');
  });

  it('confirms to the applicant, escaping what they wrote', () => {
    const mail = applicationReceivedTemplate.render({
      data: { name: 'Grace', jobTitle: 'Support <engineer>', careersUrl: 'https://parley.example/careers' },
      secrets: {},
    } as never);
    expect(mail.subject).toBe('We received your application for Support <engineer>');
    expect(mail.text).toContain('Thank you for applying for Support <engineer> at Parley.');
    expect(mail.html).toContain('Support &lt;engineer&gt;');
    expect(mail.html).not.toContain('<engineer>');
  });
});
