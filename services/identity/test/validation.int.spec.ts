import {
  details,
  failure,
  identityForSpec,
  signUp,
  uniqueEmail,
  type RunningIdentity,
  type Ticket,
  type TestWorld,
} from './harness';

let world: TestWorld;
let identity: RunningIdentity;
identityForSpec((started) => ({ world, identity } = started));

/** The spec's messages (section 5), verbatim, and the field each one lands on. */
const signupCases: Array<[string, Record<string, string>, string, string]> = [
  [
    'full name under 4 characters',
    { fullname: 'Ada' },
    'fullname',
    'your full name must be atleast 4 characters long',
  ],
  ['malformed email', { email: 'ada@', confirmEmail: 'ada@' }, 'email', 'Incorrect email format'],
  ['emails that differ', { confirmEmail: 'other@example.com' }, 'confirmEmail', 'Your emails not match'],
  [
    'password under 8 characters',
    { password: 'Ab_1', confirmPassword: 'Ab_1' },
    'password',
    'Your password must be atleast 8 characters long',
  ],
  [
    'password over 64 characters',
    { password: 'a'.repeat(65), confirmPassword: 'a'.repeat(65) },
    'password',
    'Your password can not be longer then 64 characters long',
  ],
  [
    'password with other characters',
    { password: 'secret pass!', confirmPassword: 'secret pass!' },
    'password',
    'password should contain only alphabets and numbers',
  ],
  [
    'passwords that differ',
    { confirmPassword: 'Secret_pass-2' },
    'confirmPassword',
    'passwords do not match',
  ],
];

describe('sign-up details', () => {
  it.each(signupCases)('%s', async (_name, override, field, message) => {
    const error = await failure(
      identity.call('startSignup', details(uniqueEmail(), 'Secret_pass-1', override)),
    );
    expect(error).toMatchObject({ kind: 'validation', message });
    expect(error.fields[0]).toEqual({ field, message });
  });

  it('lists every field in form order, the first one as the message', async () => {
    const error = await failure(
      identity.call('startSignup', {
        fullname: '',
        email: 'x',
        confirmEmail: '',
        password: '',
        confirmPassword: '',
      }),
    );
    expect(error.message).toBe('your full name must be atleast 4 characters long');
    expect(error.fields.map((f) => f.field)).toEqual(['fullname', 'email', 'confirmEmail', 'password']);
  });
});

describe('verification code and onboarding', () => {
  let ticket: Ticket;
  beforeAll(async () => {
    ticket = await identity.call<Ticket>('startSignup', details(uniqueEmail()));
  });

  it.each([[''], ['123'], ['12345a']])('otp %j: Please enter the complete verification code', async (otp) => {
    const error = await failure(identity.call('verifySignupCode', { signupId: ticket.signupId, otp }));
    expect(error).toMatchObject({
      kind: 'validation',
      message: 'Please enter the complete verification code',
    });
    expect(error.fields).toEqual([{ field: 'otp', message: 'Please enter the complete verification code' }]);
  });

  it.each([
    ['products', 'Please describe your products/services'],
    ['categories', 'Please describe your product categories'],
    ['targetAudience', 'Please describe your target audience'],
  ])('onboarding without %s', async (field, message) => {
    const answers = {
      products: 'Mugs',
      categories: 'Kitchen',
      targetAudience: 'Coffee lovers',
      [field]: '   ',
    };
    const error = await failure(
      identity.call('completeOnboarding', { signupId: ticket.signupId, ...answers }),
    );
    expect(error).toMatchObject({ kind: 'validation', message });
    expect(error.fields).toEqual([{ field, message }]);
  });
});

describe('log-in and profile', () => {
  it('log-in with a malformed email: You did not enter a valid email', async () => {
    const error = await failure(identity.call('login', { email: 'nobody', password: 'Secret_pass-1' }));
    expect(error).toMatchObject({ kind: 'validation', message: 'You did not enter a valid email' });
    expect(error.fields).toEqual([{ field: 'email', message: 'You did not enter a valid email' }]);
  });

  it('log-in with a short password', async () => {
    const error = await failure(identity.call('login', { email: uniqueEmail(), password: 'short' }));
    expect(error.fields).toEqual([
      { field: 'password', message: 'Your password must be atleast 8 characters long' },
    ]);
  });

  it('a new name under 4 characters', async () => {
    const { session } = await signUp(world, identity);
    const error = await failure(identity.call('changeName', { userId: session.user.id, fullname: 'Al' }));
    expect(error.fields).toEqual([
      { field: 'fullname', message: 'your full name must be atleast 4 characters long' },
    ]);
  });

  it('a new password that breaks the rules, or does not match its confirmation', async () => {
    const { session, password } = await signUp(world, identity);
    const short = await failure(
      identity.call('changePassword', {
        userId: session.user.id,
        currentPassword: password,
        password: 'abc',
        confirmPassword: 'abc',
      }),
    );
    expect(short.fields[0]).toEqual({
      field: 'password',
      message: 'Your password must be atleast 8 characters long',
    });
    const mismatch = await failure(
      identity.call('changePassword', {
        userId: session.user.id,
        currentPassword: password,
        password: 'New_pass-22',
        confirmPassword: 'New_pass-23',
      }),
    );
    expect(mismatch.fields).toEqual([{ field: 'confirmPassword', message: 'passwords do not match' }]);
  });
});
