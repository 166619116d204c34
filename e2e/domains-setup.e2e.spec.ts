// Issue 3 in the browser: an owner adds a domain, the DOMAIN_SETUP notification arrives in the
// bell without a reload, opens the setup wizard, the four steps save; the domain rules and the
// Standard plan's limit show their messages.
import type { Page } from 'playwright-core';
import { expectFieldError, useBrowser } from './support/browser';
import { signUpOwner } from './support/owner';

const { journey } = useBrowser();

const bell = (page: Page) => page.getByTestId('notification-bell');
const toast = (page: Page) => page.locator('.ant-notification-notice');

async function addDomain(page: Page, name: string): Promise<void> {
  await page.getByLabel('Add domain').fill(name);
  await page.getByRole('button', { name: 'Add domain' }).click();
}

describe('domains and the setup wizard in the browser', () => {
  const domain = `shop-${Date.now().toString(36)}.com`;
  const { step } = journey(async (t) => {
    await signUpOwner(t, 'domains');
    await t.page.goto(t.url('/dashboard/settings'));
    await t.page.getByTestId('domains-section').waitFor();
    await t.page.getByTestId('domain-limit').waitFor();
  });

  step('the Standard plan shows its limit, the bell says there is nothing yet', async ({ page }) => {
    expect((await page.getByTestId('domain-limit').textContent())?.trim()).toBe('0 of 1 used');
    await bell(page).click();
    await page.getByTestId('notification-panel').getByText('No notifications').waitFor();
    expect(await page.getByText('View all notifications').count()).toBe(0);
    await bell(page).click();
  });

  step('the domain rules show their messages', async ({ page }) => {
    await addDomain(page, 'ab');
    await expectFieldError(page, 'Add domain', 'A domain must have atleast 3 characters');
    await addDomain(page, 'not a domain');
    await expectFieldError(page, 'Add domain', 'This is not a valid domain');
    await addDomain(page, 'example.shopping');
    await expectFieldError(page, 'Add domain', 'This is not a valid domain');
  });

  step(
    'adding a domain lists it and the DOMAIN_SETUP notification arrives without a reload',
    async ({ page }) => {
      const navigations: string[] = [];
      page.on('framenavigated', (f) => f === page.mainFrame() && navigations.push(f.url()));
      await addDomain(page, `  ${domain.toUpperCase()} `);
      await page.getByTestId('domain-row').getByRole('link', { name: domain }).waitFor();
      expect((await page.getByTestId('domain-limit').textContent())?.trim()).toBe('1 of 1 used');
      await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 20_000 });
      expect(navigations).toEqual([]);
    },
  );

  step(
    'the notification opens the wizard; four steps, Back disabled first, Finish saves',
    async ({ page }) => {
      await bell(page).click();
      const item = page.getByTestId('notification-panel').getByTestId('notification-item');
      expect(await item.count()).toBe(1);
      expect(await item.textContent()).toContain(`Set up your new domain ${domain}`);
      await item.click();

      const wizard = page.getByRole('dialog', { name: `Configure ${domain}` });
      await wizard.waitFor();
      for (const title of [
        'Bot Personality',
        'Business Details',
        'Customer Service Preferences',
        'Shipping Configuration',
      ])
        await wizard.locator('.ant-steps-item-title', { hasText: title }).waitFor();
      expect(await wizard.getByRole('button', { name: 'Back' }).isDisabled()).toBe(true);

      await wizard.getByText('Friendly', { exact: true }).click();
      await wizard.getByText('Enthusiastic', { exact: true }).click();
      await wizard.getByRole('button', { name: 'Next' }).click();
      expect(await wizard.getByRole('button', { name: 'Back' }).isDisabled()).toBe(false);
      await wizard.getByLabel('What does your business do?').fill('We sell handmade ceramic mugs.');
      await wizard.getByRole('button', { name: 'Next' }).click();
      await wizard.getByText('Concise', { exact: true }).click();
      await wizard.getByText('Quick (after 2-3 messages)').click();
      await wizard.getByRole('button', { name: 'Next' }).click();
      expect(await wizard.getByRole('button', { name: 'Next' }).count()).toBe(0);
      await wizard.getByRole('switch', { name: 'Shipping enabled' }).click();
      await wizard.getByLabel('Free shipping from (order total)').fill('not a number');
      await wizard.getByRole('button', { name: 'Finish' }).click();

      await toast(page).getByText('Domain configuration saved successfully').waitFor();
      await wizard.waitFor({ state: 'hidden' });
      // Clicking the notification marked it read.
      await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    },
  );

  step('the saved configuration is what the wizard sent, the bad threshold as 0', async (t) => {
    const list = (await (await t.page.request.get(t.url('/api/domains'))).json()) as {
      data: { id: string }[];
    };
    const res = await t.page.request.get(t.url(`/api/domains/${list.data[0]!.id}/config`));
    expect(res.status()).toBe(200);
    expect(((await res.json()) as { data: unknown }).data).toMatchObject({
      personality: 'friendly',
      tone: 'enthusiastic',
      businessDescription: 'We sell handmade ceramic mugs.',
      responseStyle: 'concise',
      handoff: 'quick',
      shippingEnabled: true,
      freeShippingThreshold: 0,
    });
  });

  step('a second domain on Standard is refused with the plan limit message', async ({ page }) => {
    await addDomain(page, `second-${domain}`);
    const refusal = page.getByTestId('plan-limit');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(
      'Your Standard plan allows 1 domain. Upgrade to Pro to add more.',
    );
    expect(await page.getByTestId('domain-row').count()).toBe(1);
  });
  step(
    'deleting the domain asks first, then frees the plan place and takes its notification along',
    async ({ page }) => {
      const confirm = page.getByRole('dialog', { name: `Delete ${domain}?` });
      // The dialog zooms in; on a loaded machine a click during the zoom landed beside the moving
      // Cancel button and left the dialog open (a fresh-clone CI run).
      const openConfirm = async () => {
        await page.getByRole('button', { name: `Delete ${domain}` }).click();
        await confirm.waitFor();
        await page.locator('.ant-zoom-appear, .ant-zoom-enter').waitFor({ state: 'detached' });
      };
      await openConfirm();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'hidden' });
      expect(await page.getByTestId('domain-row').count()).toBe(1);
      await openConfirm();
      await confirm.getByRole('button', { name: 'Delete domain' }).click();
      await page.getByTestId('empty-state').waitFor();
      expect((await page.getByTestId('domain-limit').textContent())?.trim()).toBe('0 of 1 used');
      await bell(page).click();
      await page.getByTestId('notification-panel').getByText('No notifications').waitFor();
      await bell(page).click();
      // The notifications service removes it on the DomainDeleted event, a moment later.
      for (let attempt = 0; ; attempt++) {
        const res = await page.request.get(page.url().replace(/\/dashboard.*$/, '/api/notifications'));
        const body = (await res.json()) as { data: unknown[] };
        if (body.data.length === 0) break;
        if (attempt > 40) throw new Error('the deleted domain kept its notification');
        await page.waitForTimeout(250);
      }
    },
  );
});
