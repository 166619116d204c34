// Issue 4's whole journey in two browsers: a visitor on a plain customer site opens the widget
// from the embed snippet and writes; the owner, on the conversation page, sees the conversation
// and the message arrive without reloading, sees the visitor typing, turns live support on and
// answers as a team member; the visitor sees 'Support' with the 'Team' badge; an internal note
// never reaches the visitor (neither live nor after a reload of the site).
import type { BrowserContext, Page } from 'playwright-core';
import { closeContext, useBrowser } from './support/browser';
import { openWidget, startHostSite, type HostSite } from './support/host-site';
import { signUpOwnerWithDomain } from './support/owner';

const { browserTest } = useBrowser();

describe('live support between a visitor and the owner', () => {
  let host: HostSite | undefined;
  let visitorContext: BrowserContext | undefined;

  afterAll(async () => {
    await closeContext(visitorContext);
    await host?.close();
  });

  browserTest(
    'a visitor chats from the widget; the owner answers live as a team member; notes stay internal',
    async (t) => {
      const owner = t.page;
      const domainId = await signUpOwnerWithDomain(t, 'live', `live-${Date.now().toString(36)}.com`);
      await owner.goto(t.url('/dashboard/conversation'));
      await owner.getByTestId('no-conversations').or(owner.getByTestId('list-empty')).first().waitFor();

      host = await startHostSite(t.env.gatewayUrl, domainId);
      const browser = t.context.browser();
      if (!browser) throw new Error('no browser');
      visitorContext = await browser.newContext({ viewport: { width: 1100, height: 800 } });
      const site: Page = await visitorContext.newPage();
      site.setDefaultTimeout(20_000);
      await site.goto(host.url);
      const widget = await openWidget(site);
      await widget.getByTestId('home-start').click();

      // The first message opens the conversation: it appears in the owner's list by itself. The
      // assistant (issue 5) may already have answered it, so the row's preview can be its reply.
      await widget.getByTestId('chat-input').fill('Hi! Do you sell gift cards?');
      await widget.getByTestId('chat-send').click();
      const row = owner.getByTestId('conversation-row').first();
      await row.getByTestId('conversation-preview').waitFor();
      await row.click();
      const chat = owner.getByTestId('chat-window');
      await chat.getByTestId('message').filter({ hasText: 'Do you sell gift cards?' }).waitFor();

      // The visitor types: the owner sees the indicator while they type, and it goes with the message.
      const input = widget.getByTestId('chat-input');
      await input.click();
      await input.pressSequentially('And can I pay by inv', { delay: 60 });
      await owner.getByTestId('typing-indicator').waitFor();
      await input.pressSequentially('oice?', { delay: 60 });
      await widget.getByTestId('chat-send').click();
      await chat.getByTestId('message').filter({ hasText: 'And can I pay by invoice?' }).waitFor();
      await owner.getByTestId('typing-indicator').waitFor({ state: 'detached' });

      // Live support on, then an answer as a team member.
      await owner.getByTestId('live-switch').click();
      await widget.getByTestId('chat-pill').getByText('Live support mode has been enabled').waitFor();
      await owner
        .getByTestId('composer-input')
        .fill('Yes to both — gift cards from $10, invoices for business orders.');
      await owner.getByTestId('composer-send').click();
      const answer = widget.getByTestId('chat-message-assistant').filter({ hasText: 'gift cards from $10' });
      await answer.waitFor();
      expect(await answer.locator('.pw-sender').textContent()).toContain('Support');
      expect(await answer.locator('.pw-badge').textContent()).toBe('Team');

      // An internal note: the team sees it, the visitor never does.
      await owner.getByTestId('composer-mode').getByText('Internal note').click();
      await owner.getByTestId('composer-input').fill('VIP buyer, offer free engraving');
      await owner.getByTestId('composer-send').click();
      await chat.getByTestId('note').filter({ hasText: 'VIP buyer' }).waitFor();
      // A later reply reaches the visitor, so anything sent before it would have arrived by now.
      await owner.getByTestId('composer-mode').getByText('Reply').click();
      await owner.getByTestId('composer-input').fill('Anything else I can help with?');
      await owner.getByTestId('composer-send').click();
      await widget.getByTestId('chat-message-assistant').filter({ hasText: 'Anything else' }).waitFor();
      expect(await widget.getByText('VIP buyer').count()).toBe(0);
      expect(await widget.getByTestId('chat-note').count()).toBe(0);

      // Nor after a reload, when the chat comes from the server's history.
      await site.reload();
      const afterReload = await openWidget(site);
      // The widget reopens where the visitor was, or on its home tab.
      const openChat = afterReload.getByTestId('home-start');
      await openChat.or(afterReload.getByTestId('chat-messages')).first().waitFor();
      if (await openChat.isVisible()) await openChat.click();
      await afterReload.getByTestId('chat-message-assistant').filter({ hasText: 'Anything else' }).waitFor();
      expect(await afterReload.getByText('VIP buyer').count()).toBe(0);
    },
    { timeoutMs: 180_000 },
  );
});
