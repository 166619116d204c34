// Issue 17's custom branding: the owner names the widget and hides 'Powered by Parley' in the
// domain's widget settings; on STANDARD the widget keeps the domain's name and the link (the
// server leaves the branding out), and once the account is on PRO the widget shows it.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import { upgradeToPro } from './support/billing';
import { openWidget, startHostSite, type HostSite } from './support/host-site';
import { ownerApi, signUpOwnerWithDomain } from './support/owner';

const { journey } = useBrowser();
const SHOTS = join(__dirname, '..', 'test-results');

describe('custom branding of the widget', () => {
  const domain = `brand-${Date.now().toString(36)}.com`;
  let domainId = '';
  let host: HostSite;
  let site: Page;

  const { step } = journey(async (t) => {
    domainId = await signUpOwnerWithDomain(t, 'brand', domain);
    // The default layout is the one with the 'Powered by' link (spec screen 11).
    await ownerApi(t, 'PATCH', `/domains/${domainId}/home-settings`, { homeLayout: 'default' });
    host = await startHostSite(t.env.gatewayUrl, domainId);
    site = await t.context.newPage();
  });

  afterAll(async () => {
    await host?.close();
  });

  step('the owner saves a widget name and hides the link in the settings form', async (t) => {
    const { page } = t;
    await page.goto(t.url(`/dashboard/settings/domains/${domainId}?tab=widget`));
    const form = page.getByTestId('widget-settings-form');
    await form.waitFor();
    await form.getByTestId('widget-name-input').fill('Clay & Co. help');
    await form.getByTestId('hide-powered-by').click();
    const saved = page.waitForResponse(
      (r) => /\/settings$/.test(new URL(r.url()).pathname) && r.request().method() !== 'GET',
    );
    await form.getByRole('button', { name: 'Save widget settings' }).click();
    const body = (await (await saved).json()) as { data: Record<string, unknown> };
    expect(body.data).toMatchObject({ widgetName: 'Clay & Co. help', hidePoweredBy: true });
    // The preview shows what the owner chose.
    await page.getByTestId('widget-preview').getByText('Clay & Co. help').first().waitFor();
  });

  step('on STANDARD the widget keeps the domain’s name and the Powered by link', async () => {
    await site.goto(host.url);
    const widget = await openWidget(site);
    await widget.getByTestId('widget-name').getByText(domain).waitFor();
    await widget.getByTestId('powered-by').getByText('Powered by Parley').waitFor();
  });

  step('on PRO the widget carries the owner’s name and no link', async (t) => {
    const me = await ownerApi<{ user: { accountId: string } }>(t, 'GET', '/user/me');
    await upgradeToPro(me.user.accountId);
    for (let i = 0; ; i++) {
      const profile = await fetch(new URL(`/api/widget/domains/${domainId}`, t.env.gatewayUrl));
      const { data } = (await profile.json()) as { data: { settings: Record<string, unknown> } };
      if (data.settings.hidePoweredBy === true) break;
      if (i === 50) throw new Error('the upgrade never reached the domains service');
      await new Promise((r) => setTimeout(r, 200));
    }
    await site.goto(host.url);
    const widget = await openWidget(site);
    await widget.getByTestId('widget-name').getByText('Clay & Co. help').waitFor();
    expect(await widget.getByTestId('powered-by').count()).toBe(0);
    mkdirSync(SHOTS, { recursive: true });
    await site.screenshot({ path: join(SHOTS, 'widget-branding--pro.png') });
  });
});
