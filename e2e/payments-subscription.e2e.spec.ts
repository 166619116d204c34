// Issue 12, the dashboard's payments in the browser against the local Stripe-compatible server:
// a STANDARD owner upgrades to PRO with a card in 'Upgrade Your Subscription' (Stripe Elements
// through @stripe/react-stripe-js and the server's Stripe.js), sees the green 'Active' badge and
// can add a second domain; cancels and sees the orange 'Cancelled' badge with 'Ends {date}'; a
// declining card shows the provider's message; Stripe.js that cannot load shows the 'Payment
// System Error' card; the portal-not-configured alert when the server has no portal configuration.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import { ownerApi, signUpOwnerWithDomain } from './support/owner';

const { journey } = useBrowser();
const SCREENSHOTS = join(__dirname, '..', 'test-results');

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `payments--${name}.png`), fullPage: true });
}

const manager = (page: Page) => page.getByTestId('subscription-manager');
const badge = (page: Page) => page.getByTestId('subscription-status');
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Upgrade Your Subscription' });

/** The billing details and the card, typed as a person would. */
async function fillPaymentForm(page: Page, card: string): Promise<void> {
  const d = dialog(page);
  await d.getByLabel('Full name').fill('Ada Owner');
  await d.getByLabel('Email').fill('ada@example.com');
  await d.getByLabel('Address line 1').fill('1 Main Street');
  await d.getByLabel('City').fill('Springfield');
  await d.getByLabel('Postal code').fill('62701');
  await d.getByLabel('State/province').fill('IL');
  await d.locator('[data-stripe-local="number"]').fill(card);
  await d.locator('[data-stripe-local="expiry"]').fill('1234');
  await d.locator('[data-stripe-local="cvc"]').fill('123');
}

const setPortal = async (configured: boolean) => {
  const res = await fetch(`${process.env.E2E_STRIPE_URL}/_local/portal`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ configured }),
  });
  expect(res.status).toBe(200);
};

describe('the subscription manager and the upgrade dialog', () => {
  let domainId = '';
  const { step } = journey(async (t) => {
    domainId = await signUpOwnerWithDomain(t, 'payments', `pay-${Date.now()}.example.com`);
    await t.page.goto(t.url('/dashboard/settings'));
    await manager(t.page).waitFor();
  });

  step("shows a STANDARD owner 'Free' with the plan's limits and the upgrade button", async ({ page }) => {
    await badge(page).getByText('Free').waitFor();
    expect(await page.getByTestId('plan-domains').textContent()).toBe('1');
    expect(await page.getByTestId('plan-credits').textContent()).toBe('100');
    await page.getByTestId('upgrade-button').waitFor();
    expect(await manager(page).getByRole('button', { name: 'Manage Billing' }).count()).toBe(0);
    expect(await manager(page).getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0);
  });

  step("shows the 'Payment System Error' card when Stripe.js cannot load", async ({ page }) => {
    await page.route('**/v3**', (route) => route.abort());
    await page.reload();
    await page.getByTestId('upgrade-button').click();
    const card = page.getByTestId('payment-system-error');
    await card.getByText('Payment System Error').waitFor();
    await card.getByText('Failed to load payment system. Please refresh the page and try again.').waitFor();
    await card.getByRole('button', { name: 'Refresh Page' }).waitFor();
    await screenshot(page, 'payment-system-error');
    await card.getByRole('button', { name: 'Cancel' }).click();
    await card.waitFor({ state: 'detached' });
    await page.unroute('**/v3**');
    await page.reload();
    await manager(page).waitFor();
  });

  step("a declining card shows the provider's message and leaves the plan alone", async (t) => {
    const { page } = t;
    await page.getByTestId('upgrade-button').click();
    await dialog(page).locator('[data-stripe-local="number"]').waitFor();
    // The card holder starts as the signed-in owner.
    const me = await ownerApi<{ user: { fullname: string; email: string } }>(t, 'GET', '/user/me');
    expect(await dialog(page).getByLabel('Full name').inputValue()).toBe(me.user.fullname);
    expect(await dialog(page).getByLabel('Email').inputValue()).toBe(me.user.email);
    await fillPaymentForm(page, '4000 0000 0000 0002');
    await dialog(page)
      .getByRole('button', { name: /Subscribe/ })
      .click();
    await dialog(page).getByTestId('payment-error').getByText('Your card was declined.').waitFor();
    await screenshot(page, 'declined');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await badge(page).getByText('Free').waitFor();
  });

  step(
    "upgrades with 4242 4242 4242 4242: the green 'Active' badge, PRO's limits, a second domain",
    async ({ page }) => {
      await page.getByTestId('upgrade-button').click();
      await dialog(page).locator('[data-stripe-local="number"]').waitFor();
      await fillPaymentForm(page, '4242 4242 4242 4242');
      await dialog(page)
        .getByRole('button', { name: /Subscribe/ })
        .click();
      await page.getByText('Subscription created successfully!').waitFor();
      await badge(page).getByText('Active').waitFor();
      expect(await badge(page).getAttribute('class')).toContain('green');
      expect(await page.getByTestId('plan-domains').textContent()).toBe('5');
      expect(await page.getByTestId('plan-credits').textContent()).toBe('1,000');
      await page
        .getByTestId('billing-info')
        .getByText(/^Next payment on /)
        .waitFor();
      expect(await page.getByTestId('upgrade-button').count()).toBe(0);
      await screenshot(page, 'active');

      // Domains follow the plan (domains reads billing's AccountPlanChanged): a second one is taken.
      const second = `pay-second-${Date.now()}.example.com`;
      await page.getByLabel('Add domain').fill(second);
      await page.getByRole('button', { name: 'Add domain' }).click();
      await page.getByTestId('domains-section').getByText(second).waitFor({ timeout: 30_000 });
      await page.getByTestId('domain-limit').getByText('2 of 5 used').waitFor();
    },
  );

  step("cancels: the orange 'Cancelled' badge and 'Ends {date}'; PRO stays until then", async ({ page }) => {
    await manager(page).getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByText('Subscription cancelled successfully!').waitFor();
    await badge(page).getByText('Cancelled').waitFor();
    expect(await badge(page).getAttribute('class')).toContain('orange');
    expect(await page.getByTestId('subscription-ends').textContent()).toMatch(
      /^Ends [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );
    await page
      .getByTestId('billing-info')
      .getByText(/^Subscription will end on /)
      .waitFor();
    expect(await manager(page).getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0);
    expect(await page.getByTestId('plan-domains').textContent()).toBe('5');
    await screenshot(page, 'cancelled');
  });

  step(
    "shows the amber 'Customer portal is not configured' alert when the provider has no portal",
    async ({ page }) => {
      await setPortal(false);
      try {
        await manager(page).getByRole('button', { name: 'Manage Billing' }).click();
        const alert = page.getByTestId('portal-not-configured');
        await alert.getByText('Customer portal is not configured').waitFor();
        await alert.getByText(/billing portal must be set up in the payment provider dashboard/).waitFor();
        await screenshot(page, 'portal-not-configured');
        await alert.getByRole('button', { name: 'Dismiss' }).click();
        await alert.waitFor({ state: 'detached' });
      } finally {
        await setPortal(true);
      }
    },
  );

  step(
    'sets up payouts with Stripe Connect; only then can a domain turn payments on',
    async ({ page, url }) => {
      const turnOn = () =>
        page.request.fetch(url(`/api/domains/${domainId}/settings`), {
          method: 'PATCH',
          data: { paymentEnabled: true },
          headers: { origin: new URL(url('/')).origin },
        });
      const refused = await turnOn();
      expect(refused.status()).toBe(409);
      expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({
        code: 'PAYOUTS_NOT_READY',
        message: expect.stringContaining('Payments cannot be turned on yet'),
      });

      const payouts = page.getByTestId('payouts-card');
      await payouts.getByTestId('payouts-status').getByText('Not set up').waitFor();
      await payouts.getByRole('button', { name: 'Set up payouts' }).click();
      await page.getByRole('button', { name: 'Complete onboarding' }).click(); // Stripe's onboarding page
      await page.waitForURL(/\/dashboard\/settings\?payment=connect-return/);
      await payouts.getByTestId('payouts-status').getByText('Ready').waitFor({ timeout: 30_000 });
      await screenshot(page, 'payouts-ready');
      expect((await turnOn()).status()).toBe(200);
    },
  );
});
