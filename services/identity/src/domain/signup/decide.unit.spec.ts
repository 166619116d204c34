import { deciderSpec } from '@parley/testing';
import { AppError } from '@parley/contracts';
import type { SignupCommand } from './commands';
import { signupDecider, verificationRefusal } from './decide';
import type { SignupEvent } from './events';
import { SignupEventType as T } from './events';
import { CODE_TTL_MS, MAX_CODE_ATTEMPTS, MAX_CODE_SENDS, RESEND_INTERVAL_MS } from './policy';

const T0 = Date.parse('2030-01-01T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const signupId = '6c1f4b8e-31b4-4a47-9f43-0d7a3ab1c001';
const spec = deciderSpec(signupDecider);

const started: SignupEvent = {
  type: T.Started,
  data: {
    signupId,
    email: 'ada@example.com',
    fullname: 'Ada Lovelace',
    passwordHash: '$argon2id$hash',
    selectedPlan: 'PRO',
    startedAt: iso(T0),
  },
};
const issued = (sendNumber: number, at: number, hash = `code-hash-${sendNumber}`): SignupEvent => ({
  type: T.CodeIssued,
  data: {
    signupId,
    email: 'ada@example.com',
    fullname: 'Ada Lovelace',
    sealedCode: `sealed-${sendNumber}`,
    expiresAt: iso(at + CODE_TTL_MS),
    issuedAt: iso(at),
    sendNumber,
    codeHash: hash,
  },
});
const rejected = (attempts: number, at = T0 + 1000): SignupEvent => ({
  type: T.CodeRejected,
  data: { signupId, attempts, rejectedAt: iso(at) },
});
const verified: SignupEvent = {
  type: T.Verified,
  data: { signupId, email: 'ada@example.com', verifiedAt: iso(T0 + 5000) },
};
const answers = { products: 'Handmade mugs', categories: 'Kitchen, gifts', targetAudience: 'Coffee lovers' };
const userId = '0b7a5d0e-6a7f-4a51-8d4c-5d0c7b9d9a11';
const onboarded: SignupEvent = {
  type: T.Onboarded,
  data: { signupId, userId, ...answers, onboardedAt: iso(T0 + 9000) },
};
const pending = [started, issued(1, T0)];

const start = (over: Partial<Extract<SignupCommand, { type: 'StartSignup' }>> = {}): SignupCommand => ({
  type: 'StartSignup',
  signupId,
  email: 'ada@example.com',
  fullname: 'Ada Lovelace',
  passwordHash: '$argon2id$hash',
  selectedPlan: 'PRO',
  code: { hash: 'code-hash-1', sealed: 'sealed-1' },
  now: T0,
  ...over,
});
const verify = (codeHash: string, now = T0 + 2000): SignupCommand => ({ type: 'VerifyCode', codeHash, now });
const resend = (now: number, n: number): SignupCommand => ({
  type: 'ResendCode',
  code: { hash: `code-hash-${n}`, sealed: `sealed-${n}` },
  now,
});
const complete = (now = T0 + 9000): SignupCommand => ({
  type: 'CompleteOnboarding',
  userId,
  ...answers,
  now,
});

describe('signup: StartSignup', () => {
  it('given nothing, starts the sign-up and issues the first code, valid 10 minutes', () => {
    spec
      .given([])
      .when(start())
      .then([started, issued(1, T0)]);
  });

  it('given the same sign-up already started (a retried request), records nothing', () => {
    spec
      .given(pending)
      .when(start({ now: T0 + 500 }))
      .then([]);
  });

  it('given the id already used for another email, refuses', () => {
    spec
      .given(pending)
      .when(start({ email: 'grace@example.com' }))
      .thenThrows('DUPLICATE_REQUEST');
  });
});

describe('signup: VerifyCode', () => {
  it('given a live code, the right code verifies the email', () => {
    spec
      .given(pending)
      .when(verify('code-hash-1'))
      .then([{ type: T.Verified, data: { signupId, email: 'ada@example.com', verifiedAt: iso(T0 + 2000) } }]);
  });

  it('given a live code, a wrong code is recorded as an attempt and answered INVALID_CODE on otp', () => {
    const state = spec
      .given(pending)
      .when(verify('wrong'))
      .then([rejected(1, T0 + 2000)]);
    const error = verificationRefusal([rejected(1)], state, T0 + 2000) as AppError;
    expect(error).toMatchObject({ kind: 'validation', code: 'INVALID_CODE' });
    expect(error.fields).toEqual([
      { field: 'otp', message: 'The verification code is incorrect. You have 4 attempts left.' },
    ]);
  });

  it('the fifth wrong code kills the code: TOO_MANY_ATTEMPTS', () => {
    const given = [...pending, rejected(1), rejected(2), rejected(3), rejected(4)];
    const state = spec
      .given(given)
      .when(verify('wrong'))
      .then([rejected(5, T0 + 2000)]);
    expect(verificationRefusal([rejected(5)], state, T0 + 2000)).toMatchObject({
      kind: 'rate_limited',
      code: 'TOO_MANY_ATTEMPTS',
      retryAfter: 58,
    });
  });

  it('given a dead code, even the right code is refused until a new one is sent', () => {
    const given = [...pending, ...[1, 2, 3, 4, 5].map((n) => rejected(n))];
    spec.given(given).when(verify('code-hash-1')).thenThrows('TOO_MANY_ATTEMPTS');
  });

  it('given a code older than 10 minutes, answers CODE_EXPIRED on otp', () => {
    const error = spec
      .given(pending)
      .when(verify('code-hash-1', T0 + CODE_TTL_MS))
      .thenThrows('CODE_EXPIRED') as AppError;
    expect(error.kind).toBe('validation');
    expect(error.fields[0]?.field).toBe('otp');
  });

  it('given a resent code, the earlier code no longer works and attempts start again', () => {
    const given = [...pending, rejected(1), rejected(2), issued(2, T0 + RESEND_INTERVAL_MS)];
    const state = spec
      .given(given)
      .when(verify('code-hash-1', T0 + RESEND_INTERVAL_MS + 1))
      .then([rejected(1, T0 + RESEND_INTERVAL_MS + 1)]);
    expect(state.code?.attempts).toBe(1);
    spec
      .given(given)
      .when(verify('code-hash-2', T0 + RESEND_INTERVAL_MS + 1))
      .then([
        {
          type: T.Verified,
          data: { signupId, email: 'ada@example.com', verifiedAt: iso(T0 + RESEND_INTERVAL_MS + 1) },
        },
      ]);
  });

  it('given an already verified sign-up, answers success again without recording anything', () => {
    spec
      .given([...pending, verified])
      .when(verify('anything'))
      .then([]);
  });

  it('given no sign-up, answers not found', () => {
    spec.given([]).when(verify('code-hash-1')).thenThrows('SIGNUP_NOT_FOUND');
  });

  it('given a superseded sign-up, refuses', () => {
    const superseded: SignupEvent = {
      type: T.Superseded,
      data: { signupId, supersededBy: 'other', supersededAt: iso(T0 + 1) },
    };
    spec
      .given([...pending, superseded])
      .when(verify('code-hash-1'))
      .thenThrows('SIGNUP_SUPERSEDED');
  });
});

describe('signup: ResendCode', () => {
  it('given the last code sent under 60 s ago, answers rate_limited with the seconds left', () => {
    const error = spec
      .given(pending)
      .when(resend(T0 + 15_000, 2))
      .thenThrows('RESEND_TOO_SOON') as AppError;
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfter: 45 });
  });

  it('after 60 s, issues a new code with a fresh 10-minute validity', () => {
    spec
      .given(pending)
      .when(resend(T0 + RESEND_INTERVAL_MS, 2))
      .then([issued(2, T0 + RESEND_INTERVAL_MS)]);
  });

  it('given five codes already sent, refuses for good', () => {
    const given = [started, ...[1, 2, 3, 4, 5].map((n) => issued(n, T0 + (n - 1) * RESEND_INTERVAL_MS))];
    expect(MAX_CODE_SENDS).toBe(5);
    spec
      .given(given)
      .when(resend(T0 + 10 * RESEND_INTERVAL_MS, 6))
      .thenThrows('TOO_MANY_CODES');
  });

  it('given a verified sign-up, refuses', () => {
    spec
      .given([...pending, verified])
      .when(resend(T0 + RESEND_INTERVAL_MS, 2))
      .thenThrows('ALREADY_VERIFIED');
  });

  it('given no sign-up, answers not found', () => {
    spec.given([]).when(resend(T0, 1)).thenThrows('not_found');
  });
});

describe('signup: CompleteOnboarding', () => {
  it('given an unverified sign-up, refuses', () => {
    spec.given(pending).when(complete()).thenThrows('EMAIL_NOT_VERIFIED');
  });

  it('given a verified sign-up, records the answers and fixes the user id', () => {
    spec
      .given([...pending, verified])
      .when(complete())
      .then([onboarded]);
  });

  it('given registration interrupted after the answers were recorded, records nothing (the caller resumes)', () => {
    const state = spec
      .given([...pending, verified, onboarded])
      .when(complete(T0 + 20_000))
      .then([]);
    expect(state).toMatchObject({ status: 'onboarded', userId });
  });

  it('given a completed sign-up, refuses: the person logs in instead', () => {
    const completed: SignupEvent = {
      type: T.Completed,
      data: { signupId, userId, completedAt: iso(T0 + 9500) },
    };
    spec
      .given([...pending, verified, onboarded, completed])
      .when(complete())
      .thenThrows('SIGNUP_COMPLETED');
  });

  it('given a sign-up rejected because the email was taken meanwhile, answers EMAIL_TAKEN', () => {
    const rejectedSignup: SignupEvent = {
      type: T.Rejected,
      data: { signupId, reason: 'EMAIL_TAKEN', rejectedAt: iso(T0 + 9500) },
    };
    spec
      .given([...pending, verified, onboarded, rejectedSignup])
      .when(complete())
      .thenThrows('EMAIL_TAKEN');
  });
});

describe('signup: registration bookkeeping', () => {
  it('MarkRegistered completes an onboarded sign-up once', () => {
    const state = spec
      .given([...pending, verified, onboarded])
      .when({ type: 'MarkRegistered', now: T0 + 10_000 })
      .then([{ type: T.Completed, data: { signupId, userId, completedAt: iso(T0 + 10_000) } }]);
    expect(state.status).toBe('completed');
  });

  it('MarkRegistered before onboarding refuses', () => {
    spec
      .given([...pending, verified])
      .when({ type: 'MarkRegistered', now: T0 })
      .thenThrows('precondition');
  });

  it('RejectSignup closes an onboarded sign-up with the reason, once', () => {
    const rejectedEvent: SignupEvent = {
      type: T.Rejected,
      data: { signupId, reason: 'EMAIL_TAKEN', rejectedAt: iso(T0 + 1) },
    };
    spec
      .given([...pending, verified, onboarded])
      .when({ type: 'RejectSignup', reason: 'EMAIL_TAKEN', now: T0 + 1 })
      .then([rejectedEvent]);
    spec
      .given([...pending, verified, onboarded, rejectedEvent])
      .when({ type: 'RejectSignup', reason: 'EMAIL_TAKEN', now: T0 + 2 })
      .then([]);
  });

  it('SupersedeSignup closes a pending or verified sign-up but leaves one already registering alone', () => {
    const cmd: SignupCommand = { type: 'SupersedeSignup', by: 'newer', now: T0 + 1 };
    spec
      .given(pending)
      .when(cmd)
      .then([{ type: T.Superseded, data: { signupId, supersededBy: 'newer', supersededAt: iso(T0 + 1) } }]);
    spec
      .given([...pending, verified, onboarded])
      .when(cmd)
      .then([]);
  });

  it('MAX_CODE_ATTEMPTS is five', () => {
    expect(MAX_CODE_ATTEMPTS).toBe(5);
  });
});
