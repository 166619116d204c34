import type { RecordedEvent } from '@parley/eventstore';
import { IdentityEvent } from '@parley/contracts';
import { teamInviteTemplate } from '../mail/templates/team-invite';
import { teamInviteMail } from './team-invite-mail';

const event = (data: unknown): RecordedEvent => ({
  type: IdentityEvent.TeamInviteIssued,
  data,
  subject: 'identity.invite.i1',
  sequence: 9,
  eventId: 'cmd-7:0',
  occurredAt: '2025-03-01T12:00:00.000Z',
  meta: {},
});

const issued = {
  inviteId: 'i1',
  accountId: 'a1',
  email: 'bob@example.com',
  invitedBy: 'a1',
  inviterName: 'Ada <Lovelace>',
  sealedToken: 'sealed.token.x',
  expiresAt: '2025-03-08T12:00:00.000Z',
  issuedAt: '2025-03-01T12:00:00.000Z',
};

describe('teamInviteMail', () => {
  it('asks for the team-invite mail to the invited address, keyed by the event id, the token still sealed', () => {
    expect(teamInviteMail(event(issued), 'https://app.example.com')).toEqual({
      id: 'cmd-7:0',
      template: 'team-invite',
      recipient: 'bob@example.com',
      data: { inviterName: 'Ada <Lovelace>', acceptUrl: 'https://app.example.com/auth/accept-invite' },
      sealedSecrets: { token: 'sealed.token.x' },
      expiresAt: new Date('2025-03-08T12:00:00.000Z'),
    });
  });

  it('throws on a malformed event, naming it', () => {
    expect(() => teamInviteMail(event({ inviteId: 'i1' }), 'https://x.test')).toThrow(
      /malformed identity.TeamInviteIssued cmd-7:0: accountId/,
    );
    expect(() => teamInviteMail(event({ ...issued, expiresAt: 'soon' }), 'https://x.test')).toThrow(
      'expiresAt is not a date',
    );
  });
});

describe('team-invite template', () => {
  const render = () =>
    teamInviteTemplate.render({
      data: { inviterName: 'Ada <Lovelace>', acceptUrl: 'https://app.example.com/auth/accept-invite' },
      secrets: { token: 'abc.d+e/f' },
      now: new Date(),
      expiresAt: null,
    });

  it('links to the accept page with the token, escaped in HTML', () => {
    const mail = render();
    expect(mail.subject).toBe('Ada <Lovelace> invited you to their Parley team');
    expect(mail.text).toContain('https://app.example.com/auth/accept-invite?token=abc.d%2Be%2Ff');
    expect(mail.text).toContain('expires in 7 days');
    expect(mail.html).toContain('href="https://app.example.com/auth/accept-invite?token=abc.d%2Be%2Ff"');
    expect(mail.html).toContain('Ada &lt;Lovelace&gt;');
    expect(mail.html).not.toContain('Ada <Lovelace>');
  });
});
