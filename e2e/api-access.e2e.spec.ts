// Issue 17 in the browser: a PRO owner creates an API key (shown once), the key works against
// /api/v1 within its scopes, and revoking it in the page stops it; the same owner adds a webhook
// endpoint and finds its signing secret and delivery log.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import { upgradeToPro } from './support/billing';
import { ownerApi, signUpOwner } from './support/owner';

const { journey } = useBrowser();
const SHOTS = join(__dirname, '..', 'test-results');

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `api-access--${name}.png`), fullPage: true });
}

describe('API keys and webhooks in the dashboard', () => {
  let key = '';

  const { step } = journey(async (t) => {
    await signUpOwner(t, 'api-owner');
    const me = await ownerApi<{ user: { accountId: string } }>(t, 'GET', '/user/me');
    await upgradeToPro(me.user.accountId);
    await t.page.goto(t.url('/dashboard/settings'));
    await t.page.getByRole('button', { name: 'Manage API keys' }).click();
    await t.page.getByTestId('api-keys-table').waitFor();
  });

  step('an empty name is refused with the form’s message', async ({ page }) => {
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByText('Please give the key a name').waitFor();
  });

  step('creating a key shows it once and lists it', async ({ page }) => {
    await page.getByTestId('api-key-name').fill('CRM sync');
    await page.getByRole('checkbox', { name: 'products:read' }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const created = page.getByTestId('api-key-created');
    await created.waitFor();
    key = ((await created.textContent()) ?? '').trim();
    expect(key).toMatch(/^pk_[0-9a-f]{32}[A-Za-z0-9_-]{43}$/);
    const table = page.getByTestId('api-keys-table');
    await table.getByText('CRM sync').waitFor();
    await table.getByText('products:read').waitFor();
    await shot(page, 'created');
  });

  step('the key answers within its scope and is refused outside it', async (t) => {
    const call = (path: string) =>
      fetch(new URL(path, t.env.gatewayUrl), { headers: { authorization: `Bearer ${key}` } });
    expect((await call('/api/v1/products')).status).toBe(400); // no domainId: the key got through
    const refused = await call('/api/v1/conversations');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('MISSING_SCOPE');
  });

  step('revoking it in the page stops it at once', async (t) => {
    const { page } = t;
    await page.getByRole('button', { name: 'Revoke' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Revoke' }).click();
    await page.getByTestId('api-keys-table').getByText('Revoked').waitFor();
    const res = await fetch(new URL('/api/v1/products', t.env.gatewayUrl), {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(401);
  });

  step('a webhook endpoint is added with its events and shows its secret and log', async (t) => {
    const { page } = t;
    await page.goto(t.url('/dashboard/settings/webhooks'));
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByText('Choose at least one event').waitFor();
    await page.getByTestId('webhook-url').fill('http://127.0.0.1:9/parley');
    await page.getByRole('checkbox', { name: 'message.created' }).check();
    await page.getByRole('checkbox', { name: 'order.paid' }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByText('http://127.0.0.1:9/parley').waitFor();
    await page.getByText(/^whsec_/).waitFor();
    await page.getByText('Delivery log').click();
    await page.getByTestId('webhook-deliveries').waitFor();
    await shot(page, 'webhooks');
  });
});
