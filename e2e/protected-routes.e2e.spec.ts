// Spec section 2's guards: signed-out visitors of dashboard pages go to sign-in (and come back
// after it), signed-in users skip the sign-in and sign-up pages, admin entries only for admins.
import { logInThroughUi, useBrowser, waitForPath } from './support/browser';
import { signUpOwner } from './support/owner';

const { browserTest } = useBrowser();

describe('protected routes', () => {
  browserTest('a signed-out visitor of a dashboard page is sent to sign-in with the way back', async (t) => {
    for (const [path, expected] of [
      ['/dashboard', '/auth/sign-in'],
      ['/dashboard/settings', '/auth/sign-in?next=%2Fdashboard%2Fsettings'],
      ['/dashboard/admin/tags', '/auth/sign-in?next=%2Fdashboard%2Fadmin%2Ftags'],
      ['/notifications', '/auth/sign-in?next=%2Fnotifications'],
      ['/auth', '/auth/sign-in'],
    ]) {
      await t.page.goto(t.url(path!));
      const u = new URL(t.page.url());
      expect(`${u.pathname}${u.search}`).toBe(expected);
    }
  });

  browserTest(
    'signing in from the redirect returns to the page asked for, with the breadcrumb of its path',
    async (t) => {
      const { page } = t;
      await page.goto(t.url('/dashboard/admin/tags'));
      await waitForPath(page, (p) => p.startsWith('/auth/sign-in?next='));
      await page.getByLabel('Email', { exact: true }).fill(t.env.adminEmail);
      await page.getByLabel('Password', { exact: true }).fill(t.env.adminPassword);
      await page.getByRole('button', { name: 'Log In' }).click();
      await waitForPath(page, (p) => p === '/dashboard/admin/tags');
      await page.getByRole('heading', { name: 'Content Tags' }).waitFor();

      const crumbs = page.getByTestId('breadcrumb').getByRole('link');
      expect((await crumbs.allTextContents()).map((c) => c.trim())).toEqual(['Dashboard', 'Admin', 'Tags']);
      expect(await Promise.all((await crumbs.all()).map((c) => c.getAttribute('href')))).toEqual([
        '/dashboard',
        '/dashboard/admin',
        '/dashboard/admin/tags',
      ]);
      const sidebar = page.getByTestId('sidebar');
      for (const entry of [
        'Dashboard',
        'Conversation',
        'Team',
        'Settings',
        'Email Marketing',
        'Admin Overview',
        'Content Tags',
        'Blog Posts',
        'Job Listings',
        'Applications',
        'Categories',
      ]) {
        await sidebar.getByRole('link', { name: entry, exact: true }).waitFor();
      }
    },
  );

  browserTest('a signed-in user visiting sign-in or sign-up goes to the dashboard', async (t) => {
    await logInThroughUi(t, t.env.adminEmail, t.env.adminPassword);
    // Two visits: a third load of /dashboard within 30 s would be the redirect-loop guard's business.
    for (const path of ['/auth/sign-in', '/auth/sign-up?plan=PRO']) {
      await t.page.goto(t.url(path));
      expect(new URL(t.page.url()).pathname).toBe('/dashboard');
    }
  });

  browserTest('pages that later issues fill show their title and an honest empty state', async (t) => {
    // A new owner: the admin of the suite's stack has domains and notifications from other specs.
    await signUpOwner(t, 'empty-states');
    for (const [path, title] of [
      ['/dashboard/settings', 'Settings'],
      ['/notifications', 'Notifications'],
    ]) {
      await t.page.goto(t.url(path!));
      await t.page.getByRole('heading', { level: 1, name: title }).waitFor();
      await t.page.getByTestId('empty-state').waitFor();
    }
  });

  browserTest(
    'an expired access token is renewed with the refresh cookie, without leaving the page',
    async (t) => {
      await logInThroughUi(t, t.env.adminEmail, t.env.adminPassword);
      // What the browser holds once the 15-minute access token has expired.
      await t.context.clearCookies({ name: 'parley_at' });
      await t.page.goto(t.url('/dashboard/profile'));
      await t.page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
      expect((await t.page.getByTestId('profile-email').textContent())?.trim()).toBe(t.env.adminEmail);
      expect(new URL(t.page.url()).pathname).toBe('/dashboard/profile');
      expect((await t.context.cookies()).some((c) => c.name === 'parley_at')).toBe(true);
    },
  );

  browserTest('a session that cannot be renewed ends on the sign-in page, not in a loop', async (t) => {
    await logInThroughUi(t, t.env.adminEmail, t.env.adminPassword);
    await t.context.clearCookies({ name: 'parley_at' });
    await t.context.clearCookies({ name: 'parley_rt' });
    await t.page.goto(t.url('/dashboard/team'));
    await waitForPath(t.page, (p) => p === '/auth/sign-in?next=%2Fdashboard%2Fteam');
    await t.page.getByRole('button', { name: 'Log In' }).waitFor();
    expect((await t.context.cookies()).filter((c) => c.name === 'parley_session')).toEqual([]);
  });
});
