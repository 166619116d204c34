// The landing page of spec sections 2 and 9: its anchored sections, pricing from GET /api/plans,
// the navbar that turns solid after 10px, the theme toggle, the mobile menu and the footer.
import { PLANS, formatPrice } from '@parley/contracts/plans';
import { SIGNUP_MESSAGES } from '@parley/contracts/validation';
import { expectDescribedError, uniqueEmail, useBrowser } from './support/browser';

const { browserTest } = useBrowser();

describe('landing page', () => {
  browserTest('has the four anchored sections and prices from the plan catalogue', async (t) => {
    const { page } = t;
    await page.goto(t.url('/'));
    for (const id of ['features', 'pricing', 'customer-feedback', 'newsletter']) {
      expect(await page.locator(`section#${id}`).count()).toBe(1);
    }

    const catalogue = (await (await fetch(`${t.env.gatewayUrl}/api/plans`)).json()) as {
      data: { id: 'STANDARD' | 'PRO'; priceCents: number; maxDomains: number }[];
    };
    expect(catalogue.data.map((p) => p.id).sort()).toEqual(['PRO', 'STANDARD']);
    for (const plan of catalogue.data) {
      expect((await page.getByTestId(`plan-${plan.id}-price`).textContent())?.trim()).toBe(
        formatPrice(plan.priceCents),
      );
      expect((await page.getByTestId(`plan-${plan.id}-domains`).textContent())?.trim()).toBe(
        plan.maxDomains === -1 ? '∞' : String(plan.maxDomains),
      );
      const cta = page.getByTestId(`plan-${plan.id}`).getByRole('link');
      expect(await cta.getAttribute('href')).toBe(`/auth/sign-up?plan=${plan.id}`);
    }
    expect((await page.getByTestId('plan-PRO-price').textContent())?.trim()).toBe(
      formatPrice(PLANS.PRO.priceCents),
    );

    await page.getByTestId('plan-PRO').getByRole('link').click();
    await page.waitForURL((u) => u.pathname === '/auth/sign-up');
    expect(await page.getByTestId('selected-plan').getAttribute('data-plan')).toBe('PRO');
  });

  browserTest(
    'the navbar is fixed, turns solid after scrolling more than 10px and clear again at the top',
    async (t) => {
      const { page } = t;
      await page.goto(t.url('/'));
      const navbar = page.getByTestId('navbar');
      expect(await navbar.getAttribute('data-solid')).toBe('false');
      expect(
        await page.evaluate('getComputedStyle(document.querySelector(\'[data-testid="navbar"]\')).position'),
      ).toBe('fixed');

      await page.evaluate('window.scrollTo(0, 10)');
      await page.waitForTimeout(100);
      expect(await navbar.getAttribute('data-solid')).toBe('false');

      await page.evaluate('window.scrollTo(0, 11)');
      await page.waitForFunction(
        'document.querySelector(\'[data-testid="navbar"]\').dataset.solid === "true"',
      );
      await page.evaluate('window.scrollTo(0, 1200)');
      expect(await navbar.isVisible()).toBe(true);
      expect((await navbar.boundingBox())?.y).toBe(0);

      await page.evaluate('window.scrollTo(0, 0)');
      await page.waitForFunction(
        'document.querySelector(\'[data-testid="navbar"]\').dataset.solid === "false"',
      );
    },
  );

  browserTest('the theme toggle switches to dark and the choice survives a reload', async (t) => {
    const { page } = t;
    await page.goto(t.url('/'));
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    await page.getByTestId('navbar').getByTestId('theme-toggle').click();
    await page.waitForFunction('document.documentElement.dataset.theme === "dark"');
    await page.reload();
    // Rendered dark by the server: no flash of the light theme.
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(await page.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgb(11, 13, 20)');
    await page.getByTestId('navbar').getByTestId('theme-toggle').click();
    await page.waitForFunction('document.documentElement.dataset.theme === "light"');
  });

  browserTest(
    'below 768px the links move into a menu that opens and navigates',
    async (t) => {
      const { page } = t;
      await page.goto(t.url('/'));
      const navbar = page.getByTestId('navbar');
      expect(await navbar.getByRole('link', { name: 'Pricing' }).isVisible()).toBe(false);
      await navbar.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      await menu.waitFor();
      await menu.getByRole('link', { name: 'Careers' }).click();
      await page.waitForURL((u) => u.pathname === '/careers');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    },
    { viewport: { width: 390, height: 844 } },
  );

  browserTest(
    'the footer has the tagline, social links, its columns, a support mailto and the legal links',
    async (t) => {
      const { page } = t;
      await page.goto(t.url('/'));
      const footer = page.getByTestId('footer');
      for (const heading of ['Quick Links', 'Company', 'Contact Us']) {
        await footer.getByRole('heading', { name: heading }).waitFor();
      }
      expect(
        await footer.getByRole('list', { name: 'Social links' }).getByRole('link').count(),
      ).toBeGreaterThanOrEqual(3);
      expect(await footer.getByTestId('support-mailto').getAttribute('href')).toMatch(
        /^mailto:[^@\s]+@[^@\s]+$/,
      );
      for (const [name, path] of [
        ['Privacy Policy', '/privacy'],
        ['Terms of Service', '/terms'],
        ['Cookie Policy', '/cookies'],
      ]) {
        expect(await footer.getByRole('link', { name }).getAttribute('href')).toBe(path);
      }
    },
  );

  browserTest('company and legal pages are real pages', async (t) => {
    const pages: [string, string][] = [
      ['/careers', 'Help every business answer every customer well'],
      ['/contact', 'Talk to a person at Parley'],
      ['/privacy', 'Privacy Policy'],
      ['/terms', 'Terms of Service'],
      ['/cookies', 'Cookie Policy'],
    ];
    for (const [path, heading] of pages) {
      const res = await t.page.goto(t.url(path));
      expect(res?.status()).toBe(200);
      await t.page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
  });

  browserTest(
    'the newsletter form validates the address and shows exactly what the server answered',
    async (t) => {
      const { page } = t;
      await page.goto(t.url('/#newsletter'));
      const section = page.locator('#newsletter');
      await section.getByPlaceholder('you@company.com').fill('not-an-address');
      await section.getByRole('button', { name: 'Subscribe' }).click();
      await expectDescribedError(page, 'Email address', SIGNUP_MESSAGES.emailFormat);

      await section.getByPlaceholder('you@company.com').fill(uniqueEmail('news'));
      const [answer] = await Promise.all([
        page.waitForResponse(
          (r) => new URL(r.url()).pathname === '/api/newsletter' && r.request().method() === 'POST',
        ),
        section.getByRole('button', { name: 'Subscribe' }).click(),
      ]);
      if (answer.ok()) {
        await section.getByTestId('newsletter-success').waitFor();
      } else {
        // No fake success: the failure and the server's own message are shown.
        const body = (await answer.json()) as { error: { message: string } };
        const error = section.getByTestId('newsletter-error');
        await error.waitFor();
        expect(await error.textContent()).toContain(body.error.message);
        expect(await section.getByTestId('newsletter-success').count()).toBe(0);
      }
    },
  );
});
