// The whole way in, in a real browser against the running product: sign up with the emailed
// code, onboarding, the dashboard, log out, log back in.
import type { Page } from 'playwright-core';
import {
  closeContext,
  enterCode,
  fillSignupDetails,
  goodSignupDetails,
  logInThroughUi,
  submitSignupDetails,
  useBrowser,
  verificationCode,
  waitForMail,
  waitForPath,
} from './support/browser';
import { signUpOwner } from './support/owner';

const { browserTest } = useBrowser();

describe('sign-up and log-in in the browser', () => {
  browserTest(
    'a new owner signs up with the emailed code, finishes onboarding, lands on the dashboard, logs out and logs in again',
    async (t) => {
      const { page } = t;
      const details = goodSignupDetails('flow');

      await page.goto(t.url('/auth/sign-up?plan=PRO'));
      expect(await page.getByTestId('selected-plan').getAttribute('data-plan')).toBe('PRO');
      await fillSignupDetails(page, details);
      await submitSignupDetails(page);
      expect((await page.getByTestId('code-email').textContent())?.trim()).toBe(details.email);
      // A fresh code cannot be re-sent straight away: the button counts down.
      const resend = page.getByTestId('resend-code');
      expect(await resend.isDisabled()).toBe(true);
      expect(await resend.textContent()).toMatch(/^Resend code in \d+:\d\d$/);

      const code = verificationCode(await waitForMail(t.env, details.email));
      await enterCode(page, code);
      await page.getByRole('button', { name: 'Verify email' }).click();
      await page.getByTestId('signup-step-onboarding').waitFor();
      expect(await page.getByTestId('selected-plan').getAttribute('data-plan')).toBe('PRO');

      await page
        .getByLabel('What products or services do you offer?')
        .fill('Handmade ceramic mugs and plates');
      await page.getByLabel('Which product categories do you have?').fill('Mugs, plates, gift sets');
      await page.getByLabel('Who are your customers?').fill('Coffee lovers and small cafés');
      await page.getByRole('button', { name: 'Finish and open my dashboard' }).click();

      await waitForPath(page, (p) => p === '/dashboard');
      await page.getByRole('heading', { name: 'Welcome, Jane' }).waitFor();
      expect((await page.getByTestId('account-email').textContent())?.trim()).toBe(details.email);
      await page.getByTestId('plan-name').waitFor();
      // An owner sees the workspace, not the admin entries.
      const sidebar = page.getByTestId('sidebar');
      await sidebar.getByRole('link', { name: 'Conversation' }).waitFor();
      expect(await sidebar.getByRole('link', { name: 'Admin Overview' }).count()).toBe(0);

      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await waitForPath(page, (p) => p === '/auth/sign-in');
      const cookies = await t.context.cookies();
      // Signed out: only the theme and the device cookie (this browser logged in before) stay.
      expect(
        cookies
          .filter((c) => c.name.startsWith('parley_'))
          .map((c) => c.name)
          .sort(),
      ).toEqual(['parley_device']);

      // Signed out for real: the dashboard sends us back to sign-in.
      await page.goto(t.url('/dashboard'));
      await waitForPath(page, (p) => p.startsWith('/auth/sign-in'));

      await logInThroughUi(t, details.email, details.password);
      await page.getByRole('heading', { name: 'Welcome, Jane' }).waitFor();
    },
    { timeoutMs: 120_000 },
  );

  browserTest('sign-up step 1 keeps the fields of screen 7 in their order', async (t) => {
    await t.page.goto(t.url('/auth/sign-up'));
    const labels = await t.page.locator('form .ant-form-item-label label').allTextContents();
    expect(labels).toEqual(['Full name', 'Email', 'Confirm Email', 'Password', 'Confirm Password']);
  });

  browserTest(
    "five wrong passwords throttle the guesser's browser, never the owner's known one (every browser here shares one IP)",
    async (t) => {
      // The owner signed up in this browser, which keeps the device cookie after logging out.
      const owner = await signUpOwner(t, 'lockout');
      await t.page.request.post(t.url('/api/auth/logout'), {
        headers: { origin: new URL(t.env.frontendUrl).origin },
      });
      expect((await t.context.cookies()).map((c) => c.name)).toContain('parley_device');

      /**
       * Submits the sign-in form; returns the refusal shown, or null once the dashboard opens. The
       * gateway's own limit of log-in requests per IP (10 a minute) is shared by every browser of
       * the run and is not what this test is about: its refusal is waited out and the form sent again.
       */
      const signIn = async (page: Page, password: string): Promise<string | null> => {
        for (let attempt = 1; ; attempt++) {
          await page.goto(t.url('/auth/sign-in'));
          await page.getByLabel('Email', { exact: true }).fill(owner.email);
          await page.getByLabel('Password', { exact: true }).fill(password);
          await page.getByRole('button', { name: 'Log In' }).click();
          const refusal = page.getByTestId('form-error');
          await refusal.or(page.getByTestId('sidebar')).first().waitFor();
          if (!(await refusal.isVisible())) return null;
          const text = (await refusal.textContent()) ?? '';
          const gatewayLimit =
            /^Too many attempts\..*Try again in (?:(\d+) minutes? ?)?(?:(\d+) seconds?)?/.exec(text);
          if (!gatewayLimit || attempt >= 4) return text;
          const seconds = Number(gatewayLimit[1] ?? 0) * 60 + Number(gatewayLimit[2] ?? 0);
          await page.waitForTimeout((seconds + 1) * 1000);
        }
      };
      const guesserContext = await t.context.browser()!.newContext();
      try {
        const guesser = await guesserContext.newPage();
        for (let i = 0; i < 5; i++) {
          expect(await signIn(guesser, `Wrong-guess_${i}`)).toContain('Invalid email or password');
        }
        // Throttled now, even with the right password.
        expect(await signIn(guesser, owner.password)).toMatch(/^Too many failed log-in attempts/);
        expect(new URL(guesser.url()).pathname).toBe('/auth/sign-in');

        // The owner's browser, from the same address, gets in.
        expect(await signIn(t.page, owner.password)).toBeNull();
        await waitForPath(t.page, (p) => p === '/dashboard');
        await t.page.getByRole('heading', { name: 'Welcome, Jane' }).waitFor();
        expect((await guesserContext.cookies()).map((c) => c.name)).not.toContain('parley_at');
      } finally {
        await closeContext(guesserContext);
      }
    },
    { timeoutMs: 240_000 },
  );
});
