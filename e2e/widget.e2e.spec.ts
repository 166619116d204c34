// The embeddable widget on a customer's site: a plain page on another origin carries the embed
// snippet; the loader adds one iframe and `window.Parley` only; the home tab follows the layout
// rules; a visitor chats (optimistic, then the server's copy; the team's answer over the socket),
// markup from either side renders inert; the helpdesk, the product dialog's Buy Now rule and the
// booking flow work against the real API.
import { eventually } from '@parley/testing';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, FrameLocator, Page } from 'playwright-core';
import { io } from 'socket.io-client';
import { useBrowser } from './support/browser';
import { openWidget, startHostSite, widgetFrame, type HostSite } from './support/host-site';
import { expectFits, LONG_LINK, UNBROKEN } from './support/layout';
import { ownerApi, signUpOwnerWithDomain } from './support/owner';

const { journey } = useBrowser();
const SHOTS = join(__dirname, '..', 'test-results');

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  // The widget paints in a frame of its own process, and a page screenshot can show that frame as
  // it was some changes ago; a resize makes it paint anew.
  const size = page.viewportSize();
  if (size) {
    await page.setViewportSize({ ...size, height: size.height - 1 });
    await page.setViewportSize(size);
    await page.waitForTimeout(100);
  }
  await page.screenshot({ path: join(SHOTS, `widget--${name}.png`) });
}

const links = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `l${i}`,
    title: `Guide ${i + 1}`,
    url: `https://mugs.example/guide-${i + 1}`,
    description: `How-to number ${i + 1}`,
  }));
const topics = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `t${i}`,
    title: `Topic ${i + 1}`,
    linkType: 'helpdesk_general',
  }));

describe('the widget embedded on a customer site', () => {
  const domain = `widget-${Date.now().toString(36)}.com`;
  let domainId = '';
  let host: HostSite;
  let site: Page;
  const dialogs: string[] = [];
  let frontendOrigin = '';
  let blueMugId = '';
  /** While true, the widget's socket loses every visitor message it carries (see the set-up). */
  let loseSocketMessages = false;
  /** Script errors and CSP refusals in the page or the widget's frame. */
  const problems: string[] = [];

  const openSite = async () => {
    await site.goto(host.url);
    await widgetFrame(site).getByTestId('launcher').waitFor();
  };
  const openPanel = () => openWidget(site);

  const { step } = journey(
    async (t) => {
      domainId = await signUpOwnerWithDomain(t, 'widget', domain);
      await ownerApi(t, 'PATCH', `/domains/${domainId}/settings`, {
        welcomeMessage: 'Hello from the mug shop!',
        themeColor: '#0f766e',
        iconStyle: 'Friendly',
        feedbackEnabled: true,
        feedbackQuestion: 'Did this answer your question?',
        feedbackYesText: 'Yes, thanks',
        feedbackNoText: 'Not really',
        feedbackFollowUp: 'Thanks for telling us!',
      });
      await ownerApi(t, 'POST', '/help-articles', {
        domainId,
        title: 'Dishwasher safety',
        question: 'Can the mugs go in the dishwasher?',
        answer: 'Yes, on the top rack.',
      });
      await ownerApi(t, 'POST', '/help-articles', {
        domainId,
        title: 'Shipping times',
        question: 'How long does shipping take?',
        answer: 'Three to five days.',
      });
      const blue = await ownerApi<{ data: { id: string } }>(t, 'POST', '/products', {
        domainId,
        name: 'Blue mug',
        price: 24,
        hasDiscount: true,
        discount: 25,
        productUrl: 'https://mugs.example/blue',
        productType: 'Physical',
        description: 'A blue stoneware mug.',
        variants: [
          {
            name: 'Size',
            trackQuantity: true,
            options: [
              { value: 'Small', quantity: 3 },
              { value: 'Large', quantity: 0 },
            ],
          },
        ],
      });
      await ownerApi(t, 'POST', '/products', {
        domainId,
        name: 'Custom plate',
        price: 40,
        productType: 'Made to order',
        description: 'Painted to your design.',
      });
      await ownerApi(t, 'POST', '/settings/filter-questions', {
        domainId,
        question: 'What are you looking for?',
        answer: 'Mugs, plates or a custom set',
      });
      await ownerApi(t, 'POST', '/settings/filter-questions', {
        domainId,
        question: 'What is your email address?',
        answer: 'We send the booking confirmation there',
      });
      blueMugId = blue.data.id;
      frontendOrigin = new URL(t.env.frontendUrl).origin;
      host = await startHostSite(t.env.gatewayUrl, domainId);
      site = await t.context.newPage();
      // The widget sends a visitor's later messages on its socket ('visitor-message'): a step can
      // lose them on the way (never answered, the widget gives up on the socket after 15 s).
      await site.routeWebSocket(/\/socket\.io\//, (ws) => {
        const server = ws.connectToServer();
        ws.onMessage((message) => {
          if (loseSocketMessages && String(message).includes('"visitor-message"')) return;
          server.send(message);
        });
      });
      site.on('console', (m) => {
        if (/Content.Security.Policy|Refused to/i.test(m.text())) problems.push(m.text());
      });
      site.on('pageerror', (e) => problems.push(e.message));
      site.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      // What the page's window has before any of its scripts run; kept in sessionStorage so the
      // check itself defines no global.
      // (Only the host page: this Chromium denies storage to the third-party widget frame.)
      await site.addInitScript(
        "try { sessionStorage.setItem('globals-before', JSON.stringify(Object.getOwnPropertyNames(window))) } catch {}",
      );
      await openSite();
    },
    { timeoutMs: 180_000 },
  );

  afterAll(async () => {
    await host?.close();
  });

  step('the loader adds one iframe and defines window.Parley and nothing else', async (t) => {
    await site.waitForFunction('typeof window.Parley === "object"');
    // Frames are reachable by index (window[0]); those are not globals anyone defined.
    const added = await site.evaluate(`(() => {
      const before = new Set(JSON.parse(sessionStorage.getItem('globals-before') || '[]'));
      return Object.getOwnPropertyNames(window).filter((k) => !before.has(k) && !/^\\d+$/.test(k));
    })()`);
    expect(added).toEqual(['Parley']);
    // The frame comes when the browser is idle (or on the visitor's first move), after the
    // loader's own launcher, which the app's then replaces.
    await widgetFrame(site).getByTestId('launcher').waitFor();
    expect(await site.locator('[data-parley-launcher]').count()).toBe(0);
    expect(await site.locator('iframe').count()).toBe(1);
    const url = new URL((await site.locator('iframe').getAttribute('src'))!);
    expect(url.origin + url.pathname).toBe(`${t.env.gatewayUrl}/widget/app/`);
    expect(url.searchParams.get('domainId')).toBe(domainId);
    expect(url.searchParams.get('host')).toBe(new URL(host.url).origin);
    const launcher = widgetFrame(site).getByTestId('launcher');
    expect(await launcher.getAttribute('data-icon-style')).toBe('Friendly');
    const box = await site.locator('iframe').boundingBox();
    expect(box!.width).toBeLessThan(120);
    await shot(site, 'closed');
  });

  step('the launcher opens the panel; Parley.close() and Parley.open() drive it from the page', async () => {
    await openPanel();
    expect((await site.locator('iframe').boundingBox())!.width).toBeGreaterThan(380);
    expect(await site.evaluate('window.Parley.isOpen()')).toBe(true);
    await site.evaluate('window.Parley.close()');
    await widgetFrame(site).getByTestId('widget-panel').waitFor({ state: 'detached' });
    await site.waitForFunction('window.Parley.isOpen() === false');
    await site.evaluate('window.Parley.open()');
    await widgetFrame(site).getByTestId('widget-panel').waitFor();
    expect(await widgetFrame(site).getByTestId('home-title').textContent()).toBe('Welcome to Support');
    await shot(site, 'open-home');
  });

  step('messages from another frame of the page drive neither the widget nor the loader', async () => {
    // A frame of the host page has the host's origin but is not the widget's parent; nor is it
    // the widget's frame, which is all the loader listens to.
    await site.evaluate(`(() => {
      const other = document.createElement('iframe');
      other.srcdoc = '<p>other</p>';
      document.body.appendChild(other);
    })()`);
    await site.waitForFunction('window.frames.length === 2');
    const other = site.frames().find((f) => f.url() === 'about:srcdoc') as Frame;
    await other.evaluate(`(() => {
      window.parent.frames[0].postMessage({ tag: 'parley-loader', type: 'close' }, '*');
      window.parent.postMessage({ tag: 'parley-widget', type: 'state', open: false }, '*');
    })()`);
    await site.waitForTimeout(500);
    expect(await widgetFrame(site).getByTestId('widget-panel').count()).toBe(1);
    expect(await site.evaluate('window.Parley.isOpen()')).toBe(true);
    expect((await site.locator('iframe[data-parley-widget]').boundingBox())!.width).toBeGreaterThan(380);
    await site.evaluate(
      `document.querySelectorAll('iframe:not([data-parley-widget])').forEach((f) => f.remove())`,
    );
  });

  const layoutCases: Array<[string, string, (w: FrameLocator) => Promise<void>]> = [
    [
      'classic',
      'Start Live Chat',
      async (w) => {
        expect(await w.getByTestId('home-card').count()).toBe(8);
        expect(await w.getByTestId('home-topic').count()).toBe(6);
      },
    ],
    [
      'modern',
      'Start Chat',
      async (w) => {
        expect(await w.getByTestId('home-card').count()).toBe(4);
        expect(await w.getByTestId('home-list').locator('li').count()).toBe(4);
      },
    ],
    [
      'compact',
      'Start New Conversation',
      async (w) => {
        expect(await w.getByTestId('home-topic').count()).toBe(4);
      },
    ],
    [
      'helpdesk',
      'Start Chat',
      async (w) => {
        await w.getByTestId('home-ask').waitFor();
        expect(await w.getByTestId('home-card').count()).toBe(6);
        expect(await w.getByTestId('home-topic').count()).toBe(4);
      },
    ],
    [
      'something-else',
      'Start Chat',
      async (w) => {
        await w.getByTestId('powered-by').getByText('Powered by Parley').waitFor();
        // The gateway puts PUBLIC_APP_URL (here the frontend's origin) into the page.
        expect(await w.getByTestId('powered-by').getAttribute('href')).toBe(frontendOrigin);
        expect(await w.getByTestId('home-ask').count()).toBe(0);
      },
    ],
  ];

  step('the home tab follows each layout and its limits', async (t) => {
    for (const [layout, start, check] of layoutCases) {
      await ownerApi(t, 'PATCH', `/domains/${domainId}/home-settings`, {
        homeLayout: layout,
        homeTitle: 'Mug help centre',
        customLinksEnabled: true,
        customLinks: links(8),
        popularTopicsEnabled: true,
        popularTopics: topics(6),
      });
      await openSite();
      await openPanel();
      const w = widgetFrame(site);
      const expected = layout === 'something-else' ? 'default' : layout;
      await w.locator(`[data-layout="${expected}"]`).waitFor();
      expect(await w.getByTestId('home-title').textContent()).toBe('Mug help centre');
      expect(await w.getByTestId('home-start').textContent()).toBe(start);
      await check(w);
      await shot(site, `home-${expected}`);
    }
  });

  step('Start Chat opens the chat; a message shows at once, then as the server stored it', async () => {
    const w = widgetFrame(site);
    await w.getByTestId('home-start').click();
    await w.getByTestId('chat-messages').getByText('Hello from the mug shop!').waitFor();
    // Hold the answer back a moment so the optimistic copy can be seen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await site.route('**/api/widget/messages', async (route) => {
      await held;
      await route.continue();
    });
    await w.getByTestId('chat-input').fill('  Do you ship to Canada?  ');
    await w.getByTestId('chat-send').click();
    const mine = w.getByTestId('chat-message-visitor').filter({ hasText: 'Do you ship to Canada?' });
    await mine.and(w.locator('[data-pending]')).waitFor();
    expect(await mine.textContent()).toBe('Do you ship to Canada?');
    release();
    await mine.and(w.locator(':not([data-pending])')).waitFor();
    expect(await mine.count()).toBe(1);
    await site.unroute('**/api/widget/messages');
    await shot(site, 'chat-sent');
  });

  step('a message the server never got is taken back and the text is kept', async () => {
    const w = widgetFrame(site);
    await site.route('**/api/widget/messages', (route) => route.abort());
    loseSocketMessages = true;
    await w.getByTestId('chat-input').fill('Lost in the post');
    await w.getByTestId('chat-send').click();
    await w.getByRole('alert').waitFor();
    expect(await w.getByTestId('chat-message-visitor').filter({ hasText: 'Lost in the post' }).count()).toBe(
      0,
    );
    expect(await w.getByTestId('chat-input').inputValue()).toBe('Lost in the post');
    await site.unroute('**/api/widget/messages');
    loseSocketMessages = false;
    await w.getByTestId('chat-input').fill('');
  });

  step('typing reaches the team; the team typing shows typing… until their message arrives', async (t) => {
    const rooms = await ownerApi<{ data: Array<{ id: string }> }>(
      t,
      'GET',
      `/conversations?domainId=${domainId}`,
    );
    const roomId = rooms.data[0]!.id;
    const cookie = (await t.context.cookies(t.env.frontendUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
    const team = io(t.env.gatewayUrl, {
      transports: ['websocket'],
      extraHeaders: { cookie, origin: new URL(t.env.frontendUrl).origin },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        team.once('connect', () => resolve());
        team.once('connect_error', reject);
      });
      expect(await team.timeout(5000).emitWithAck('subscribe', { channel: roomId })).toMatchObject({
        ok: true,
      });
      const w = widgetFrame(site);
      // The visitor's typing reaches the team, debounced. A signal is best-effort (sent only while
      // the widget's socket is up): on a loaded machine the first may go while it reconnects, so
      // the visitor types again, as a person would, up to three times.
      let visitorTyped = false;
      team.on('typing-status', (e: { data: { isTyping: boolean; agent: boolean } }) => {
        if (e.data.isTyping && !e.data.agent) visitorTyped = true;
      });
      for (let attempt = 0; attempt < 3 && !visitorTyped; attempt++) {
        await w.getByTestId('chat-input').pressSequentially('Hel');
        const until = Date.now() + 10_000;
        while (!visitorTyped && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
        await w.getByTestId('chat-input').fill('');
      }
      expect(visitorTyped).toBe(true);
      await team.timeout(5000).emitWithAck('typing', { roomId, isTyping: true });
      await w.getByTestId('chat-typing').getByText('typing…').waitFor();
      await ownerApi(t, 'POST', `/conversations/${roomId}/messages`, { content: 'Yes, we ship to Canada.' });
      await w.getByTestId('chat-message-assistant').filter({ hasText: 'Yes, we ship to Canada.' }).waitFor();
      expect(await w.getByTestId('chat-typing').count()).toBe(0);
    } finally {
      team.close();
    }
  });

  step('so far the page policy refused nothing and no script failed', async () => {
    expect(problems).toEqual([]);
  });

  step('markup from the team and from the visitor renders inert', async (t) => {
    const rooms = await ownerApi<{ data: Array<{ id: string }> }>(
      t,
      'GET',
      `/conversations?domainId=${domainId}`,
    );
    const roomId = rooms.data[0]!.id;
    const payload = [
      '<b>Bold reply</b>',
      `<script>alert('script')</script>`,
      `<img src=x onerror="alert('onerror')">`,
      `<a href="javascript:alert('link')">Click here</a>`,
      '<style>body{display:none}</style>',
      `<iframe src="javascript:alert('iframe')"></iframe>`,
      `<svg><script>alert('svg')</script></svg>`,
      `<p style="color:red" onclick="alert('click')">styled</p>`,
      `<a href="https://mugs.example/faq">FAQ</a>`,
    ].join(' ');
    await ownerApi(t, 'POST', `/conversations/${roomId}/messages`, { content: payload });
    const w = widgetFrame(site);
    const reply = w.getByTestId('chat-message-assistant').filter({ hasText: 'Bold reply' });
    await reply.waitFor();
    await reply.getByText('Support').waitFor();
    await reply.locator('.pw-badge').getByText('Team').waitFor();
    expect(await reply.locator('b').textContent()).toBe('Bold reply');
    expect(
      await reply
        .locator('.pw-content')
        .locator('script, img, style, iframe, svg, [style], [onclick]')
        .count(),
    ).toBe(0);
    expect(await reply.getByText('Click here').getAttribute('href')).toBe('#');
    const faq = reply.getByText('FAQ');
    expect(await faq.getAttribute('href')).toBe('https://mugs.example/faq');
    expect(await faq.getAttribute('target')).toBe('_blank');
    expect(await faq.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    await reply.getByText('Click here').click();
    await reply.locator('p').click();

    await w
      .getByTestId('chat-input')
      .fill(`<img src=x onerror="alert('mine')"> <script>alert('mine')</script>Mine too`);
    await w.getByTestId('chat-send').click();
    const mine = w.getByTestId('chat-message-visitor').filter({ hasText: 'Mine too' });
    await mine.waitFor();
    await mine.and(w.locator(':not([data-pending])')).waitFor();
    expect(await mine.locator('script, img').count()).toBe(0);
    expect(await w.locator('iframe').count()).toBe(0);
    await site.waitForTimeout(500);
    expect(dialogs).toEqual([]);
    expect(await site.locator('body').isVisible()).toBe(true);
    await shot(site, 'chat-markup');
    // Chromium reports the hostile handlers and styles as refused by the page policy even while
    // DOMPurify only parses them in an inert document: expected here, and nowhere else.
    problems.length = 0;
  });

  step('long unbroken text (an id, a link) wraps in both bubbles, also on a phone', async (t) => {
    const w = widgetFrame(site);
    for (const text of [UNBROKEN, LONG_LINK]) {
      await w.getByTestId('chat-input').fill(text);
      await w.getByTestId('chat-send').click();
      const mine = w.getByTestId('chat-message-visitor').filter({ hasText: text });
      await mine.and(w.locator(':not([data-pending])')).waitFor();
      await expectFits(mine.locator('.pw-bubble'), '.pw-messages');
    }
    const rooms = await ownerApi<{ data: Array<{ id: string }> }>(
      t,
      'GET',
      `/conversations?domainId=${domainId}`,
    );
    await ownerApi(t, 'POST', `/conversations/${rooms.data[0]!.id}/messages`, {
      content: `Your order ${UNBROKEN} is at <a href="${LONG_LINK}">${LONG_LINK}</a>`,
      link: JSON.stringify({ href: LONG_LINK, title: LONG_LINK, description: UNBROKEN }),
    });
    const reply = w.getByTestId('chat-message-assistant').filter({ hasText: 'Your order' });
    await reply.waitFor();
    await expectFits(reply.locator('.pw-bubble'), '.pw-messages');
    await shot(site, 'chat-long-strings');
  });

  step('a message that was only markup shows what was sent, as text', async () => {
    const w = widgetFrame(site);
    const markupOnly = `<img src=x onerror="alert('only')">`;
    const visitorMessages = w.getByTestId('chat-message-visitor');
    const before = await visitorMessages.count();
    await w.getByTestId('chat-input').fill(markupOnly);
    await w.getByTestId('chat-send').click();
    await expectCount(visitorMessages, before + 1).catch(async (e: Error) => {
      // Say what the widget said: a refused message is dropped again and shows an alert.
      const alert = await w.locator('.pw-error').allTextContents();
      const input = await w.getByTestId('chat-input').inputValue();
      const sendDisabled = await w.getByTestId('chat-send').isDisabled();
      throw new Error(
        `${e.message}; the widget's alert: ${JSON.stringify(alert)}; its input: ${input}; Send disabled: ${sendDisabled}`,
      );
    });
    const mine = visitorMessages.last();
    await mine.and(w.locator(':not([data-pending])')).waitFor();
    // The text itself, escaped: neither an empty bubble nor an element.
    expect(await mine.locator('.pw-content').textContent()).toBe(markupOnly);
    expect(await mine.locator('img, .pw-empty').count()).toBe(0);
    await shot(site, 'chat-markup-only');
    // DOMPurify parsed the image markup (inertly): Chromium's CSP reports, as in the step above.
    problems.length = 0;
  });

  step('a team message with a product shows its card, which opens the product', async (t) => {
    const rooms = await ownerApi<{ data: Array<{ id: string }> }>(
      t,
      'GET',
      `/conversations?domainId=${domainId}`,
    );
    await ownerApi(t, 'POST', `/conversations/${rooms.data[0]!.id}/messages`, {
      content: 'This one is on sale:',
      productIds: [blueMugId],
    });
    const w = widgetFrame(site);
    const card = w
      .getByTestId('chat-message-assistant')
      .filter({ hasText: 'This one is on sale:' })
      .locator('.pw-product-chip');
    await card.getByText('Blue mug').waitFor();
    expect(await card.locator('b').textContent()).toBe('$18.00');
    await card.click();
    await w.getByTestId('product-dialog').getByText('A blue stoneware mug.').waitFor();
    await w.getByTestId('product-dialog').getByLabel('Close').click();
  });

  step('the app page may be framed anywhere and is strict about itself', async (t) => {
    const res = await fetch(`${t.env.gatewayUrl}/widget/app/?domainId=${domainId}`);
    expect(res.headers.get('x-frame-options')).toBeNull();
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('frame-ancestors *');
    expect(csp).toContain("script-src 'self'");
    const loader = await fetch(`${t.env.gatewayUrl}/widget/loader.js`);
    expect(loader.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(loader.headers.get('etag')).toBeTruthy();
  });

  step('the helpdesk filters as you type, shows an article and asks for feedback', async () => {
    const w = widgetFrame(site);
    await w.getByTestId('tab-helpdesk').click();
    await w.getByTestId('helpdesk-article').first().waitFor();
    expect(await w.getByTestId('helpdesk-article').count()).toBe(2);
    await w.getByTestId('helpdesk-search').fill('dishw');
    await expectCount(w.getByTestId('helpdesk-article'), 1);
    await w.getByTestId('helpdesk-article').click();
    await w.getByTestId('article-view').getByText('Yes, on the top rack.').waitFor();
    await w.getByText('Did this answer your question?').waitFor();
    const sent = site.waitForResponse((r) => r.url().endsWith('/api/widget/feedback'));
    await w.getByTestId('feedback-yes').getByText('Yes, thanks').click();
    expect((await sent).status()).toBe(204);
    await w.getByTestId('feedback-follow-up').getByText('Thanks for telling us!').waitFor();
    await shot(site, 'helpdesk-article');
  });

  step('products show prices and discounts; Buy Now only with a product URL', async () => {
    const w = widgetFrame(site);
    await w.getByTestId('tab-products').click();
    const blue = w.getByTestId('product-card').filter({ hasText: 'Blue mug' });
    await blue.waitFor();
    expect(await blue.locator('b').textContent()).toBe('$18.00');
    expect(await blue.locator('s').textContent()).toBe('$24.00');
    await shot(site, 'products');
    await blue.click();
    const dialog = w.getByTestId('product-dialog');
    await dialog.getByText('A blue stoneware mug.').waitFor();
    await dialog.getByText('Physical').waitFor();
    const buy = dialog.getByTestId('buy-now');
    expect(await buy.getAttribute('href')).toBe('https://mugs.example/blue');
    expect(await buy.getAttribute('target')).toBe('_blank');
    expect(await dialog.getByTestId('variant-option').filter({ hasText: 'Large' }).isDisabled()).toBe(true);
    expect(await dialog.getByTestId('variant-option').filter({ hasText: 'Small' }).isDisabled()).toBe(false);
    await shot(site, 'product-dialog');
    await dialog.getByLabel('Close').click();
    await w.getByTestId('product-card').filter({ hasText: 'Custom plate' }).click();
    await w.getByTestId('product-dialog').getByText('Contact us for purchase information').waitFor();
    expect(await w.getByTestId('buy-now').count()).toBe(0);
    await w.getByTestId('product-dialog').getByLabel('Close').click();
  });

  /** Tomorrow in the browser's calendar, shown in the booking calendar. */
  const pickTomorrow = async (w: FrameLocator) => {
    const tomorrow = await site.evaluate(() => {
      const d = new Date();
      d.setDate(d.getDate() + 1);
      const pad = (n: number) => String(n).padStart(2, '0');
      return {
        iso: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
        first: d.getDate() === 1,
      };
    });
    if (tomorrow.first) await w.getByLabel('Next month').click();
    await w.locator(`[data-date="${tomorrow.iso}"]`).click();
  };

  /** The booking the visitor made in the step below, as the owner must see it. */
  const booked = { date: '', slot: '10:00am', email: 'vera.visitor@example.com', name: 'Vera Visitor' };

  step(
    'the customer form flow: every field filled and sent — details, a slot, email and name — then Thank You',
    async () => {
      const w = widgetFrame(site);
      await w.getByTestId('tab-home').click();
      await w.getByTestId('home-book').click();
      const flow = w.getByTestId('booking');
      await flow.getByTestId('booking-step-title').getByText('Details').waitFor();
      expect(await flow.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('33');
      await flow.getByLabel('What are you looking for?').fill('A set of six mugs');
      await flow.getByLabel('What is your email address?').fill(booked.email);
      await shot(site, 'booking-details');
      await flow.getByRole('button', { name: 'Next' }).click();
      await flow.getByTestId('booking-step-title').getByText('Book a meeting').waitFor();
      expect(await flow.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('67');
      // The address given in the Details step is already in the form (issue 10, item 5).
      expect(await flow.getByTestId('booking-email').inputValue()).toBe(booked.email);
      await pickTomorrow(w);
      booked.date = (await flow.locator('[data-date][aria-pressed="true"]').getAttribute('data-date'))!;
      await flow.locator(`[data-slot="${booked.slot}"]`).click();
      expect(await flow.locator(`[data-slot="${booked.slot}"]`).getAttribute('aria-pressed')).toBe('true');
      await flow.getByTestId('booking-name').fill(booked.name);
      await shot(site, 'booking-meeting');
      const sent = site.waitForResponse((r) => r.url().endsWith('/api/widget/bookings'));
      await flow.getByTestId('book-now').click();
      const response = await sent;
      expect(response.status()).toBe(200);
      expect(JSON.parse(response.request().postData() ?? '{}')).toEqual({
        date: booked.date,
        slot: booked.slot,
        email: booked.email,
        name: booked.name,
      });
      await flow.getByTestId('booking-step-title').getByText('Thank You').waitFor();
      expect(await flow.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
      expect(await w.getByTestId('toast').textContent()).toBe('Your meeting is booked');
      expect(await flow.getByTestId('booking-thanks').textContent()).toContain(
        `Discovery Call on ${new Date(`${booked.date}T00:00:00`).toLocaleDateString('en-US', {
          weekday: 'long',
          month: 'short',
          day: 'numeric',
        })} at ${booked.slot}.`,
      );
      await shot(site, 'booking-thanks');
      await flow.getByRole('button', { name: 'Close' }).last().click();
      await flow.waitFor({ state: 'detached' });
    },
  );

  step('the owner sees the answers and the booking in the conversation', async (t) => {
    const rooms = await ownerApi<{ data: Array<{ id: string }> }>(
      t,
      'GET',
      `/conversations?domainId=${domainId}`,
    );
    const owner = await t.context.newPage();
    try {
      await owner.goto(t.url(`/dashboard/conversation?room=${rooms.data[0]!.id}`));
      const insights = owner.locator('aside').getByTestId('insights');
      const answers = insights.locator('dl').filter({ hasText: 'What are you looking for?' });
      await answers.waitFor();
      const pairs = await answers
        .locator('div')
        .evaluateAll((rows) =>
          rows.map((r) => [r.querySelector('dt')?.textContent, r.querySelector('dd')?.textContent]),
        );
      // Answered together, so in no particular order.
      expect(pairs.sort()).toEqual([
        ['What are you looking for?', 'A set of six mugs'],
        ['What is your email address?', booked.email],
      ]);
      const booking = insights.getByTestId('booking');
      await booking.waitFor();
      const text = (await booking.textContent()) ?? '';
      for (const part of ['Discovery Call', `${booked.date} · ${booked.slot}`, booked.name, booked.email]) {
        expect(text).toContain(part);
      }
      await owner.screenshot({ path: join(SHOTS, 'widget--owner-sees-booking.png') });
    } finally {
      await owner.close();
    }
  });

  step('every question answered, step 1 is skipped; the slot just booked is taken', async () => {
    const w = widgetFrame(site);
    const flow = w.getByTestId('booking');
    await w.getByTestId('home-book').click();
    await flow.getByTestId('booking-step-title').getByText('Book a meeting').waitFor();
    // Answered earlier under this visitor key: the address is filled in again.
    expect(await flow.getByTestId('booking-email').inputValue()).toBe(booked.email);
    await pickTomorrow(w);
    const taken = flow.locator(`[data-slot="${booked.slot}"]`);
    await flow.locator(`[data-slot="${booked.slot}"][data-taken]`).waitFor();
    expect(await taken.isDisabled()).toBe(true);
    expect(await flow.locator('[data-slot="11:00am"]').isDisabled()).toBe(false);
    await shot(site, 'booking-taken');
    await flow.getByRole('button', { name: 'Close' }).first().click();
  });

  step('after that, nothing was refused by the page policy and no script failed', async () => {
    expect(problems).toEqual([]);
    expect(dialogs).toEqual([]);
  });

  step('a returning visitor gets their conversation back', async () => {
    await openSite();
    const w = await openPanel();
    await w.getByTestId('tab-chat').click();
    await w.getByTestId('chat-input').waitFor();
    await w.getByTestId('chat-message-visitor').filter({ hasText: 'Do you ship to Canada?' }).waitFor();
    await w.getByTestId('chat-message-assistant').filter({ hasText: 'Yes, we ship to Canada.' }).waitFor();
    // (The hostile messages are parsed again here: Chromium's CSP reports follow, as explained above.)
    // This Chromium denies the widget frame its own storage: the loader kept the visitor key.
    const kept = await site.evaluate(`localStorage.getItem('parley.widget.${domainId}')`);
    expect(JSON.parse(kept as string)).toMatchObject({ visitorKey: expect.any(String) });
  });

  step(
    'the same visitor in two tabs: what one tab sends shows there once and in the other live',
    async (t) => {
      const other = await t.context.newPage();
      try {
        await other.goto(host.url);
        await widgetFrame(other).getByTestId('launcher').waitFor();
        const w2 = await openWidget(other);
        await w2.getByTestId('tab-chat').click();
        await w2.getByTestId('chat-message-visitor').filter({ hasText: 'Do you ship to Canada?' }).waitFor();
        const w1 = widgetFrame(site);
        const visitorBubble = (w: FrameLocator, text: string) =>
          w.getByTestId('chat-message-visitor').filter({ hasText: text });

        // Sent in the second tab, it reaches the first live: the first tab's socket is in the room.
        await w2.getByTestId('chat-input').fill('Sent from my other tab');
        await w2.getByTestId('chat-send').click();
        await visitorBubble(w1, 'Sent from my other tab').waitFor();

        // So the first tab sends over its socket (no POST), gets no echo of its own, and shows the
        // message once, as stored; the second tab gets it live.
        const posts: string[] = [];
        const countPost = (r: { url(): string; method(): string }) => {
          if (r.method() === 'POST' && r.url().includes('/api/widget/messages')) posts.push(r.url());
        };
        site.on('request', countPost);
        await w1.getByTestId('chat-input').fill('And this one from the first');
        await w1.getByTestId('chat-send').click();
        const mine = visitorBubble(w1, 'And this one from the first');
        await mine.and(w1.locator(':not([data-pending])')).waitFor();
        await visitorBubble(w2, 'And this one from the first').waitFor();
        await site.waitForTimeout(500); // an echo, had one been sent, has arrived by now
        site.off('request', countPost);
        expect(posts).toEqual([]);
        expect(await mine.count()).toBe(1);
        expect(await visitorBubble(w2, 'And this one from the first').count()).toBe(1);
        expect(await visitorBubble(w1, 'Sent from my other tab').count()).toBe(1);
        expect(await visitorBubble(w2, 'Sent from my other tab').count()).toBe(1);
        await shot(other, 'second-tab');
      } finally {
        await other.close();
      }
    },
  );

  // Last but one: after this page is resized, Chromium may route clicks to the widget's frame (another
  // process) by where it was painted before, for seconds under load, and a click lands in nothing (a
  // later step's Send did nothing in CI; no pointer event reached the frame).
  step('long unbroken text wraps in both bubbles on a phone too', async () => {
    const w = widgetFrame(site);
    await site.setViewportSize({ width: 375, height: 740 });
    try {
      await w.locator('.pw-root[data-mobile]').waitFor();
      const reply = w.getByTestId('chat-message-assistant').filter({ hasText: 'Your order' });
      await expectFits(reply.locator('.pw-bubble'), '.pw-messages');
      await expectFits(
        w.getByTestId('chat-message-visitor').filter({ hasText: LONG_LINK }).locator('.pw-bubble'),
        '.pw-messages',
      );
      await shot(site, 'chat-long-strings-phone');
    } finally {
      await site.setViewportSize({ width: 1280, height: 860 });
    }
  });

  step('on a phone the open widget fills the screen', async (t) => {
    const phone = await t.context.newPage();
    await phone.setViewportSize({ width: 390, height: 780 });
    try {
      await phone.goto(host.url);
      await openWidget(phone);
      const box = (await phone.locator('iframe').boundingBox())!;
      expect([box.x, box.y, box.width, box.height]).toEqual([0, 0, 390, 780]);
      const panel = (await widgetFrame(phone).getByTestId('widget-panel').boundingBox())!;
      expect([panel.x, panel.y, panel.width, panel.height]).toEqual([0, 0, 390, 780]);
      expect(await widgetFrame(phone).getByTestId('launcher').isVisible()).toBe(false);
      // The header's Close (the launcher, first in the frame's order, is hidden on a phone).
      await widgetFrame(phone).getByTestId('widget-panel').getByLabel('Close chat').click();
      await widgetFrame(phone).getByTestId('widget-panel').waitFor({ state: 'detached' });
      expect((await phone.locator('iframe').boundingBox())!.width).toBeLessThan(120);
      await widgetFrame(phone).getByTestId('launcher').click();
      await widgetFrame(phone).getByTestId('widget-panel').waitFor();
      await shot(phone, 'mobile-open');
    } finally {
      await phone.close();
    }
  });
});

const expectCount = (locator: ReturnType<FrameLocator['locator']>, n: number) =>
  eventually(async () => expect(await locator.count()).toBe(n), 5_000);
