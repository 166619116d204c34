// The widget by keyboard alone (issue 20, WCAG 2.1.1, 2.1.2, 2.4.3, 2.4.7): Tab reaches the
// launcher first, opening moves focus into the panel, Escape closes and focus comes back to the
// launcher, the product dialog holds focus until Escape returns it to its card, an opened article's
// heading takes focus, and every control shows where focus is. The chat's log adds each message
// once, the typing indicator outside it.
import type { Frame, Page } from 'playwright-core';
import { useBrowser, type BrowserTest } from './support/browser';
import { startHostSite, untilTrueIn, type HostSite } from './support/host-site';
import { ownerApi, signUpOwnerWithDomain } from './support/owner';

const { journey } = useBrowser();

// Browser-side code as strings: the e2e tier is type-checked without the DOM library.

/** What has focus in the widget's frame: its test id, else its tag (and role). */
const focusedIn = (frame: Frame) =>
  frame.evaluate<string>(`(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const role = el.getAttribute('role');
    return el.dataset.testid ?? el.tagName.toLowerCase() + (role ? '[' + role + ']' : '');
  })()`);

/** Whether the focused element in `frame` shows a focus indicator (an outline, or a ring on its box). */
const showsFocus = (frame: Frame) =>
  frame.evaluate<boolean>(`(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return false;
    const ringed = (e) => {
      const s = getComputedStyle(e);
      return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
    };
    return ringed(el) || (!!el.parentElement && el.tagName === 'INPUT' && ringed(el.parentElement));
  })()`);

const focusIs = (frame: Frame, testId: string) =>
  untilTrueIn(frame, `document.activeElement?.getAttribute('data-testid') === ${JSON.stringify(testId)}`);

describe('the widget by keyboard', () => {
  let host: HostSite;
  let site: Page;
  let frame: Frame;
  let owner: BrowserTest;

  const press = async (key: string) => {
    await site.keyboard.press(key);
    await site.waitForTimeout(60);
  };
  /** Tabs forward until the element with `testId` has focus; every stop on the way shows focus. */
  const tabTo = async (testId: string, limit = 40) => {
    for (let i = 0; i < limit; i++) {
      await press('Tab');
      const now = await focusedIn(frame);
      if (now !== 'body' && now !== 'section' && !now.startsWith('div') && !now.startsWith('h2'))
        expect({ now, ring: await showsFocus(frame) }).toEqual({ now, ring: true });
      if (now === testId) return;
    }
    throw new Error(`Tab never reached ${testId}`);
  };

  const { step } = journey(async (t) => {
    const domainId = await signUpOwnerWithDomain(t, 'keyboard', `keyboard-${Date.now().toString(36)}.com`);
    await ownerApi(t, 'POST', '/help-articles', {
      domainId,
      title: 'Dishwasher safety',
      question: 'Can the mugs go in the dishwasher?',
      answer: 'Yes, on the top rack.',
    });
    await ownerApi(t, 'POST', '/products', {
      domainId,
      name: 'Blue mug',
      price: 24,
      productUrl: 'https://mugs.example/blue',
      productType: 'Physical',
      description: 'A blue stoneware mug.',
      variants: [{ name: 'Size', options: [{ value: 'Small' }, { value: 'Large' }] }],
    });
    host = await startHostSite(t.env.gatewayUrl, domainId);
    owner = t;
    site = t.page;
    await site.goto(host.url);
  });
  afterAll(async () => host?.close());

  step('Tab reaches the launcher first; Enter opens the panel with focus in it', async () => {
    await press('Tab');
    // The loader's own launcher takes focus at once; the app's takes its place, focus and all.
    const el = await site.waitForSelector('iframe[data-parley-widget]', { state: 'visible' });
    frame = (await el.contentFrame())!;
    await focusIs(frame, 'launcher');
    expect(await showsFocus(frame)).toBe(true);
    expect(await site.locator('[data-parley-launcher]').count()).toBe(0);

    await press('Enter');
    await frame.getByTestId('widget-panel').waitFor();
    await focusIs(frame, 'widget-panel');
    // The launcher comes first in the frame's order, the panel's controls after it.
    expect(
      await frame.evaluate(`(() => {
        const launcher = document.querySelector('[data-testid="launcher"]');
        const panel = document.querySelector('[data-testid="widget-panel"]');
        return !!(launcher.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING);
      })()`),
    ).toBe(true);
  });

  step('sends a message from the keyboard; the log adds it once, typing stays outside', async () => {
    await tabTo('tab-chat');
    await press('Enter');
    await frame.getByTestId('chat-input').waitFor();
    // Every node the log gets, as text: a message added twice would be read out twice.
    await frame.evaluate(`(() => {
      window.added = [];
      new MutationObserver((records) => {
        for (const r of records) r.addedNodes.forEach((n) => window.added.push(n.textContent ?? ''));
      }).observe(document.querySelector('[role="log"]'), { childList: true, subtree: true });
    })()`);
    await tabTo('chat-input');
    await site.keyboard.type('Hello from the keyboard');
    await press('Enter');
    await frame
      .locator('[data-testid="chat-message-visitor"]:not([data-pending])')
      .filter({ hasText: 'Hello from the keyboard' })
      .waitFor();
    await frame.locator('[role="log"] [data-testid="chat-message-assistant"]').nth(1).waitFor();
    const added = await frame.evaluate<string[]>('window.added');
    expect(added.filter((text) => text.includes('Hello from the keyboard'))).toHaveLength(1);
    expect(await frame.locator('[role="log"] [data-testid="chat-typing"]').count()).toBe(0);
    expect(await frame.locator('[role="log"] [data-testid="chat-bot-draft"]').count()).toBe(0);
  });

  step('opens a help article, whose heading takes focus', async () => {
    await tabTo('tab-helpdesk');
    await press('Enter');
    await frame.getByTestId('helpdesk-article').first().waitFor();
    await tabTo('helpdesk-search');
    await tabTo('helpdesk-article');
    await press('Enter');
    await focusIs(frame, 'article-title');
    expect(await frame.evaluate('document.activeElement.textContent')).toBe('Dishwasher safety');
  });

  step('a reply that arrives while the visitor is on another tab is announced once, politely', async () => {
    // On the Help tab since the step above. Every text the announcer takes, as it takes it.
    await frame.evaluate(`(() => {
      const region = document.querySelector('[data-testid="chat-announcer"]');
      window.announced = [];
      new MutationObserver(() => window.announced.push(region.textContent ?? '')).observe(region, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    })()`);
    const announcer = frame.getByTestId('chat-announcer');
    expect(await announcer.getAttribute('role')).toBe('status');
    expect(await announcer.getAttribute('aria-live')).toBe('polite');
    expect(await announcer.textContent()).toBe('');
    const rooms = await ownerApi<{ data: Array<{ id: string }> }>(owner, 'GET', '/conversations?filter=all');
    await ownerApi(owner, 'POST', `/conversations/${rooms.data[0]!.id}/messages`, {
      content: 'They can, on the top rack.',
    });
    await untilTrueIn(
      frame,
      `document.querySelector('[data-testid="chat-announcer"]').textContent.startsWith('New message from ')`,
    );
    await site.waitForTimeout(1000); // time for a second announcement, which must not come
    const announced = (await frame.evaluate<string[]>('window.announced')).filter((text) => text !== '');
    expect(announced).toHaveLength(1);
    expect(announced[0]).toMatch(/^New message from \S/);
    // The message is in the chat, where the log says it; the announcer has nothing more to say there.
    await tabTo('tab-chat');
    await press('Enter');
    await frame.locator('[role="log"]').getByText('They can, on the top rack.').waitFor();
    expect(await announcer.textContent()).toBe('');
  });

  step('the product dialog takes focus, keeps it, and gives it back to its card on Escape', async () => {
    await tabTo('tab-products');
    await press('Enter');
    await tabTo('product-card');
    await press('Enter');
    await frame.getByTestId('product-dialog').waitFor();
    const inDialog = () =>
      frame.evaluate<boolean>(
        `!!document.querySelector('[data-testid="product-dialog"]')?.contains(document.activeElement)`,
      );
    expect(await inDialog()).toBe(true);
    for (let i = 0; i < 8; i++) {
      await press('Tab');
      expect(await inDialog()).toBe(true);
      expect(await showsFocus(frame)).toBe(true);
    }
    await press('Shift+Tab');
    expect(await inDialog()).toBe(true);
    await press('Escape');
    await frame.getByTestId('product-dialog').waitFor({ state: 'detached' });
    expect(await focusedIn(frame)).toBe('product-card');
    // The first Escape closed the dialog only.
    expect(await frame.getByTestId('widget-panel').count()).toBe(1);
  });

  step('Escape closes the panel, and focus goes back to the launcher; so does the Close button', async () => {
    await press('Escape');
    await frame.getByTestId('widget-panel').waitFor({ state: 'detached' });
    expect(await focusedIn(frame)).toBe('launcher');
    expect(await frame.getByTestId('launcher').getAttribute('aria-expanded')).toBe('false');

    await press('Enter');
    await frame.getByTestId('widget-panel').waitFor();
    await press('Tab');
    expect(await frame.evaluate(`document.activeElement.getAttribute('aria-label')`)).toBe('Close chat');
    expect(await showsFocus(frame)).toBe(true);
    await press('Enter');
    await frame.getByTestId('widget-panel').waitFor({ state: 'detached' });
    expect(await focusedIn(frame)).toBe('launcher');
  });
});
