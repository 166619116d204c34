// WCAG 2.1 AA (issue 20): axe-core audits every public page, the auth pages, every dashboard page
// and every widget tab, in the light and the dark theme; a serious or critical violation anywhere
// fails. Each page is audited once it has settled (its heading shown, the network quiet, antd's
// motion over), because a half-faded element has no fixed contrast.
import type { Frame, Page } from 'playwright-core';
import { auditBlocking, axeViolations } from './support/axe';
import { logInThroughUi, useBrowser, type BrowserTest } from './support/browser';
import { openWidget, startHostSite, type HostSite } from './support/host-site';
import { ownerApi, signUpOwnerWithDomain } from './support/owner';
import { send } from './support/widget-chat';

const { journey } = useBrowser();

const PUBLIC_PAGES = [
  '/',
  '/blog',
  '/careers',
  '/contact',
  '/cookies',
  '/newsletter',
  '/privacy',
  '/terms',
  '/maintenance',
  '/auth/sign-in',
  '/auth/sign-up',
  '/auth/sign-up?plan=PRO',
  '/auth/login-disabled',
  '/auth/registration-disabled',
  '/auth/accept-invite?token=unknown',
];

const DASHBOARD_PAGES = [
  '/dashboard',
  '/dashboard/conversation',
  '/dashboard/team',
  '/dashboard/bookings',
  '/dashboard/settings',
  '/dashboard/settings/domains',
  '/dashboard/email-marketing',
  '/dashboard/profile',
  '/notifications',
  '/dashboard/admin',
  '/dashboard/admin/tags',
  '/dashboard/admin/categories',
  '/dashboard/admin/blogs',
  '/dashboard/admin/blogs/new',
  '/dashboard/admin/jobs',
  '/dashboard/admin/applications',
];

const DOMAIN_TABS = [
  'Widget',
  'Home tab',
  'Business hours',
  'Filter questions',
  'Products',
  'Help articles',
  'Appointment types',
];

type Theme = 'light' | 'dark';

/** The dashboard's theme is a cookie (the server renders it); the widget follows the media query. */
async function useTheme(t: BrowserTest, theme: Theme): Promise<void> {
  await t.context.addCookies([{ name: 'parley_theme', value: theme, url: t.env.frontendUrl }]);
  await t.page.emulateMedia({ colorScheme: theme });
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .locator('.ant-skeleton, .ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(400); // antd's fades take 0.2-0.3 s
}

/** Per page: the blocking findings, and axe's count of every violation (for docs/accessibility.md). */
async function auditPage(where: string, target: Page | Frame, counts: Map<string, number>) {
  const all = await axeViolations(target);
  counts.set(
    where,
    all.reduce((n, v) => n + v.nodes.length, 0),
  );
  return auditBlocking(where, target);
}

function report(counts: Map<string, number>) {
  process.stderr.write(
    `axe violations (every impact) per page:\n${[...counts].map(([p, n]) => `  ${p}: ${n}`).join('\n')}\n`,
  );
}

describe.each<Theme>(['light', 'dark'])('WCAG 2.1 AA in the %s theme', (theme) => {
  const counts = new Map<string, number>();
  let domainId = '';
  let host: HostSite;
  const { step } = journey(async (t) => {
    await useTheme(t, theme);
  });
  afterAll(async () => {
    report(counts);
    await host?.close();
  });

  /** Slow machines: ~20 pages per step, each loaded, settled and audited. */
  const long = { timeoutMs: 600_000 };

  step(
    'the public pages and the auth pages',
    async (t) => {
      const found: string[] = [];
      for (const path of PUBLIC_PAGES) {
        await t.page.goto(t.url(path));
        await settle(t.page);
        found.push(...(await auditPage(`${theme} ${path}`, t.page, counts)));
      }
      expect(found).toEqual([]);
    },
    long,
  );

  step(
    "every dashboard page, the admin's included",
    async (t) => {
      await logInThroughUi(t, t.env.adminEmail, t.env.adminPassword);
      const found: string[] = [];
      for (const path of DASHBOARD_PAGES) {
        await t.page.goto(t.url(path));
        await settle(t.page);
        found.push(...(await auditPage(`${theme} ${path}`, t.page, counts)));
      }
      expect(found).toEqual([]);
    },
    long,
  );

  step(
    "an owner's domain settings, every tab",
    async (t) => {
      // An owner of their own (the suite's admin has used up its plan's domains in other specs).
      const domain = `a11y-${theme}-${Date.now().toString(36)}.com`;
      domainId = await signUpOwnerWithDomain(t, `a11y-${theme}`, domain);
      const found: string[] = [];
      await t.page.goto(t.url(`/dashboard/settings/domains/${domainId}`));
      for (const tab of DOMAIN_TABS) {
        await t.page.getByRole('tab', { name: tab, exact: true }).click();
        await settle(t.page);
        found.push(...(await auditPage(`${theme} domain settings: ${tab}`, t.page, counts)));
      }
      expect(found).toEqual([]);
    },
    long,
  );

  step(
    'every widget tab, an article, a product, and a conversation in the dashboard',
    async (t) => {
      await ownerApi(t, 'POST', '/help-articles', {
        domainId,
        title: 'Dishwasher safety',
        question: 'Can the mugs go in the dishwasher?',
        answer: 'Yes, on the <b>top rack</b>.',
      });
      await ownerApi(t, 'POST', '/products', {
        domainId,
        name: 'Blue mug',
        price: 24,
        hasDiscount: true,
        discount: 25,
        productUrl: 'https://mugs.example/blue',
        productType: 'Physical',
        description: 'A blue stoneware mug.',
        variants: [{ name: 'Size', options: [{ value: 'Small' }, { value: 'Large' }] }],
      });
      host = await startHostSite(t.env.gatewayUrl, domainId);
      const site = await t.context.newPage();
      await site.emulateMedia({ colorScheme: theme });
      await site.goto(host.url);
      const frameOf = async () => {
        const frame = await (await site.waitForSelector('iframe[data-parley-widget]')).contentFrame();
        if (!frame) throw new Error('no widget frame');
        return frame;
      };
      const found: string[] = [];
      const audit = async (what: string) => {
        await site.waitForTimeout(300);
        found.push(...(await auditPage(`${theme} widget ${what}`, await frameOf(), counts)));
      };

      const widget = await openWidget(site);
      await audit('home');
      await widget.getByTestId('tab-chat').click();
      await send(widget, 'Do you ship to Norway?');
      await widget.locator('[data-testid="chat-message-assistant"]').nth(1).waitFor();
      await audit('chat');
      await widget.getByTestId('tab-helpdesk').click();
      await widget.getByTestId('helpdesk-article').first().waitFor();
      await audit('help');
      await widget.getByTestId('helpdesk-article').first().click();
      await widget.getByTestId('article-view').waitFor();
      await audit('help article');
      await widget.getByTestId('tab-products').click();
      await widget.getByTestId('product-card').first().click();
      await widget.getByTestId('product-dialog').waitFor();
      await audit('product dialog');
      await widget.getByRole('button', { name: 'Close', exact: true }).click();
      await audit('products');
      await site.close();

      // The owner reads that conversation: bubbles with their sender headers.
      await t.page.goto(t.url('/dashboard/conversation'));
      await settle(t.page);
      await t.page.getByTestId('conversation-row').first().click();
      await t.page.getByText('Do you ship to Norway?').first().waitFor();
      await settle(t.page);
      found.push(...(await auditPage(`${theme} /dashboard/conversation (open)`, t.page, counts)));
      expect(found).toEqual([]);
    },
    long,
  );
});
