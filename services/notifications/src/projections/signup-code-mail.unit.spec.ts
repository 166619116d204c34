import type { RecordedEvent } from '@parley/eventstore';
import { IdentityEvent } from '@parley/contracts';
import { signupCodeMail } from './signup-code-mail';

const event = (data: unknown): RecordedEvent => ({
  type: IdentityEvent.SignupCodeIssued,
  data,
  subject: 'identity.signup.s1',
  sequence: 7,
  eventId: 'cmd-42:0',
  occurredAt: '2025-03-01T12:00:00.000Z',
  meta: {},
});

describe('signupCodeMail', () => {
  it('asks for the signup-code mail, keyed by the event id, the code still sealed', () => {
    expect(
      signupCodeMail(
        event({
          signupId: 's1',
          email: 'ann@example.com',
          fullname: 'Ann Smith',
          sealedCode: 'sealed.value.x',
          expiresAt: '2025-03-01T12:10:00.000Z',
        }),
      ),
    ).toEqual({
      id: 'cmd-42:0',
      template: 'signup-code',
      recipient: 'ann@example.com',
      data: { fullname: 'Ann Smith' },
      sealedSecrets: { code: 'sealed.value.x' },
      expiresAt: new Date('2025-03-01T12:10:00.000Z'),
    });
  });

  it('throws on a malformed event, naming it', () => {
    expect(() => signupCodeMail(event({ signupId: 's1' }))).toThrow(
      /malformed identity.SignupCodeIssued cmd-42:0: email/,
    );
    expect(() =>
      signupCodeMail(
        event({ signupId: 's1', email: 'a@b.c', fullname: 'A', sealedCode: 'x', expiresAt: 'soon' }),
      ),
    ).toThrow('expiresAt is not a date');
  });
});
