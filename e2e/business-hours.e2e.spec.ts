// Issue 17's business hours in two browsers. The owner fills the Business hours tab and saves it
// (closed today: today is a holiday); a visitor on the customer's site sees the owner's offline
// note, asks for a person, is offered the offline form instead of a handoff and leaves an email
// and a message; the owner finds the conversation unread, marked as written outside business
// hours, and gets one mail. Back in hours, asking for a person goes live as before.
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { closeContext, useBrowser, type BrowserTest, type CaughtMail } from './support/browser';
import { openWidget, startHostSite, type HostSite } from './support/host-site';
import { ownerApi, signUpOwner } from './support/owner';
import { send, shot } from './support/widget-chat';

const { browserTest } = useBrowser();

const utcDate = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const NOTE = 'We are closed for the holidays. Leave a message and we will write back tomorrow.';

async function mailsTo(t: BrowserTest, to: string): Promise<CaughtMail[]> {
  const res = await fetch(`${t.env.mailcatcherUrl}/api/messages?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`mail catcher: ${res.status}`);
  return (await res.json()) as CaughtMail[];
}

describe('business hours: the offline note and form outside them, live support inside', () => {
  let host: HostSite | undefined;
  const contexts: BrowserContext[] = [];

  afterAll(async () => {
    for (const c of contexts) await closeContext(c);
    await host?.close();
  });

  async function visitorWidget(t: BrowserTest): Promise<{ site: Page; widget: FrameLocator }> {
    const browser = t.context.browser();
    if (!browser || !host) throw new Error('no browser or host site');
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    contexts.push(context);
    const site = await context.newPage();
    site.setDefaultTimeout(20_000);
    await site.goto(host.url);
    return { site, widget: await openWidget(site) };
  }

  browserTest(
    'outside hours a person request becomes the offline form, unread for the owner; inside hours it goes live',
    async (t) => {
      const owner = t.page;
      const details = await signUpOwner(t, 'hours');
      const domain = `hours-${Date.now().toString(36)}.com`;
      const { data } = await ownerApi<{ data: { id: string } }>(t, 'POST', '/domains', { domain });
      const domainId = data.id;

      // The owner fills the tab: on, today (and the days around it, whatever the clock) holidays,
      // Saturday mornings added, the note; saved, and back after a reload.
      await owner.goto(t.url(`/dashboard/settings/domains/${domainId}?tab=hours`));
      const form = owner.getByTestId('business-hours-form');
      await form.waitFor();
      await form.getByRole('switch', { name: 'Use business hours' }).click();
      const holidays = form.getByLabel('Holidays');
      for (const day of [utcDate(-1), utcDate(0), utcDate(1)]) {
        await holidays.fill(day);
        await holidays.press('Enter');
      }
      await form.getByRole('button', { name: 'Add hours on Saturday' }).click();
      await form.getByLabel('Saturday interval 1 closes').fill('12:30');
      await form.getByLabel('Offline note').fill(NOTE);
      const saved = owner.waitForResponse(
        (r) => r.url().endsWith('/business-hours') && r.request().method() === 'PUT',
      );
      await form.getByRole('button', { name: 'Save business hours' }).click();
      expect((await saved).status()).toBe(200);
      await owner.reload();
      await form.waitFor();
      expect(
        await form.getByRole('switch', { name: 'Use business hours' }).getAttribute('aria-checked'),
      ).toBe('true');
      await form.getByText(utcDate(0)).waitFor();
      expect(await form.getByLabel('Saturday interval 1 closes').inputValue()).toBe('12:30');
      expect(await form.getByLabel('Offline note').inputValue()).toBe(NOTE);
      await shot(owner, 'business-hours', 'settings-tab');

      // The visitor: the note on the home tab and in the chat; a person asked for -> the form.
      host = await startHostSite(t.env.gatewayUrl, domainId);
      const { site, widget } = await visitorWidget(t);
      await widget.getByTestId('offline-note').getByText(NOTE).waitFor();
      await widget.getByTestId('home-start').click();
      await widget.getByTestId('offline-note').getByText(NOTE).waitFor();
      await send(widget, 'can I talk to a human');
      await widget.getByTestId('chat-action-offline-form').click();
      const offlineForm = widget.getByTestId('offline-form');
      await offlineForm.getByTestId('offline-form-note').getByText(NOTE).waitFor();
      await offlineForm.getByTestId('offline-email').fill('night.owl@example.com');
      await offlineForm.getByTestId('offline-message').fill('Do you engrave mugs? Please email me.');
      await offlineForm.getByTestId('offline-send').click();
      await widget.getByTestId('toast').getByText('Message sent').waitFor();
      await widget
        .locator('[data-testid="chat-message-visitor"]:not([data-pending])')
        .filter({ hasText: 'Do you engrave mugs?' })
        .waitFor();
      // No handoff happened: the room is not live.
      expect(await widget.getByTestId('chat-pill').count()).toBe(0);
      await shot(site, 'business-hours', 'widget-offline');

      // The owner: the conversation is unread, marked as written outside hours; one mail.
      await owner.goto(t.url('/dashboard/conversation'));
      const row = owner.getByTestId('conversation-row').filter({ hasText: 'night.owl@example.com' });
      await row.waitFor();
      expect(await row.getAttribute('data-unread')).toBe('true');
      await row.click();
      const chat = owner.getByTestId('chat-window');
      await chat.getByTestId('chat-out-of-hours').waitFor();
      await chat
        .getByTestId('message')
        .filter({ hasText: 'Do you engrave mugs?' })
        .getByTestId('offline-tag')
        .waitFor();
      await shot(owner, 'business-hours', 'conversation-out-of-hours');
      const subject = `A visitor left a message on ${domain}`;
      let mails: CaughtMail[] = [];
      for (let i = 0; i < 120 && mails.length === 0; i++) {
        mails = (await mailsTo(t, details.email)).filter((m) => m.subject === subject);
        if (mails.length === 0) await owner.waitForTimeout(250);
      }
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('night.owl@example.com');
      expect(mails[0]!.text).toContain('Do you engrave mugs?');

      // Inside hours (no holidays, open all week): a person request goes live as before.
      const allWeek = Object.fromEntries(
        ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
          d,
          [{ from: '00:00', to: '24:00' }],
        ]),
      );
      await ownerApi(t, 'PUT', `/domains/${domainId}/business-hours`, {
        enabled: true,
        timeZone: 'UTC',
        weekly: allWeek,
        holidays: [],
        offlineMessage: NOTE,
      });
      const inHours = await visitorWidget(t);
      await inHours.widget.getByTestId('home-start').click();
      await inHours.widget.getByTestId('chat-input').waitFor();
      expect(await inHours.widget.getByTestId('offline-note').count()).toBe(0);
      await send(inHours.widget, 'can I talk to a human');
      await inHours.widget.getByTestId('chat-pill').getByText('Live support mode has been enabled').waitFor();
      expect(await inHours.widget.getByTestId('chat-action-offline-form').count()).toBe(0);
      // On the conversation page that visitor wrote in business hours.
      await owner.goto(t.url('/dashboard/conversation'));
      await owner
        .getByTestId('conversation-row')
        .filter({ has: owner.getByTestId('live-tag') })
        .first()
        .click();
      await owner.getByTestId('chat-window').getByTestId('chat-in-hours').waitFor();

      // The dashboard home's funnel (issue 17 item 5) counts this run: two visitors who wrote,
      // one handed off, the offline form's email; and draws the chart.
      await owner.goto(t.url('/dashboard'));
      const funnel = owner.getByTestId('funnel-card');
      await funnel.getByTestId('funnel-chart').locator('svg').first().waitFor();
      const count = async (key: string) =>
        Number(
          (await funnel.getByTestId(`funnel-${key}`).locator('strong').textContent())?.replace(/\D/g, ''),
        );
      for (let i = 0; i < 40 && (await count('handedOff')) < 1; i++) {
        await owner.waitForTimeout(500);
        await owner.reload();
        await funnel.getByTestId('funnel-chart').locator('svg').first().waitFor();
      }
      expect(await count('visitors')).toBeGreaterThanOrEqual(2);
      expect(await count('conversations')).toBe(2);
      expect(await count('handedOff')).toBe(1);
      expect(await count('emails')).toBe(1);
      await shot(owner, 'business-hours', 'dashboard-funnel');
    },
    { timeoutMs: 240_000 },
  );
});
