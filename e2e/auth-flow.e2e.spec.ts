// The whole way in, in a real browser against the running product: sign up with the emailed
// code, onboarding, the dashboard, log out, log back in.
import {
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
      expect(cookies.filter((c) => c.name.startsWith('parley_') && c.name !== 'parley_theme')).toEqual([]);

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
});
