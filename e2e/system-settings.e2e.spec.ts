// Spec sections 2 and 6: the admin switches registration off in the Admin Overview; sign-up then
// redirects to /auth/registration-disabled and the API refuses sign-ups, until it is back on. The
// same for log-in (/auth/login-disabled) and maintenance (/maintenance): each page is seen, with
// what it says, while its switch is on (issue 10: off, they rightly send visitors away).
import type { Page } from 'playwright-core';
import {
  closeContext,
  goodSignupDetails,
  logInThroughUi,
  useBrowser,
  waitForPath,
  type BrowserTest,
} from './support/browser';

const { browserTest } = useBrowser();

/** Retries `check` until it passes: the frontend reuses the settings for a few seconds. */
async function eventually(check: () => Promise<void>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

async function registrationSwitch(page: Page) {
  const toggle = page.getByTestId('switch-registrationEnabled');
  await toggle.waitFor();
  return toggle;
}

async function setRegistration(page: Page, on: boolean): Promise<void> {
  const toggle = await registrationSwitch(page);
  if ((await toggle.getAttribute('aria-checked')) === String(on)) return;
  await toggle.click();
  await page.getByText(on ? 'Registration is now on' : 'Registration is now off', { exact: true }).waitFor();
  expect(await toggle.getAttribute('aria-checked')).toBe(String(on));
}

/** Last resort when the page itself failed: switch everything back on through the API. */
async function restoreThroughApi(t: BrowserTest): Promise<void> {
  const res = await t.page.request.put(t.url('/api/system-settings'), {
    data: { registrationEnabled: true, loginEnabled: true, maintenanceMode: false },
    headers: { origin: new URL(t.env.frontendUrl).origin },
  });
  if (!res.ok())
    throw new Error(`could not restore the system settings: ${res.status()} ${await res.text()}`);
}

describe('system settings in the Admin Overview', () => {
  browserTest(
    'registration switched off redirects sign-up and refuses POST /api/auth/signup with 403, then comes back on',
    async (t) => {
      const { page } = t;
      await logInThroughUi(t, t.env.adminEmail, t.env.adminPassword);
      await page.getByTestId('sidebar').getByRole('link', { name: 'Admin Overview' }).click();
      await waitForPath(page, (p) => p === '/dashboard/admin');
      await page.getByRole('heading', { name: 'Admin Overview' }).waitFor();
      await setRegistration(page, true);

      const visitor = await t.context.browser()!.newContext();
      try {
        await setRegistration(page, false);
        const visitorPage = await visitor.newPage();
        await eventually(async () => {
          await visitorPage.goto(t.url('/auth/sign-up?plan=PRO'));
          expect(new URL(visitorPage.url()).pathname).toBe('/auth/registration-disabled');
        });
        await visitorPage.getByTestId('registration-disabled').waitFor();
        await visitorPage.getByRole('heading', { name: 'New sign-ups are paused' }).waitFor();
        await visitorPage.getByText('We are not taking new registrations at the moment.').waitFor();

        const details = goodSignupDetails('closed');
        for (const base of [t.env.frontendUrl, t.env.gatewayUrl]) {
          const res = await fetch(new URL('/api/auth/signup', base), {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: new URL(t.env.frontendUrl).origin },
            body: JSON.stringify({ ...details, selectedPlan: 'STANDARD' }),
          });
          expect(res.status).toBe(403);
          expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
            'REGISTRATION_DISABLED',
          );
        }

        await setRegistration(page, true);
        await eventually(async () => {
          await visitorPage.goto(t.url('/auth/sign-up'));
          expect(new URL(visitorPage.url()).pathname).toBe('/auth/sign-up');
        });
        await visitorPage.getByTestId('signup-step-details').waitFor();
      } catch (error) {
        await restoreThroughApi(t).catch(() => undefined);
        throw error;
      } finally {
        await closeContext(visitor);
      }
    },
    { timeoutMs: 120_000 },
  );

  browserTest(
    'maintenance mode sends visitors to /maintenance while the admin still gets in',
    async (t) => {
      const { page } = t;
      await logInThroughUi(t, t.env.adminEmail, t.env.adminPassword);
      await page.goto(t.url('/dashboard/admin'));
      const toggle = page.getByTestId('switch-maintenanceMode');
      await toggle.waitFor();
      expect(await toggle.getAttribute('aria-checked')).toBe('false');

      const visitor = await t.context.browser()!.newContext();
      try {
        await toggle.click();
        await page.getByRole('button', { name: 'Turn on' }).click();
        await page.getByText('Maintenance mode is now on', { exact: true }).waitFor();

        const visitorPage = await visitor.newPage();
        for (const path of ['/', '/careers', '/auth/sign-in', '/dashboard']) {
          await eventually(async () => {
            await visitorPage.goto(t.url(path));
            expect(new URL(visitorPage.url()).pathname).toBe('/maintenance');
          });
        }
        await visitorPage.getByTestId('maintenance').waitFor();
        await visitorPage.getByRole('heading', { name: 'We’ll be right back' }).waitFor();
        await visitorPage.getByText('Parley is down for scheduled maintenance').waitFor();
        // The way in for administrators stays open.
        await visitorPage.goto(t.url('/auth/sign-in?admin=1'));
        expect(new URL(visitorPage.url()).pathname).toBe('/auth/sign-in');
        await visitorPage.getByRole('heading', { name: 'Administrator sign-in' }).waitFor();

        await page.goto(t.url('/dashboard'));
        expect(new URL(page.url()).pathname).toBe('/dashboard');
        await page.getByRole('heading', { name: /^Welcome/ }).waitFor();

        await page.goto(t.url('/dashboard/admin'));
        await page.getByTestId('switch-maintenanceMode').click();
        await page.getByText('Maintenance mode is now off', { exact: true }).waitFor();
        await eventually(async () => {
          await visitorPage.goto(t.url('/'));
          expect(new URL(visitorPage.url()).pathname).toBe('/');
        });
      } catch (error) {
        await restoreThroughApi(t).catch(() => undefined);
        throw error;
      } finally {
        await closeContext(visitor);
      }
    },
    { timeoutMs: 120_000 },
  );

  browserTest(
    'log-in switched off sends visitors to /auth/login-disabled, which says so, until it is back on',
    async (t) => {
      const { page } = t;
      await logInThroughUi(t, t.env.adminEmail, t.env.adminPassword);
      await page.goto(t.url('/dashboard/admin'));
      const toggle = page.getByTestId('switch-loginEnabled');
      await toggle.waitFor();
      expect(await toggle.getAttribute('aria-checked')).toBe('true');

      const visitor = await t.context.browser()!.newContext();
      try {
        await toggle.click();
        await page.getByText('Log-in is now off', { exact: true }).waitFor();

        const visitorPage = await visitor.newPage();
        await eventually(async () => {
          await visitorPage.goto(t.url('/auth/sign-in'));
          expect(new URL(visitorPage.url()).pathname).toBe('/auth/login-disabled');
        });
        // Opened directly, the page stays while log-in is off.
        await visitorPage.goto(t.url('/auth/login-disabled'));
        expect(new URL(visitorPage.url()).pathname).toBe('/auth/login-disabled');
        await visitorPage.getByTestId('login-disabled').waitFor();
        await visitorPage.getByRole('heading', { name: 'Logging in is paused for now' }).waitFor();
        await visitorPage.getByText('We have temporarily switched off signing in').waitFor();
        await visitorPage.getByRole('link', { name: 'Administrator sign-in' }).click();
        await waitForPath(visitorPage, (p) => p === '/auth/sign-in?admin=1');
        await visitorPage.getByRole('heading', { name: 'Administrator sign-in' }).waitFor();

        await page.getByTestId('switch-loginEnabled').click();
        await page.getByText('Log-in is now on', { exact: true }).waitFor();
        await eventually(async () => {
          await visitorPage.goto(t.url('/auth/login-disabled'));
          expect(new URL(visitorPage.url()).pathname).toBe('/auth/sign-in');
        });
      } catch (error) {
        await restoreThroughApi(t).catch(() => undefined);
        throw error;
      } finally {
        await closeContext(visitor);
      }
    },
    { timeoutMs: 120_000 },
  );
});
