// Issue 4's conversation page in the browser: a visitor (the widget's REST API and its socket,
// driven from the test) writes; the owner sees the conversation arrive in the list without a
// reload, filters it, opens it, sees the visitor type, replies as the team, adds a note the
// visitor never receives, switches live support, and messages carrying markup render safely.
import { eventually } from '@parley/testing';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { closeContext, uniqueEmail, useBrowser, waitForMail, type BrowserTest } from './support/browser';
import { consumeRequests, LIMIT_NOTICE, STANDARD_REQUEST_LIMIT } from './support/billing';
import { seedConversations } from './support/conversations-seed';
import { expectFits, LONG_LINK, UNBROKEN } from './support/layout';
import { ownerApi, signUpOwnerWithDomain } from './support/owner';
import { e2eEnvironment } from './support/stack';

const { journey } = useBrowser();
const SHOTS = join(__dirname, '..', 'test-results');

interface Visitor {
  token: string;
  roomId?: string;
}

async function widgetCall<T>(
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const { gatewayUrl } = e2eEnvironment();
  const res = await fetch(`${gatewayUrl}/api/widget${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      accept: 'application/json',
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function startVisitor(domainId: string): Promise<Visitor> {
  const body = await widgetCall<{ data: { token: string } }>('/session', { body: { domainId } });
  return { token: body.data.token };
}

async function visitorSays(visitor: Visitor, content: string): Promise<void> {
  const body = await widgetCall<{ data: { roomId: string } }>('/messages', {
    token: visitor.token,
    body: { content, clientId: randomUUID() },
  });
  visitor.roomId = body.data.roomId;
}

async function visitorChat(visitor: Visitor) {
  const body = await widgetCall<{
    data: {
      room: { live: boolean } | null;
      messages: { content: string; isNote: boolean; teamMemberName: string | null }[];
    };
  }>('/chat', { token: visitor.token });
  return body.data;
}

/** The visitor's widget socket, subscribed to its room (typing goes out on it). */
async function visitorSocket(visitor: Visitor): Promise<Socket> {
  const socket = io(e2eEnvironment().gatewayUrl, {
    auth: { token: visitor.token },
    transports: ['websocket'],
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const ack = await socket.timeout(5_000).emitWithAck('subscribe', { channel: visitor.roomId });
  expect(ack).toMatchObject({ ok: true });
  return socket;
}

const rows = (page: Page) => page.getByTestId('conversation-row');
const filter = (page: Page, name: string) =>
  page.getByTestId('conversation-filter').getByText(name, { exact: true }).click();

const sameDocument = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { __sameDocument?: boolean }).__sameDocument === true);

const untilTrue = (check: () => Promise<boolean>, what: string, timeoutMs = 15_000) =>
  eventually(
    async () => {
      if (!(await check())) throw new Error(`timed out waiting for ${what}`);
    },
    timeoutMs,
    250,
  );

describe('the conversation page in the browser', () => {
  const domain = `chat-${Date.now().toString(36)}.com`;
  let domainId = '';
  let visitor: Visitor;
  let socket: Socket | undefined;

  const { step } = journey(async (t: BrowserTest) => {
    domainId = await signUpOwnerWithDomain(t, 'conversations', domain);
    // This journey is about the team's side of a chat. The assistant answers every visitor
    // (assistant.e2e.spec.ts covers that): here the account has used its plan's requests, so the
    // bot posts its one follow-up notice per room and is silent after it, as at the limit.
    const me = await ownerApi<{ user: { accountId: string } }>(t, 'GET', '/user/me');
    await consumeRequests(me.user.accountId, STANDARD_REQUEST_LIMIT, 'e2e-conversations');
    await t.page.routeWebSocket(/\/socket\.io\//, (ws) => {
      // Held off: the page sees the socket open (mocked) and then close, and tries again later.
      if (socketsBlocked) return void setTimeout(() => void ws.close(), 100);
      ws.connectToServer();
      sockets.add(ws);
    });
    await t.page.goto(t.url('/dashboard/conversation'));
    // Opening a chat changes the query in place; a reload would lose this mark.
    await t.page.evaluate(() => {
      (globalThis as unknown as { __sameDocument?: boolean }).__sameDocument = true;
    });
  });
  let agentContext: BrowserContext | undefined;
  // The page's sockets go through this route, so a step can cut them and hold them off.
  const sockets = new Set<WebSocketRoute>();
  let socketsBlocked = false;
  afterAll(async () => {
    socket?.disconnect();
    await closeContext(agentContext);
  });

  step('with no conversation yet, the page shows the embed snippet of the domain', async ({ page }) => {
    const snippet = page.getByTestId('embed-snippet');
    await snippet.waitFor();
    const text = (await snippet.textContent()) ?? '';
    expect(text).toMatch(
      /^<script src="http:\/\/[^"]+\/widget\/loader\.js" data-domain-id="[^"]+" async><\/script>$/,
    );
    expect(text).toContain(`data-domain-id="${domainId}"`);
  });

  step(
    'a visitor writes: the conversation shows up live, unread and urgent, without a reload',
    async ({ page }) => {
      visitor = await startVisitor(domainId);
      await visitorSays(visitor, 'Hello, do you ship <b>mugs</b> to Norway?');
      const row = rows(page).first();
      await row.waitFor({ timeout: 20_000 });
      expect(await row.getAttribute('data-room-id')).toBe(visitor.roomId);
      // The visitor's words first, then the bot's notice as the last message (markup stripped).
      await untilTrue(async () => (await visitorChat(visitor)).messages.length === 2, 'the notice');
      await row
        .getByTestId('conversation-preview')
        .getByText(`Assistant: ${LIMIT_NOTICE.slice(0, 30)}`, { exact: false })
        .waitFor();
      expect(await row.textContent()).toContain('Visitor');
      expect(await row.textContent()).toContain(domain);
      await row.getByTestId('unread-dot').waitFor();
      await row.getByTestId('urgent-marker').waitFor();
      expect(await sameDocument(page)).toBe(true);
    },
  );

  step("the visitor answers the domain's question (a long reference and link)", async (t) => {
    await ownerApi(t, 'POST', '/settings/filter-questions', {
      domainId,
      question: 'Your order reference?',
      answer: 'So we can find the order',
    });
    const questions = await widgetCall<{ data: Array<{ id: string }> }>('/questions', {
      token: visitor.token,
    });
    const answered = await widgetCall<{ data: Array<{ answer: string | null }> }>('/answers', {
      token: visitor.token,
      body: { answers: [{ questionId: questions.data[0]!.id, answer: `${UNBROKEN} ${LONG_LINK}` }] },
    });
    expect(answered.data[0]!.answer).toBe(`${UNBROKEN} ${LONG_LINK}`);
  });

  step('the filters: unread lists it, live and shared do not, all again', async ({ page }) => {
    await filter(page, 'Unread');
    await rows(page).first().waitFor();
    await filter(page, 'Live');
    await page.getByTestId('list-empty').waitFor();
    expect(await rows(page).count()).toBe(0);
    await filter(page, 'Shared');
    await page.getByTestId('list-empty').waitFor();
    await filter(page, 'All');
    await rows(page).first().waitFor();
    expect(await rows(page).count()).toBe(1);
  });

  step('a list that cannot be loaded says so in a toast', async ({ page }) => {
    await page.route('**/api/conversations?*', (route) => route.abort());
    await filter(page, 'Unread');
    const toast = page.locator('.ant-notification-notice').last();
    await toast.getByText('Error refreshing conversations').waitFor();
    await toast.getByText('There was an error loading your conversations. Please try again.').waitFor();
    await page.unroute('**/api/conversations?*');
    await filter(page, 'All');
    await rows(page).first().waitFor();
  });

  step('opening it shows the message on the visitor side and marks it seen', async ({ page }) => {
    await rows(page).first().click();
    const chat = page.getByTestId('chat-window');
    const message = chat.getByTestId('message').filter({ hasText: 'do you ship' });
    await message.waitFor();
    expect(await message.getAttribute('data-side')).toBe('visitor');
    expect(await message.locator('b').textContent()).toBe('mugs');
    await rows(page).first().getByTestId('unread-dot').waitFor({ state: 'detached' });
    // Two messages (the visitor's and the bot's notice): under way, a short exchange.
    await page.getByTestId('insight-status').getByText('In progress').waitFor();
    await page.getByTestId('insight-overview').getByText('Conversation started').waitFor();
  });

  step('the visitor types: the indicator shows, and goes when their message arrives', async ({ page }) => {
    socket = await visitorSocket(visitor);
    const indicator = page.getByTestId('typing-indicator');
    await untilTrue(async () => {
      await socket!.timeout(5_000).emitWithAck('typing', { roomId: visitor.roomId, isTyping: true });
      return indicator.isVisible();
    }, 'the typing indicator');
    await visitorSays(visitor, 'Also, <i>how long</i> does delivery take?');
    await page.getByTestId('message').filter({ hasText: 'does delivery take' }).waitFor();
    await indicator.waitFor({ state: 'detached' });
    expect(await rows(page).first().getByTestId('conversation-preview').textContent()).toBe(
      'Also, how long does delivery take?',
    );
  });

  step('a reply shows as Support with the Team badge and reaches the visitor', async ({ page }) => {
    await page.getByTestId('composer-input').fill('   We ship to Norway in 3-5 days.  ');
    await page.getByTestId('composer-send').click();
    const reply = page.getByTestId('message').filter({ hasText: 'We ship to Norway' });
    await reply.waitFor();
    await untilTrue(async () => (await reply.getAttribute('data-pending')) === null, 'the server copy');
    expect(await reply.getAttribute('data-side')).toBe('assistant');
    expect(await reply.getByTestId('team-badge').textContent()).toBe('Team');
    expect(await reply.textContent()).toContain('Support');
    expect(await page.getByTestId('message').filter({ hasText: 'We ship to Norway' }).count()).toBe(1);
    await untilTrue(
      async () =>
        (await visitorChat(visitor)).messages.some((m) => m.content === 'We ship to Norway in 3-5 days.'),
      'the visitor to receive the trimmed reply',
    );
  });

  step(
    'a reply the server does not take is taken back with the toast, and the text is kept',
    async ({ page }) => {
      await page.route('**/api/conversations/*/messages', (route) =>
        route.request().method() === 'POST' ? route.abort() : route.continue(),
      );
      await page.getByTestId('composer-input').fill('This one is lost');
      await page.getByTestId('composer-send').click();
      const toast = page.locator('.ant-notification-notice').last();
      await toast.getByText('Error sending message').waitFor();
      await toast.getByText("Your message couldn't be sent. Please try again.").waitFor();
      expect(await page.getByTestId('message').filter({ hasText: 'This one is lost' }).count()).toBe(0);
      expect(await page.getByTestId('composer-input').inputValue()).toBe('This one is lost');
      await page.unroute('**/api/conversations/*/messages');
      await page.getByTestId('composer-input').fill('');
    },
  );

  step('internal and transfer notes show as notes and never reach the visitor', async ({ page }) => {
    await page.getByTestId('composer-mode').getByText('Internal note').click();
    await page.getByTestId('composer-input').fill('Customer is a repeat buyer');
    await page.getByTestId('composer-send').click();
    const note = page.getByTestId('note').filter({ hasText: 'Customer is a repeat buyer' });
    await note.waitFor();
    expect(await note.getAttribute('data-note-type')).toBe('internal');
    expect(await note.textContent()).toContain('Internal Note');
    // Note time format 'MMM d, h:mm a'.
    expect(await note.textContent()).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (AM|PM)/);
    await page.getByTestId('composer-mode').getByText('Transfer note').click();
    await page.getByTestId('composer-input').fill('Over to billing');
    await page.getByTestId('composer-send').click();
    const transfer = page.getByTestId('note').filter({ hasText: 'Over to billing' });
    await transfer.waitFor();
    expect(await transfer.getAttribute('data-note-type')).toBe('transfer');
    expect(await transfer.textContent()).toContain('Transfer Note');
    await page.getByTestId('composer-mode').getByText('Reply').click();
    const seen = await visitorChat(visitor);
    expect(seen.messages.some((m) => /repeat buyer|Over to billing/.test(m.content))).toBe(false);
  });

  step(
    'the live switch turns live support on (tag, filter) and off again; a change made elsewhere moves it',
    async (t) => {
      const { page } = t;
      const live = page.getByTestId('live-switch');
      await live.click();
      await untilTrue(async () => (await live.getAttribute('aria-checked')) === 'true', 'live on');
      await rows(page).first().getByTestId('live-tag').waitFor();
      await untilTrue(async () => (await visitorChat(visitor)).room?.live === true, 'the room to be live');
      await filter(page, 'Live');
      await rows(page).first().waitFor();
      await filter(page, 'All');
      await live.click();
      await untilTrue(async () => (await live.getAttribute('aria-checked')) === 'false', 'live off');
      await rows(page).first().getByTestId('live-tag').waitFor({ state: 'detached' });
      // Turned off, the history is reloaded: what was said is still there.
      await page.getByTestId('message').filter({ hasText: 'We ship to Norway' }).waitFor();
      // Switched elsewhere (another tab, a team member): mode-change moves the switch here.
      const origin = new URL(t.env.frontendUrl).origin;
      const res = await page.request.post(t.url(`/api/conversations/${visitor.roomId}/live`), {
        data: { live: true },
        headers: { origin },
      });
      expect(res.ok()).toBe(true);
      await untilTrue(
        async () => (await live.getAttribute('aria-checked')) === 'true',
        'live on by mode-change',
      );
      await page.request.post(t.url(`/api/conversations/${visitor.roomId}/live`), {
        data: { live: false },
        headers: { origin },
      });
      await untilTrue(
        async () => (await live.getAttribute('aria-checked')) === 'false',
        'live off by mode-change',
      );
    },
  );

  step(
    'markup in messages renders safely: script, onerror, javascript: link, style, iframe',
    async ({ page }) => {
      await page.evaluate(() => {
        (globalThis as unknown as { __xss?: number }).__xss = 0;
      });
      const payloads = [
        'A <script>window.__xss = 1</script>script',
        'An <img src="x" onerror="window.__xss = 2">image',
        'A <a href="javascript:window.__xss = 3">javascript link</a>',
        'A <style>body { display: none }</style>style',
        'An <iframe src="javascript:window.__xss = 4"></iframe>iframe',
      ];
      for (const p of payloads) await visitorSays(visitor, p);
      const messages = page.getByTestId('messages');
      await messages.getByTestId('message').filter({ hasText: 'iframe' }).waitFor();
      expect(await messages.locator('script, style, iframe, img, [onerror]').count()).toBe(0);
      const link = messages.getByRole('link', { name: 'javascript link' });
      expect(await link.getAttribute('href')).toBe('#');
      expect(await page.evaluate(() => (globalThis as unknown as { __xss?: number }).__xss)).toBe(0);
      expect(await page.locator('body').isVisible()).toBe(true);
      // The list's preview is plain text too.
      expect(await rows(page).first().getByTestId('conversation-preview').textContent()).toBe('An iframe');
      await page.getByTestId('insight-count').waitFor();
      expect(await sameDocument(page)).toBe(true);
    },
  );

  step(
    'long unbroken strings wrap in the bubbles and the customer answers (desktop, dark, phone, drawer)',
    async ({ page }) => {
      const messages = page.getByTestId('messages');
      await visitorSays(visitor, UNBROKEN);
      await visitorSays(visitor, `My order page: ${LONG_LINK}`);
      await page.getByTestId('composer-input').fill(`Found ${UNBROKEN}, see ${LONG_LINK}`);
      await page.getByTestId('composer-send').click();
      const bubbles = [
        messages.getByTestId('message').filter({ hasText: UNBROKEN }).first(),
        messages.getByTestId('message').filter({ hasText: 'My order page' }),
        messages.getByTestId('message').filter({ hasText: `Found ${UNBROKEN}` }),
      ];
      for (const b of bubbles) await b.waitFor();
      // Answered before the chat was opened: the answers are read when it opens.
      const answer = page
        .locator('aside')
        .getByTestId('insights')
        .locator('dd')
        .filter({ hasText: LONG_LINK });
      await answer.waitFor();
      const bubblesFit = async () => {
        for (const b of bubbles) await expectFits(b.locator(':scope > div'), '[data-testid="messages"]');
      };
      await bubblesFit();
      await expectFits(answer, 'aside');
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, 'conversations-long-strings.png') });
      await page.getByTestId('theme-toggle').click();
      await page.locator('[data-theme-mode="dark"]').waitFor();
      await page.screenshot({ path: join(SHOTS, 'conversations-long-strings-dark.png') });
      await page.getByTestId('theme-toggle').click();
      await page.locator('[data-theme-mode="light"]').waitFor();
      try {
        await page.setViewportSize({ width: 375, height: 812 });
        await bubblesFit();
        await page.screenshot({ path: join(SHOTS, 'conversations-long-strings-phone.png') });
        await page.setViewportSize({ width: 1024, height: 800 });
        await page.getByRole('button', { name: 'Insights' }).click();
        const drawerAnswer = page
          .locator('.ant-drawer')
          .getByTestId('insights')
          .locator('dd')
          .filter({ hasText: LONG_LINK });
        await drawerAnswer.waitFor();
        await page.waitForTimeout(400); // the drawer's slide-in
        await expectFits(drawerAnswer, '.ant-drawer-body');
        await page.screenshot({ path: join(SHOTS, 'conversations-long-strings-drawer.png') });
        await page.keyboard.press('Escape');
        await page.locator('.ant-drawer').getByTestId('insights').waitFor({ state: 'detached' });
      } finally {
        await page.setViewportSize({ width: 1280, height: 860 });
      }
    },
  );

  step(
    'a message that was only markup shows what was sent, as text, in the chat and the list',
    async ({ page }) => {
      const messages = page.getByTestId('messages').getByTestId('message');
      const before = await messages.count();
      const markupOnly = '<img src="x" onerror="window.__xss = 9">';
      await visitorSays(visitor, markupOnly);
      await untilTrue(async () => (await messages.count()) > before, 'the message');
      const shown = messages.last();
      expect(await shown.getAttribute('data-side')).toBe('visitor');
      // The text itself, escaped: not an empty bubble, not 'Empty message', not an element.
      expect(await shown.getByTestId('message-content').textContent()).toBe(markupOnly);
      expect(await shown.locator('img, em').count()).toBe(0);
      await untilTrue(
        async () =>
          (await rows(page).first().getByTestId('conversation-preview').textContent()) === markupOnly,
        'the list preview to show the text',
      );
      expect(await page.evaluate(() => (globalThis as unknown as { __xss?: number }).__xss)).toBe(0);
      await page.screenshot({ path: join(SHOTS, 'conversations-markup-only.png') });
    },
  );

  step('a dropped socket gets what it missed once it is back, without a reload', async ({ page }) => {
    // Long polling is held off too, so the only way back is a new socket.
    await page.route(/\/socket\.io\/.*transport=polling/, (route) =>
      socketsBlocked ? route.abort() : route.continue(),
    );
    socketsBlocked = true;
    for (const ws of sockets) await ws.close();
    sockets.clear();
    await page.getByTestId('realtime-reconnecting').waitFor();
    await visitorSays(visitor, 'Sent while you were away');
    await page.waitForTimeout(1_500);
    expect(await page.getByTestId('message').filter({ hasText: 'Sent while you were away' }).count()).toBe(0);
    socketsBlocked = false;
    await page
      .getByTestId('message')
      .filter({ hasText: 'Sent while you were away' })
      // A held-off attempt only gives up at socket.io's 20 s connect timeout, then it backs off.
      .waitFor({ timeout: 45_000 });
    await page.getByTestId('realtime-reconnecting').waitFor({ state: 'detached' });
    expect(await rows(page).first().getByTestId('conversation-preview').textContent()).toBe(
      'Sent while you were away',
    );
    expect(await sameDocument(page)).toBe(true);
  });

  step(
    'shared with an agent: the agent lists and opens it, each sees the other active; unsharing takes it back',
    async (t) => {
      const { page } = t;
      const origin = new URL(t.env.frontendUrl).origin;
      const agentEmail = uniqueEmail('conv-agent');
      const invited = await page.request.post(t.url('/api/team/invites'), {
        data: { email: agentEmail },
        headers: { origin },
      });
      expect(invited.status()).toBe(201);
      const mail = await waitForMail(t.env, agentEmail);
      const token = new URL(
        /https?:\/\/\S+\/auth\/accept-invite\?token=\S+/.exec(mail.text)![0],
      ).searchParams.get('token');
      agentContext = await t.context.browser()!.newContext({ viewport: { width: 1280, height: 860 } });
      const agent = await agentContext.newPage();
      agent.setDefaultTimeout(20_000);
      const accepted = await agent.request.post(t.url('/api/team/invites/accept'), {
        data: {
          token,
          fullname: 'Grace Hopper',
          password: 'agent-pass_42',
          confirmPassword: 'agent-pass_42',
        },
        headers: { origin },
      });
      expect(accepted.status()).toBe(200);

      // Not shared yet: the agent has nothing.
      await agent.goto(t.url('/dashboard/conversation'));
      await agent.getByTestId('no-conversations').or(agent.getByTestId('list-empty')).first().waitFor();
      expect(await agent.getByTestId('share-button').count()).toBe(0);

      await page.getByTestId('share-button').click();
      const member = page
        .getByTestId('share-picker')
        .getByTestId('share-member')
        .filter({ hasText: 'Grace Hopper' });
      await member.click();
      await rows(page).first().getByTestId('shared-tag').waitFor();
      await page.keyboard.press('Escape');

      // The agent's list gets the room without a reload; opening it shows the owner as active.
      const agentRow = agent.getByTestId('conversation-row');
      await agentRow.first().waitFor({ timeout: 20_000 });
      expect(await agentRow.first().getAttribute('data-room-id')).toBe(visitor.roomId);
      await agentRow.first().click();
      await agent.getByTestId('message').filter({ hasText: 'We ship to Norway' }).waitFor();
      expect(await agent.getByTestId('share-button').count()).toBe(0);
      const presence = agent.getByTestId('team-presence');
      await presence.waitFor();
      expect(await presence.getAttribute('aria-label')).toBe('Also here: Jane Cooper');
      // And the owner sees the agent arrive (team-member-active).
      await page.getByTestId('team-presence').and(page.getByLabel('Also here: Grace Hopper')).waitFor();

      // Each list calls only the reader's own message "You"; the other member's shows their name.
      const previewOf = (p: Page) =>
        p.getByTestId('conversation-row').first().getByTestId('conversation-preview');
      await page.getByTestId('composer-input').fill('The owner is looking into it');
      await page.getByTestId('composer-send').click();
      await previewOf(page).getByText('You: The owner is looking into it', { exact: true }).waitFor();
      await previewOf(agent)
        .getByText('Jane Cooper: The owner is looking into it', { exact: true })
        .waitFor();
      await agent.getByTestId('composer-input').fill('Grace here, I will take it from now');
      await agent.getByTestId('composer-send').click();
      await previewOf(agent).getByText('You: Grace here, I will take it from now', { exact: true }).waitFor();
      await previewOf(page)
        .getByText('Grace Hopper: Grace here, I will take it from now', { exact: true })
        .waitFor();
      await agent.screenshot({ path: join(SHOTS, 'conversations-agent-list.png') });

      await filter(page, 'Shared');
      await rows(page).first().waitFor();
      await page.getByTestId('share-button').click();
      await member.click();
      await rows(page).first().getByTestId('shared-tag').waitFor({ state: 'detached' });
      await page.keyboard.press('Escape');
      await filter(page, 'All');
      await rows(page).first().waitFor();
    },
  );

  step('opened by its link (?room=) after a reload, an unread chat is marked seen too', async ({ page }) => {
    await page.getByTestId('no-chat-selected').or(page.getByTestId('chat-window')).first().waitFor();
    await page.goto(page.url().replace(/\?.*$/, ''));
    await visitorSays(visitor, 'Are you still there?');
    await rows(page).first().getByTestId('unread-dot').waitFor();
    await page.goto(`${page.url()}?room=${visitor.roomId}`);
    await page.getByTestId('message').filter({ hasText: 'Are you still there?' }).waitFor();
    await rows(page).first().getByTestId('unread-dot').waitFor({ state: 'detached' });
  });

  step(
    'the layout holds at desktop, tablet and phone widths (screenshots in test-results/)',
    async ({ page }) => {
      mkdirSync(SHOTS, { recursive: true });
      const noSideScroll = () =>
        page.evaluate(() => {
          const doc = (
            globalThis as unknown as {
              document: { documentElement: { scrollWidth: number; clientWidth: number } };
            }
          ).document.documentElement;
          return doc.scrollWidth <= doc.clientWidth;
        });

      await page.setViewportSize({ width: 1440, height: 900 });
      await page.getByTestId('insights').first().waitFor();
      expect(await noSideScroll()).toBe(true);
      await page.screenshot({ path: join(SHOTS, 'conversations-desktop.png') });
      await page.getByTestId('theme-toggle').click();
      await page.locator('[data-theme-mode="dark"]').waitFor();
      await page.mouse.move(700, 600);
      await page.screenshot({ path: join(SHOTS, 'conversations-desktop-dark.png') });
      await page.getByTestId('theme-toggle').click();
      await page.locator('[data-theme-mode="light"]').waitFor();

      await page.setViewportSize({ width: 1024, height: 800 });
      await page.getByRole('button', { name: 'Insights' }).click();
      const drawer = page.locator('.ant-drawer').getByTestId('insights');
      await drawer.waitFor();
      await page.waitForTimeout(400); // the drawer's slide-in
      await page.screenshot({ path: join(SHOTS, 'conversations-tablet-insights.png') });
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      expect(await noSideScroll()).toBe(true);

      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('chat-window').waitFor();
      expect(await page.getByTestId('conversation-list').isVisible()).toBe(false);
      expect(await noSideScroll()).toBe(true);
      await page.screenshot({ path: join(SHOTS, 'conversations-phone-chat.png') });
      await page.getByRole('button', { name: 'Back to conversations' }).click();
      await page.getByTestId('conversation-list').waitFor();
      await page.getByTestId('chat-window').waitFor({ state: 'detached' });
      expect(await noSideScroll()).toBe(true);
      await page.screenshot({ path: join(SHOTS, 'conversations-phone-list.png') });
    },
  );

  step(
    'a long list comes in pages: 50 rooms, "Load more" adds the rest, an older room still moves to the top',
    async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(page.url().replace(/\?.*$/, ''));
      await rows(page).first().waitFor();
      const before = await rows(page).count();
      const seeded = new Set(await seedConversations(domainId, 60, 'Question from a busy day'));
      const total = before + 60;
      const shownIds = () => rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-room-id')));
      // The new rooms arrive live; the list refetches its first page: 50 rows, all of them new.
      await untilTrue(
        async () => {
          const ids = await shownIds();
          return ids.length === 50 && ids.every((id) => seeded.has(id!));
        },
        'the first page of the new rooms',
        30_000,
      );
      const more = page.getByTestId('load-more-conversations');
      await more.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, 'conversations-load-more.png') });

      await more.click();
      await untilTrue(async () => (await rows(page).count()) === total, `${total} rows`);
      await more.waitFor({ state: 'detached' });
      const ids = await shownIds();
      expect(new Set(ids).size).toBe(total);
      // The first visitor's room was on the second page; a new message brings it to the top, once.
      expect(ids.indexOf(visitor.roomId!)).toBeGreaterThanOrEqual(50);
      await visitorSays(visitor, 'One more question');
      await untilTrue(
        async () => (await rows(page).first().getAttribute('data-room-id')) === visitor.roomId,
        'the older room on top',
      );
      expect(await rows(page).count()).toBe(total);

      // Another filter and back starts over from the first page.
      await filter(page, 'Live');
      await untilTrue(async () => (await rows(page).count()) < 10, 'the live rooms only');
      await filter(page, 'All');
      await untilTrue(async () => (await rows(page).count()) === 50, 'the first page again');
      await page.getByTestId('load-more-conversations').waitFor();

      // A link to a chat older than the first page: its row is read on its own and shown.
      const older = ids.slice(55).find((id) => id !== visitor.roomId && seeded.has(id!))!;
      await page.goto(`${page.url().replace(/\?.*$/, '')}?room=${older}`);
      await page.getByTestId('chat-window').getByTestId('message').first().waitFor();
      const olderRow = page.locator(`[data-testid="conversation-row"][data-room-id="${older}"]`);
      await olderRow.waitFor();
      expect(await rows(page).count()).toBe(51);
      // Known, the row's unread and recent chat is marked seen on open like any other.
      await olderRow.getByTestId('unread-dot').waitFor({ state: 'detached' });
    },
  );

  step(
    'clicking through 30 rooms as fast as the page allows stays within the socket s event budget, and live messages still arrive',
    async ({ page }) => {
      // Each room opened leaves three channels and joins three: six events on the dashboard's socket.
      const refusals: string[] = [];
      page.on('websocket', (ws) =>
        ws.on('framereceived', ({ payload }) => {
          if (typeof payload === 'string' && payload.includes('rate-limited')) refusals.push(payload);
        }),
      );
      await page.goto(page.url().replace(/\?.*$/, ''));
      await rows(page).nth(30).waitFor();
      for (let i = 0; i < 30; i++) {
        const row = rows(page).nth(i);
        const id = await row.getAttribute('data-room-id');
        await row.click();
        await page.waitForURL((url) => url.searchParams.get('room') === id);
      }
      await page.locator(`[data-testid="conversation-row"][data-room-id="${visitor.roomId}"]`).click();
      await page.getByTestId('chat-window').getByText('One more question').waitFor();
      await page.waitForTimeout(1000); // the last subscribes' answers
      await visitorSays(visitor, 'Still there after all that clicking?');
      await page.getByTestId('chat-window').getByText('Still there after all that clicking?').waitFor();
      expect(refusals).toEqual([]);
    },
  );
});
