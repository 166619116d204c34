// Spec section 5 in the browser: every Signup and Login rule shows its exact message under its
// field, one case per rule, and the server's refusals show clearly.
import type { Page } from 'playwright-core';
import { LOGIN_MESSAGES, SIGNUP_MESSAGES } from '@parley/contracts/validation';
import {
  clearCode,
  continueSignup,
  enterCode,
  expectFieldError,
  expectShownErrors,
  fieldErrors,
  fillSignupDetails,
  goodSignupDetails,
  submitSignupDetails,
  useBrowser,
  verificationCode,
  waitForMail,
  type SignupDetails,
} from './support/browser';

const { browserTest, journey } = useBrowser();

/** Exactly one field shows an error, and it is `label` with `message`. */
async function expectOnlyError(page: Page, label: string, message: string): Promise<void> {
  await expectFieldError(page, label, message);
  await expectShownErrors(page, [message]);
}

async function submitDetailsWith(page: Page, url: string, change: Partial<SignupDetails>): Promise<void> {
  await page.goto(url);
  await fillSignupDetails(page, { ...goodSignupDetails('rule'), ...change });
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function submitLoginWith(page: Page, url: string, email: string, password: string): Promise<void> {
  await page.goto(url);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

describe('sign-up rules, step 1 (details)', () => {
  const cases: [string, Partial<SignupDetails>, string, string][] = [
    ['full name shorter than 4 characters', { fullname: 'Ann' }, 'Full name', SIGNUP_MESSAGES.fullnameMin],
    [
      'email that is not an address',
      { email: 'jane@nowhere', confirmEmail: 'jane@nowhere' },
      'Email',
      SIGNUP_MESSAGES.emailFormat,
    ],
    [
      'confirm email that differs',
      { confirmEmail: 'someone.else@example.com' },
      'Confirm Email',
      SIGNUP_MESSAGES.emailsMismatch,
    ],
    [
      'password shorter than 8',
      { password: 'abc123', confirmPassword: 'abc123' },
      'Password',
      SIGNUP_MESSAGES.passwordMin,
    ],
    [
      'password longer than 64',
      { password: 'a'.repeat(65), confirmPassword: 'a'.repeat(65) },
      'Password',
      SIGNUP_MESSAGES.passwordMax,
    ],
    [
      'password with other characters',
      { password: 'hello world!', confirmPassword: 'hello world!' },
      'Password',
      SIGNUP_MESSAGES.passwordChars,
    ],
    [
      'confirm password that differs',
      { confirmPassword: 'different_42' },
      'Confirm Password',
      SIGNUP_MESSAGES.passwordsMismatch,
    ],
  ];
  for (const [rule, change, label, message] of cases) {
    browserTest(`${rule}: "${message}"`, async (t) => {
      await submitDetailsWith(t.page, t.url('/auth/sign-up'), change);
      await expectOnlyError(t.page, label, message);
      // The browser never asked the server: the form stays on step 1.
      expect(await t.page.getByTestId('signup-step-details').isVisible()).toBe(true);
    });
  }
});

describe('sign-up rules, step 2 (code) and step 3 (onboarding)', () => {
  const details = goodSignupDetails('steps');
  const flow = journey(
    async (t) => {
      await t.page.goto(t.url('/auth/sign-up'));
      await fillSignupDetails(t.page, details);
      await submitSignupDetails(t.page);
    },
    { timeoutMs: 120_000 },
  );

  flow.step(`an incomplete code: "${SIGNUP_MESSAGES.otpMin}"`, async ({ page }) => {
    await enterCode(page, '123');
    await page.getByRole('button', { name: 'Verify email' }).click();
    await expectOnlyError(page, 'Verification code', SIGNUP_MESSAGES.otpMin);
  });

  flow.step('a wrong code is refused by the server under the code field', async ({ page, env }) => {
    const code = verificationCode(await waitForMail(env, details.email));
    const wrong = code === '000000' ? '111111' : '000000';
    await clearCode(page);
    await enterCode(page, wrong);
    await page.getByRole('button', { name: 'Verify email' }).click();
    const error = fieldErrors(page, 'Verification code').filter({ hasNotText: SIGNUP_MESSAGES.otpMin });
    await error.waitFor();
    expect((await error.textContent())?.trim()).toMatch(/\S/);
    expect(await page.getByTestId('signup-step-code').isVisible()).toBe(true);
  });

  flow.step('the right code moves on to onboarding', async ({ page, env }) => {
    const code = verificationCode(await waitForMail(env, details.email));
    await clearCode(page);
    await enterCode(page, code);
    await page.getByRole('button', { name: 'Verify email' }).click();
    await page.getByTestId('signup-step-onboarding').waitFor();
  });

  const onboarding: [string, string, string][] = [
    ['products/services left empty', 'What products or services do you offer?', SIGNUP_MESSAGES.products],
    ['product categories left empty', 'Which product categories do you have?', SIGNUP_MESSAGES.categories],
    ['target audience left empty', 'Who are your customers?', SIGNUP_MESSAGES.targetAudience],
  ];
  for (const [rule, emptyLabel, message] of onboarding) {
    flow.step(`${rule}: "${message}"`, async ({ page }) => {
      for (const [, label] of onboarding) {
        await page.getByLabel(label).fill(label === emptyLabel ? '   ' : 'Outdoor clothing');
      }
      await page.getByRole('button', { name: 'Finish and open my dashboard' }).click();
      await expectOnlyError(page, emptyLabel, message);
      expect(new URL(page.url()).pathname).toBe('/auth/sign-up');
    });
  }
});

describe('log-in rules', () => {
  const cases: [string, string, string, string, string][] = [
    ['an email that is not an address', 'jane@nowhere', 'correct-horse_42', 'Email', LOGIN_MESSAGES.email],
    ['a password shorter than 8', 'jane@example.com', 'short', 'Password', LOGIN_MESSAGES.passwordMin],
    ['a password longer than 64', 'jane@example.com', 'b'.repeat(65), 'Password', LOGIN_MESSAGES.passwordMax],
  ];
  for (const [rule, email, password, label, message] of cases) {
    browserTest(`${rule}: "${message}"`, async (t) => {
      await submitLoginWith(t.page, t.url('/auth/sign-in'), email, password);
      await expectOnlyError(t.page, label, message);
      expect(new URL(t.page.url()).pathname).toBe('/auth/sign-in');
    });
  }
});

describe('refusals from the server', () => {
  browserTest('a wrong password shows "Invalid email or password"', async (t) => {
    await submitLoginWith(t.page, t.url('/auth/sign-in'), t.env.adminEmail, 'not-the-password-1');
    const alert = t.page.getByTestId('form-error');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Invalid email or password');
    expect(new URL(t.page.url()).pathname).toBe('/auth/sign-in');
  });

  browserTest('an email that already has an account is refused under the email field', async (t) => {
    await t.page.goto(t.url('/auth/sign-up'));
    await fillSignupDetails(t.page, {
      ...goodSignupDetails('taken'),
      email: t.env.adminEmail,
      confirmEmail: t.env.adminEmail,
    });
    const refusal = await continueSignup(t.page);
    expect(refusal).toContain('An account with this email already exists');
    await expectFieldError(t.page, 'Email', 'An account with this email already exists');
    await t.page.getByRole('link', { name: 'Log in instead' }).waitFor();
  });
});
