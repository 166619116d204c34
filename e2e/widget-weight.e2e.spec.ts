// What the widget costs a customer's site (issue 20): the loader shows its launcher before the app
// frame is asked for, the host page takes at most 15 KB from us before the visitor touches the
// widget, and the app frame, loaded on the first move towards the launcher, at most 120 KB, all of
// it compressed as the browser asked.
import type { Page, Request } from 'playwright-core';
import { useBrowser } from './support/browser';
import { startHostSite, type HostSite } from './support/host-site';
import { signUpOwnerWithDomain } from './support/owner';

const { journey } = useBrowser();

const HOST_PAGE_BUDGET = 15 * 1024;
const APP_FRAME_BUDGET = 120 * 1024;

interface Sent {
  path: string;
  host: boolean;
  bytes: number;
  encoding: string | undefined;
  at: number;
}

/** Every finished request of `page` (its frames included): bytes over the wire, headers and body. */
function recordRequests(page: Page): Sent[] {
  const sent: Sent[] = [];
  page.on('requestfinished', (request: Request) => {
    void (async () => {
      const sizes = await request.sizes().catch(() => null);
      const response = await request.response().catch(() => null);
      if (!sizes || !response) return;
      sent.push({
        path: new URL(request.url()).pathname,
        host: request.frame() === page.mainFrame(),
        bytes: sizes.responseHeadersSize + sizes.responseBodySize,
        encoding: (await response.allHeaders())['content-encoding'],
        at: Date.now(),
      });
    })();
  });
  return sent;
}

describe("the widget's weight on a customer's site", () => {
  let host: HostSite;
  const { step } = journey(async (t) => {
    const domainId = await signUpOwnerWithDomain(t, 'weight', `weight-${Date.now().toString(36)}.com`);
    host = await startHostSite(t.env.gatewayUrl, domainId);
  });
  afterAll(async () => host?.close());

  step(
    'the launcher shows before the app frame is asked for; the frame comes on the first move to it',
    async (t) => {
      const site = await t.context.newPage();
      const sent = recordRequests(site);
      const frameAsked: number[] = [];
      site.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/widget/app')) frameAsked.push(Date.now());
      });
      // No idle time on this page: only the visitor's move loads the frame.
      await site.addInitScript('window.requestIdleCallback = () => 0;');
      await site.goto(host.url);
      const launcher = site.locator('[data-parley-launcher] button');
      await launcher.waitFor();
      const shownAt = Date.now();
      await site.waitForTimeout(2500); // past the loader's idle delay
      expect(frameAsked).toEqual([]);
      // The host page's share: the loader alone (the launcher's colours come from the last visit).
      const fromUs = sent.filter((s) => s.host && s.path !== '/');
      expect(fromUs.map((s) => s.path)).toEqual(['/widget/loader.js']);
      expect(fromUs[0]?.encoding).toBe('br');
      const hostBytes = fromUs.reduce((n, s) => n + s.bytes, 0);
      expect(hostBytes).toBeLessThanOrEqual(HOST_PAGE_BUDGET);

      await launcher.hover();
      await site.frameLocator('iframe[data-parley-widget]').getByTestId('launcher').waitFor();
      expect(frameAsked.length).toBeGreaterThan(0);
      expect(frameAsked[0]!).toBeGreaterThan(shownAt);
      await site.waitForLoadState('networkidle');
      const frame = sent.filter((s) => !s.host && s.path.startsWith('/widget/app'));
      for (const f of frame)
        expect({ path: f.path, encoding: f.encoding }).toEqual({ path: f.path, encoding: 'br' });
      const frameBytes = frame.reduce((n, s) => n + s.bytes, 0);
      expect(frameBytes).toBeLessThanOrEqual(APP_FRAME_BUDGET);
      process.stderr.write(
        `widget weight: host page ${hostBytes} B before interaction (${fromUs.map((s) => `${s.path} ${s.bytes}`).join(', ')}); app frame ${frameBytes} B in ${frame.length} requests\n`,
      );
      await site.close();
    },
  );

  step('an idle browser loads the frame by itself, and the app takes the launcher over', async (t) => {
    const site = await t.context.newPage();
    await site.goto(host.url);
    await site
      .frameLocator('iframe[data-parley-widget]')
      .getByTestId('launcher')
      .waitFor({ timeout: 30_000 });
    await site.locator('[data-parley-launcher]').waitFor({ state: 'detached' });
    await site.close();
  });
});
