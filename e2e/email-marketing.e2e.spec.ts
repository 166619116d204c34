// Issue 14 item 1, email marketing: an owner whose widget captured customers sees them as
// contacts, writes a campaign in the blog's editor, is refused with the plan's limit when the
// recipients are more than the month's emails left (the 11th on STANDARD), sends it to fewer, the
// mails arrive with List-Unsubscribe headers and a link that unsubscribes (and the one-click POST
// too), the campaign counts sent and unsubscribed, and an unsubscribed contact is never mailed
// again.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { eventually } from '@parley/testing';
import type { Page } from 'playwright-core';
import { useBrowser, waitForMail, type BrowserTest } from './support/browser';
import { ownerApi, signUpOwnerWithDomain } from './support/owner';

const { journey } = useBrowser();
const SHOTS = join(__dirname, '..', 'test-results');

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `email-marketing--${name}.png`), fullPage: true });
}

interface MailWithHeaders {
  subject: string;
  text: string;
  html: string;
  listUnsubscribe: string | null;
  listUnsubscribePost: string | null;
}

async function mailsTo(t: BrowserTest, to: string): Promise<MailWithHeaders[]> {
  const res = await fetch(`${t.env.mailcatcherUrl}/api/messages?to=${encodeURIComponent(to)}`);
  return (await res.json()) as MailWithHeaders[];
}

describe('email marketing', () => {
  const run = Date.now().toString(36);
  const domain = `marketing-${run}.com`;
  // Eleven visitors left their address: one more than STANDARD's 10 emails a month.
  const visitors = Array.from({ length: 11 }, (_, i) => `buyer${i}-${run}@example.com`);
  let domainId = '';

  /** A visitor of the widget who gives their address (what the assistant's email question does). */
  async function captureVisitor(t: BrowserTest, email: string) {
    const session = await t.page.request.post(`${t.env.gatewayUrl}/api/widget/session`, {
      data: { domainId },
    });
    const token = ((await session.json()) as { data: { token: string } }).data.token;
    const res = await t.page.request.post(`${t.env.gatewayUrl}/api/widget/email`, {
      headers: { authorization: `Bearer ${token}` },
      data: { email },
    });
    expect(res.status()).toBe(200);
    return token;
  }

  const { step } = journey(
    async (t) => {
      domainId = await signUpOwnerWithDomain(t, 'marketing', domain);
      for (const email of visitors) await captureVisitor(t, email);
      // One of them also booked, with a name (the booking flow captures it too).
      const token = await captureVisitor(t, visitors[1]!);
      const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      const booked = await t.page.request.post(`${t.env.gatewayUrl}/api/widget/bookings`, {
        headers: { authorization: `Bearer ${token}` },
        data: { date: day, slot: '9:00am', email: visitors[1], name: 'Bea Booker' },
      });
      expect(booked.status()).toBe(200);
    },
    { timeoutMs: 180_000 },
  );

  step('the captured customers are contacts: listed, searched, with the plan’s contacts limit', async (t) => {
    const page = t.page;
    await eventually(async () => {
      const answer = await ownerApi<{ total: number }>(t, 'GET', '/marketing/contacts');
      expect(answer.total).toBe(11);
    }, 30_000);
    await page.goto(t.url('/dashboard/email-marketing'));
    await page.getByRole('heading', { level: 1, name: 'Email Marketing' }).waitFor();
    await page
      .getByTestId('contacts-limit')
      .getByText('11 of 1,000 contacts your Standard plan keeps')
      .waitFor();
    await page.getByText('1-11 of 11 contacts').waitFor();
    const bea = page.getByTestId('contacts-table').locator('tr').filter({ hasText: 'Bea Booker' });
    await bea.waitFor();
    expect(await bea.textContent()).toContain(visitors[1]);
    await page.getByTestId('contacts-search').locator('input').fill(`buyer1`);
    await page.getByTestId('contacts-search').locator('input').press('Enter');
    // buyer1 and buyer10.
    await page.getByText('1-2 of 2 contacts').waitFor();
    await shot(page, 'contacts');
  });

  step('a campaign to all 11 is refused with the limit’s message; to 2 it is sent and arrives', async (t) => {
    const page = t.page;
    await page.getByRole('tab', { name: 'Campaigns' }).click();
    await page.getByTestId('emails-usage').getByText('0 of 10 emails used this month · 10 left').waitFor();
    await page.getByTestId('new-campaign').click();
    const editor = page.getByTestId('campaign-editor');
    await editor.getByTestId('campaign-subject').fill('Spring glazes are in');
    await editor.getByTestId('campaign-body').click();
    await page.getByRole('button', { name: 'Heading', exact: true }).click();
    await page.keyboard.type('New colours');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Twelve new glazes for your mugs, ');
    await page.getByRole('button', { name: 'Bold', exact: true }).click();
    await page.keyboard.type('this week only');
    await page.getByRole('button', { name: 'Bold', exact: true }).click();
    await page.keyboard.type('.');

    // The preview is the mail as it will look.
    await editor.getByTestId('campaign-preview').click();
    const frame = page.frameLocator('[data-testid="campaign-preview-frame"]');
    await frame.getByRole('heading', { name: 'New colours' }).waitFor();
    await frame.getByText('Unsubscribe').waitFor();
    await shot(page, 'preview');
    await page.keyboard.press('Escape');

    // Every one of the 11: one more than the month allows.
    await editor.getByTestId('campaign-matching').getByText('11 subscribed contacts match.').waitFor();
    await editor.getByTestId('campaign-send').click();
    const refusal =
      'Your Standard plan allows 10 emails a month and 10 are left this month; this campaign has 11 recipients. Narrow the recipients or upgrade to Pro.';
    await editor.getByTestId('campaign-error').getByText(refusal).waitFor();
    await shot(page, 'refused');
    expect(await mailsTo(t, visitors[0]!)).toHaveLength(0);

    // Narrowed to buyer1 and buyer10.
    await editor.getByTestId('campaign-audience-query').fill('buyer1');
    await editor.getByTestId('campaign-matching').getByText('2 subscribed contacts match.').waitFor();
    await editor.getByTestId('campaign-send').click();
    await page.getByText('Sending to 2 contacts').waitFor();
    await editor.waitFor({ state: 'hidden' });

    for (const to of [visitors[1]!, visitors[10]!]) {
      const mail = await waitForMail(t.env, to);
      expect(mail.subject).toBe('Spring glazes are in');
      expect(mail.html).toContain('New colours');
      expect(mail.html).toContain('<strong');
      expect(mail.text).toContain('Twelve new glazes for your mugs, this week only.');
    }
    expect(await mailsTo(t, visitors[0]!)).toHaveLength(0);
    const row = page.getByTestId('campaigns-table').locator('tr').filter({ hasText: 'Spring glazes are in' });
    await row.getByText('Sent', { exact: true }).waitFor({ timeout: 30_000 });
    await eventually(async () => expect(await row.getByTestId('campaign-sent').textContent()).toBe('2'));
    await page.getByTestId('emails-usage').getByText('2 of 10 emails used this month · 8 left').waitFor();
    await shot(page, 'sent');
  });

  step(
    'the mail’s unsubscribe link and the one-click POST unsubscribe; the campaign counts them',
    async (t) => {
      const page = t.page;
      const [first] = await mailsTo(t, visitors[1]!);
      expect(first!.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
      const headerUrl = /^<(.+)>$/.exec(first!.listUnsubscribe ?? '')?.[1];
      expect(headerUrl).toMatch(/\/api\/marketing\/unsubscribe\?token=/);
      const link = /Unsubscribe: (\S+)/.exec(first!.text)?.[1];
      expect(link).toBe(headerUrl);

      // The reader clicks the link in the mail.
      const reader = await t.context.browser()!.newContext();
      try {
        const readerPage = await reader.newPage();
        await readerPage.goto(link!);
        await readerPage.getByTestId('unsubscribed').getByText('You are unsubscribed').waitFor();
        await readerPage.screenshot({ path: join(SHOTS, 'email-marketing--unsubscribed.png') });
        // A forged link does nothing.
        await readerPage.goto(link!.replace(/token=.{6}/, 'token=AAAAAA'));
        await readerPage.getByText('This link does not work').waitFor();
      } finally {
        await reader.close();
      }

      // The other's mail client uses the one-click header (RFC 8058): a POST, no cookies.
      const [second] = await mailsTo(t, visitors[10]!);
      const oneClick = /^<(.+)>$/.exec(second!.listUnsubscribe ?? '')?.[1];
      const res = await fetch(oneClick!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ outcome: 'unsubscribed' });

      await page.reload();
      await page.getByRole('tab', { name: 'Campaigns' }).click();
      const row = page
        .getByTestId('campaigns-table')
        .locator('tr')
        .filter({ hasText: 'Spring glazes are in' });
      await eventually(async () =>
        expect(await row.getByTestId('campaign-unsubscribed').textContent()).toBe('2'),
      );
      await page.getByRole('tab', { name: 'Contacts' }).click();
      await page.getByRole('combobox', { name: 'Subscription' }).click();
      await page
        .locator('.ant-select-item-option')
        .filter({ hasText: /^Unsubscribed$/ })
        .click();
      await page.getByText('1-2 of 2 contacts').waitFor();
    },
  );

  step('an unsubscribed contact gets no other campaign; the month’s count is checked again', async (t) => {
    const page = t.page;
    await page.getByRole('tab', { name: 'Campaigns' }).click();
    await page.getByTestId('new-campaign').click();
    const editor = page.getByTestId('campaign-editor');
    await editor.getByTestId('campaign-subject').fill('Kiln open day');
    await editor.getByTestId('campaign-body').click();
    await page.keyboard.type('Come and see the kiln on Saturday.');
    // All 9 still subscribed, 8 emails left.
    await editor.getByTestId('campaign-send').click();
    await editor
      .getByTestId('campaign-error')
      .getByText(
        'Your Standard plan allows 10 emails a month and 8 are left this month; this campaign has 9 recipients. Narrow the recipients or upgrade to Pro.',
      )
      .waitFor();
    // buyer1 and buyer10 unsubscribed: nobody is left to mail.
    await editor.getByTestId('campaign-audience-query').fill('buyer1');
    await editor.getByTestId('campaign-send').click();
    await editor
      .getByTestId('campaign-error')
      .getByText('No subscribed contacts match these recipients')
      .waitFor();
    // buyer2 alone.
    await editor.getByTestId('campaign-audience-query').fill('buyer2');
    await editor.getByTestId('campaign-send').click();
    await page.getByText('Sending to 1 contact').waitFor();
    const mail = await waitForMail(t.env, visitors[2]!);
    expect(mail.subject).toBe('Kiln open day');
    await page.getByTestId('emails-usage').getByText('3 of 10 emails used this month · 7 left').waitFor();
    expect(await mailsTo(t, visitors[1]!)).toHaveLength(1);
    expect(await mailsTo(t, visitors[10]!)).toHaveLength(1);
    await shot(page, 'campaigns');
  });
});
