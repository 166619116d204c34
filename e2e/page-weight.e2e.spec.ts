// What the public landing page and the dashboard cost a browser (issue 20): the landing page's
// JavaScript at most 200 KB over the wire, compressed, and none of the dashboard's code in it; the
// dashboard asks for each sidebar route's prefetch once, and nothing it asks for is aborted.
import type { Page, Request } from 'playwright-core';
import { useBrowser } from './support/browser';
import { signUpOwner } from './support/owner';

const { browserTest } = useBrowser();

const LANDING_JS_BUDGET = 200 * 1024;

interface Sent {
  url: URL;
  type: string;
  bytes: number;
  encoding: string | undefined;
  headers: Record<string, string>;
}

/** Every finished request of `page`: bytes over the wire (headers and body) and what it asked. */
function recordRequests(page: Page): { sent: Sent[]; failed: Request[] } {
  const sent: Sent[] = [];
  const failed: Request[] = [];
  page.on('requestfailed', (r) => failed.push(r));
  page.on('requestfinished', (request: Request) => {
    void (async () => {
      const sizes = await request.sizes().catch(() => null);
      const response = await request.response().catch(() => null);
      if (!sizes || !response) return;
      sent.push({
        url: new URL(request.url()),
        type: request.resourceType(),
        bytes: sizes.responseHeadersSize + sizes.responseBodySize,
        encoding: (await response.allHeaders())['content-encoding'],
        headers: await request.allHeaders(),
      });
    })();
  });
  return { sent, failed };
}

/** Settled: the network quiet and a moment more for late prefetches and their answers. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
}

describe('page weight', () => {
  browserTest(
    "the landing page ships at most 200 KB of compressed JavaScript, none of it the dashboard's",
    async (t) => {
      const { sent } = recordRequests(t.page);
      await t.page.goto(t.url('/'));
      await t.page.getByRole('heading', { level: 1 }).waitFor();
      await settle(t.page);
      const scripts = sent.filter((s) => s.type === 'script' || s.url.pathname.endsWith('.js'));
      expect(scripts.length).toBeGreaterThan(3); // a real page, not a blank one
      for (const s of scripts)
        expect({ path: s.url.pathname, encoding: s.encoding }).toEqual({
          path: s.url.pathname,
          encoding: expect.stringMatching(/^(br|gzip)$/),
        });
      const bytes = scripts.reduce((n, s) => n + s.bytes, 0);
      process.stderr.write(`landing page: ${bytes} B of JavaScript in ${scripts.length} requests\n`);

      // The dashboard's code: its socket client, its shell, the shared validation (zod).
      const bodies = await Promise.all(
        scripts.map((s) => t.page.evaluate(async (u) => (await fetch(u)).text(), s.url.toString())),
      );
      for (const marker of ['engine.io', 'Skip to main content', 'ZodError'])
        expect({ marker, found: bodies.some((b) => b.includes(marker)) }).toEqual({ marker, found: false });
      expect(bytes).toBeLessThanOrEqual(LANDING_JS_BUDGET);
    },
  );

  browserTest('the dashboard prefetches each sidebar route once and aborts nothing', async (t) => {
    await signUpOwner(t, 'prefetch');
    const { sent, failed } = recordRequests(t.page);
    await t.page.goto(t.url('/dashboard'));
    await t.page.getByTestId('sidebar').waitFor();
    await settle(t.page);

    const sidebar = await t.page
      .getByTestId('sidebar')
      .locator('a[href^="/"]')
      .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')!))]);
    expect(sidebar.length).toBeGreaterThan(3);
    // A prefetch is an RSC request; one route may take several (its tree, then its segments),
    // each once.
    const prefetches = sent
      .filter((s) => s.headers['next-router-prefetch'] !== undefined || s.url.searchParams.has('_rsc'))
      .map((s) => `${s.url.pathname} ${s.headers['next-router-segment-prefetch'] ?? ''}`.trim());
    const counts = new Map<string, number>();
    for (const p of prefetches) counts.set(p, (counts.get(p) ?? 0) + 1);
    const aborted = failed.map((r) => `${new URL(r.url()).pathname} ${r.failure()?.errorText ?? ''}`);
    process.stderr.write(
      `dashboard: ${sent.length} requests, ${prefetches.length} prefetches of ${sidebar.length} sidebar routes, ${aborted.length} aborted\n${[...counts].map(([p, n]) => `  ${n}× ${p}`).join('\n')}\n${aborted.map((a) => `  aborted ${a}`).join('\n')}\n`,
    );
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
    expect(aborted).toEqual([]);
    for (const href of sidebar.filter((h) => h !== '/dashboard'))
      expect({ href, prefetched: prefetches.some((p) => p.startsWith(`${href} `) || p === href) }).toEqual({
        href,
        prefetched: true,
      });
  });
});
