import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import type { BrowserTest } from './browser';
import { openWidget, type HostSite } from './host-site';

const SHOTS = join(__dirname, '..', '..', 'test-results');

/** A screenshot in test-results/ named `<spec>--<name>.png`; returns its path. */
export async function shot(page: Page, spec: string, name: string): Promise<string> {
  mkdirSync(SHOTS, { recursive: true });
  const path = join(SHOTS, `${spec}--${name}.png`);
  await page.screenshot({ path });
  return path;
}

/** Writes a message in the open chat and waits until the server has taken it. */
export async function send(widget: FrameLocator, text: string): Promise<void> {
  await widget.getByTestId('chat-input').fill(text);
  await widget.getByTestId('chat-send').click();
  await widget
    .locator('[data-testid="chat-message-visitor"]:not([data-pending])')
    .filter({ hasText: text })
    .waitFor();
}

/** The assistant's posted bubbles (not a draft being streamed). */
const BOT = '[data-testid="chat-message-assistant"]:not([data-pending])';
const DRAFT = '[data-testid="chat-message-assistant"][data-pending]';

/** The assistant's bubbles in the chat, as their texts (the first is the widget's welcome). */
export async function botTexts(widget: FrameLocator): Promise<string[]> {
  return (await widget.locator(BOT).allTextContents()).map((s) => s.trim());
}

/**
 * Sends `text` and waits for the bot's turn: the posted bubbles that follow the visitor's message
 * until the last of them holds `last`, with neither the typing indicator nor a streamed draft
 * left. Returns that turn's texts.
 */
export async function say(widget: FrameLocator, text: string, last: string): Promise<string[]> {
  const before = (await botTexts(widget)).length;
  await send(widget, text);
  await widget.locator(BOT).nth(before).waitFor();
  const start = Date.now();
  for (;;) {
    const turn = (await botTexts(widget)).slice(before);
    const done =
      turn.at(-1)?.includes(last) &&
      (await widget.getByTestId('chat-typing').count()) === 0 &&
      (await widget.locator(DRAFT).count()) === 0;
    if (done) return turn;
    if (Date.now() - start > 20_000)
      throw new Error(`the bot's reply to "${text}" never ended with "${last}": ${JSON.stringify(turn)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A new visitor (own browser context, so its own visitor key) with the chat tab open. */
export async function newVisitor(
  t: BrowserTest,
  host: HostSite,
): Promise<{ context: BrowserContext; site: Page; widget: FrameLocator }> {
  const browser = t.context.browser();
  if (!browser) throw new Error('no browser');
  const context = await browser.newContext({ viewport: { width: 1100, height: 820 } });
  const site = await context.newPage();
  site.setDefaultTimeout(20_000);
  await site.goto(host.url);
  const widget = await openWidget(site);
  await widget.getByTestId('home-start').click();
  await widget.getByTestId('chat-input').waitFor();
  return { context, site, widget };
}
