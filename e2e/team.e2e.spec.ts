// Issue 4, the team: an owner invites a member, the invitation mail arrives, the member accepts in
// a second browser, shows as active on the owner's team page, and once removed is refused.
import type { BrowserContext, Page } from 'playwright-core';
import {
  closeContext,
  expectFieldError,
  uniqueEmail,
  useBrowser,
  waitForMail,
  waitForPath,
} from './support/browser';
import { ownerApi, signUpOwner } from './support/owner';

const { journey } = useBrowser();

const toast = (page: Page) => page.locator('.ant-notification-notice');
const row = (page: Page, email: string) => page.locator(`[data-testid="team-row"][data-email="${email}"]`);

describe('the team in the browser', () => {
  const memberEmail = uniqueEmail('agent');
  let memberContext: BrowserContext;
  let member: Page;
  let inviteLink: string;

  const { step } = journey(async (t) => {
    await signUpOwner(t, 'team-owner');
    await t.page.goto(t.url('/dashboard/team'));
    await t.page.getByTestId('team-list').waitFor();
    memberContext = await t.context.browser()!.newContext({ viewport: { width: 1280, height: 860 } });
    member = await memberContext.newPage();
    member.setDefaultTimeout(20_000);
  });

  afterAll(async () => {
    await closeContext(memberContext);
  });

  step(
    'the owner sees only themself, and a bad address is refused with the spec message',
    async ({ page }) => {
      expect(await page.getByTestId('team-row').count()).toBe(1);
      await page.getByTestId('team-row').getByText('Owner', { exact: true }).waitFor();
      await page.getByLabel('Email address to invite').fill('not-an-email');
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await expectFieldError(page, 'Email address to invite', 'Incorrect email format');
    },
  );

  step('inviting lists the address as Invited and mails a link to the accept page', async (t) => {
    const { page } = t;
    await page.getByLabel('Email address to invite').fill(memberEmail);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await toast(page).getByText('Invitation sent').waitFor();
    await row(page, memberEmail).getByTestId('member-status').getByText('Invited').waitFor();

    const mail = await waitForMail(t.env, memberEmail);
    expect(mail.subject).toBe('Jane Cooper invited you to their Parley team');
    const link = /https?:\/\/\S+\/auth\/accept-invite\?token=\S+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    inviteLink = link!;
    expect(new URL(inviteLink).origin).toBe(new URL(t.env.frontendUrl).origin);

    // Sending it again within a minute is refused with the wait (the mail just went out).
    await row(page, memberEmail).getByRole('button', { name: 'Resend' }).click();
    const refused = page.locator('.ant-notification-notice-error');
    await refused.getByText('Failed to send invitation').waitFor();
    expect(await refused.textContent()).toMatch(/This invitation was sent a moment ago\. Try again in/);
  });

  step(
    'the member opens the link signed out, sets a name and password, and lands on the dashboard',
    async () => {
      await member.goto(inviteLink);
      await member.getByRole('heading', { name: "Join Jane Cooper's team" }).waitFor();
      expect(await member.getByTestId('invite-email').inputValue()).toBe(memberEmail);
      await member.getByLabel('Full name', { exact: true }).fill('Grace Hopper');
      await member.getByLabel('Password', { exact: true }).fill('member-pass_42');
      await member.getByLabel('Confirm password', { exact: true }).fill('other-pass_42');
      await member.getByRole('button', { name: 'Accept invitation' }).click();
      await expectFieldError(member, 'Confirm password', 'passwords do not match');
      await member.getByLabel('Confirm password', { exact: true }).fill('member-pass_42');
      await member.getByRole('button', { name: 'Accept invitation' }).click();
      await waitForPath(member, (p) => p === '/dashboard');
      // The member's team page is read-only.
      await member.goto(new URL('/dashboard/team', inviteLink).toString());
      await member.getByTestId('team-read-only').waitFor();
      expect(await member.getByRole('button', { name: 'Remove' }).count()).toBe(0);
    },
  );

  step('the used link opens nothing any more', async (t) => {
    const other = await t.context.browser()!.newContext();
    try {
      const page = await other.newPage();
      await page.goto(inviteLink);
      await page
        .getByTestId('invite-invalid')
        .getByText('This invitation is invalid or has expired')
        .waitFor();
    } finally {
      await closeContext(other);
    }
  });

  step('the owner sees the member Active, active now', async ({ page }) => {
    await page.reload();
    const memberRow = row(page, memberEmail);
    await memberRow.getByText('Grace Hopper').waitFor();
    await memberRow.getByTestId('member-status').getByText('Active').waitFor();
    await memberRow.getByTestId('member-presence').getByText('Active now').waitFor();
  });

  step('the owner removes the member; the member’s next request is refused', async (t) => {
    const { page } = t;
    await row(page, memberEmail).getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Remove member' }).click();
    await toast(page).getByText('Member removed').waitFor();
    await row(page, memberEmail).waitFor({ state: 'detached' });

    const refused = await member.request.get(new URL('/api/user/me', t.env.frontendUrl).toString());
    expect(refused.status()).toBe(401);
    // Removal also closes the member's open socket, so their open dashboard may already be on its
    // way to sign-in and interrupt this navigation: either way they must end up there.
    await member.goto(new URL('/dashboard/team', t.env.frontendUrl).toString()).catch((error: Error) => {
      if (!/interrupted by another navigation|ERR_ABORTED/.test(error.message)) throw error;
    });
    await waitForPath(member, (p) => p.startsWith('/auth/sign-in'));
  });
});

describe('an invitation from an owner whose name is one long word, opened on a phone', () => {
  const longName = 'Maximilianus'.repeat(8);
  let inviteLink = '';
  const { step } = journey(
    async (t) => {
      await signUpOwner(t, 'team-long-name');
      await ownerApi(t, 'PATCH', '/user/me', { fullname: longName });
      const email = uniqueEmail('long-agent');
      await ownerApi(t, 'POST', '/team/invites', { email });
      inviteLink = /https?:\/\/\S+\/auth\/accept-invite\?token=\S+/.exec(
        (await waitForMail(t.env, email)).text,
      )![0];
    },
    { viewport: { width: 375, height: 760 } },
  );

  step('the heading wraps inside the page instead of being cut off', async ({ page }) => {
    await page.goto(inviteLink);
    const heading = page.getByRole('heading', { name: `Join ${longName}'s team` });
    await heading.waitFor();
    const box = (await heading.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await heading.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
  });
});
