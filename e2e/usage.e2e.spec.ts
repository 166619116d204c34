// Issue 5, usage in the browser: an owner's assistant answers are counted by the real billing
// service (its gRPC API, as the assistant calls it); at 80 of 100 the dashboard shows the orange
// 'Approaching request limit', at 100 the red 'Request limit reached', with the STANDARD upgrade
// text and the settings link in a new tab.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { consumeRequests } from './support/billing';
import { useBrowser, waitForMail } from './support/browser';
import { signUpOwner } from './support/owner';

const { journey } = useBrowser();
const SCREENSHOTS = join(__dirname, '..', 'test-results');

const banner = (page: Page) => page.getByTestId('usage-alert');

/** The banner's left border colour as the browser computes it (orange or red). */
const borderColour = (page: Page) =>
  banner(page).evaluate((el) => {
    const view = el.ownerDocument.defaultView as unknown as {
      getComputedStyle(e: unknown): { borderLeftColor: string };
    };
    return view.getComputedStyle(el).borderLeftColor;
  });

/** WCAG relative luminance of a computed rgb()/rgba() colour (0 black, 1 white). */
function luminance(colour: string): number {
  const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `usage--${name}.png`) });
}

describe('the usage alert banner', () => {
  let accountId = '';
  let email = '';
  const { step } = journey(async (t) => {
    await signUpOwner(t, 'usage');
    const me = await t.page.request.get(t.url('/api/user/me'));
    const { user } = (await me.json()) as { user: { accountId: string; email: string } };
    accountId = user.accountId;
    email = user.email;
    expect(accountId).not.toBe('');
    expect(email).toContain('@');
  });

  step('shows nothing below 80% of the request limit', async ({ page, url }) => {
    await consumeRequests(accountId, 79, 'e2e-usage-first');
    await page.goto(url('/dashboard'));
    await page.getByTestId('breadcrumb').waitFor();
    const details = await page.request.get(url('/api/billing/subscription'));
    expect(((await details.json()) as { data: { requestsUsed: number } }).data.requestsUsed).toBe(79);
    expect(await banner(page).count()).toBe(0);
  });

  step(
    "at 80 of 100 shows the orange 'Approaching request limit' with the upgrade text",
    async ({ page, url }) => {
      await consumeRequests(accountId, 1, 'e2e-usage-80th');
      await page.goto(url('/dashboard'));
      await banner(page).waitFor();
      expect(await banner(page).getAttribute('data-level')).toBe('warning');
      await banner(page).getByText('Approaching request limit').waitFor();
      await banner(page).getByText('Upgrade to PRO for more requests.').waitFor();
      const link = banner(page).getByRole('link');
      expect(await link.getAttribute('href')).toBe('/dashboard/settings');
      expect(await link.getAttribute('target')).toBe('_blank');
      const colour = await borderColour(page);
      expect(colour).toBe('rgb(250, 140, 22)');
      await screenshot(page, 'approaching');
    },
  );

  step(
    "at the limit shows the red 'Request limit reached' on every dashboard page",
    async ({ page, url }) => {
      await consumeRequests(accountId, 20, 'e2e-usage-last');
      await page.goto(url('/dashboard/team'));
      await banner(page).getByText('Request limit reached').waitFor();
      expect(await banner(page).getAttribute('data-level')).toBe('limit');
      const colour = await borderColour(page);
      expect(colour).toBe('rgb(245, 34, 45)');
      await banner(page)
        .getByText('Your assistant has stopped answering customers.', { exact: false })
        .waitFor();
      await screenshot(page, 'reached');
    },
  );

  step(
    'in dark mode the banner is dark, its text readable, and still red',
    async ({ page, context, url }) => {
      const frontend = new URL(url('/'));
      await context.addCookies([
        { name: 'parley_theme', value: 'dark', domain: frontend.hostname, path: '/' },
      ]);
      try {
        await page.goto(url('/dashboard/team'));
        expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
        await banner(page).getByText('Request limit reached').waitFor();
        const colours = await banner(page).evaluate((el) => {
          const view = el.ownerDocument.defaultView as unknown as {
            getComputedStyle(e: unknown): { backgroundColor: string; color: string };
          };
          const { backgroundColor, color } = view.getComputedStyle(el);
          return { backgroundColor, color };
        });
        const background = luminance(colours.backgroundColor);
        // Dark: no light pink panel on a dark page.
        expect(background).toBeLessThan(0.1);
        expect((luminance(colours.color) + 0.05) / (background + 0.05)).toBeGreaterThanOrEqual(4.5);
        expect(await borderColour(page)).toBe('rgb(245, 34, 45)');
        await screenshot(page, 'reached-dark');
      } finally {
        await context.addCookies([
          { name: 'parley_theme', value: 'light', domain: frontend.hostname, path: '/' },
        ]);
      }
    },
  );

  step('the settings link opens a new tab on the settings page', async ({ page, context, url }) => {
    const [tab] = await Promise.all([context.waitForEvent('page'), banner(page).getByRole('link').click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe('/dashboard/settings');
    await tab.close();
    expect(new URL(page.url()).pathname).toBe(new URL(url('/dashboard/team')).pathname);
  });

  step('the owner was mailed once at 80% and once at the limit', async ({ env }) => {
    // The sign-up code was the first mail; the two usage mails follow it.
    await waitForMail(env, email, { count: 3 });
    const res = await fetch(`${env.mailcatcherUrl}/api/messages?to=${encodeURIComponent(email)}`);
    const mails = (await res.json()) as { subject: string; to: string[] | string }[];
    expect(mails.every((m) => [m.to].flat().includes(email))).toBe(true);
    const subjects = mails.map((m) => m.subject);
    expect(subjects.filter((s) => s === 'Approaching request limit')).toHaveLength(1);
    expect(subjects.filter((s) => s === 'Request limit reached')).toHaveLength(1);
  });
});
