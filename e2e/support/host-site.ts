import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, FrameLocator, Page } from 'playwright-core';

export interface HostSite {
  url: string;
  close(): Promise<void>;
}

/**
 * A customer's plain HTML site on its own origin (a port of its own), carrying the embed snippet
 * exactly as the dashboard hands it out.
 */
export function startHostSite(gatewayUrl: string, domainId: string, title = 'Mug shop'): Promise<HostSite> {
  const page = `<!doctype html><html><head><title>${title}</title></head><body>
<h1>Handmade mugs</h1><p>Our shop page.</p>
<script src="${gatewayUrl}/widget/loader.js" data-domain-id="${domainId}" async></script>
</body></html>`;
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

/** The widget's iframe on a host page. */
/**
 * Waits until `expression` is truthy in the widget's frame. frame.waitForFunction compiles its
 * predicate inside the page once it has to poll, which the widget frame's CSP (no 'unsafe-eval')
 * refuses in a frame of another origin, so it failed whenever the condition was not already true
 * (seen in CI); frame.evaluate is not subject to the page's CSP.
 */
export async function untilTrueIn(frame: Frame, expression: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await frame.evaluate(expression)) return;
    if (Date.now() > deadline)
      throw new Error(`not true within ${timeoutMs} ms in the widget: ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const widgetFrame = (page: Page): FrameLocator => page.frameLocator('iframe[data-parley-widget]');

/**
 * Clicks the launcher and waits until the open panel takes clicks. The loader grows the iframe once
 * the app says it is open, and the app runs in a frame of its own origin (another renderer
 * process): Chromium routes pointer input into that frame by hit-test data it refreshes only later.
 * Until then a click on the panel reaches the host page's iframe element instead (seen in CI: the
 * tab click of a freshly opened widget was lost), so this moves the pointer over the panel until
 * the frame itself sees it.
 */
export async function openWidget(page: Page): Promise<FrameLocator> {
  const widget = widgetFrame(page);
  await widget.getByTestId('launcher').click();
  const panel = widget.getByTestId('widget-panel');
  await panel.waitFor();
  const frame = await (await page.waitForSelector('iframe[data-parley-widget]')).contentFrame();
  if (!frame) throw new Error('the widget iframe has no frame');
  await untilTrueIn(frame, 'window.innerWidth > 200 && window.innerHeight > 200');
  await frame.evaluate(
    `addEventListener('pointermove', () => { window.__pointerSeen = true; }, { once: true })`,
  );
  for (let i = 0; ; i++) {
    const box = await panel.boundingBox();
    if (box) await page.mouse.move(box.x + box.width / 2, box.y + 20 + (i % 2));
    if (await frame.evaluate('window.__pointerSeen === true')) return widget;
    if (i === 100) throw new Error('pointer input never reached the open widget');
    await page.waitForTimeout(100);
  }
}
