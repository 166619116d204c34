// The frontend's security headers (issue 11): a Content-Security-Policy with a fresh script nonce
// per page, frame-ancestors 'none' (no site may frame the dashboard or the auth pages, the same
// site included), nosniff and a Referrer-Policy; and the pages still work under them: no CSP
// violation on the landing page, the auth pages or the dashboard (its realtime socket included),
// and the payment provider's script, frames and API stay allowed. The widget's own page is the
// gateway's and stays embeddable by any site (widget.e2e.spec.ts embeds it from another origin).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { useBrowser, type BrowserTest } from './support/browser';

const { browserTest } = useBrowser();

/** Records CSP violations (the DOM event and the console's report) from before the first script runs. */
async function watchViolations(context: BrowserContext, page: Page): Promise<string[]> {
  await context.addInitScript(`
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__cspViolations.push(e.effectiveDirective + ' blocked ' + (e.blockedURI || '(inline)')),
    );
  `);
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) console.push(message.text());
  });
  return console;
}

const violationsIn = (page: Page) => page.evaluate<string[]>('window.__cspViolations ?? []');

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** The headers every page of the frontend sends; returns the page's script nonce. */
function expectSecurityHeaders(response: Response | null, path: string): string {
  if (!response) throw new Error(`no response for ${path}`);
  const headers = response.headers();
  expect({ path, status: response.status() }).toEqual({ path, status: 200 });
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const csp = directives(headers['content-security-policy'] ?? '');
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  const scripts = csp.get('script-src') ?? [];
  expect(scripts).toContain("'strict-dynamic'");
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  const nonce = scripts.map((s) => /^'nonce-([A-Za-z0-9+/_=-]{16,})'$/.exec(s)?.[1]).find(Boolean);
  if (!nonce) throw new Error(`${path}: no script nonce in ${headers['content-security-policy']}`);
  return nonce;
}

/** A page on another port of this machine's "localhost": another origin, but the same site. */
function startFramingSite(
  frontendUrl: string,
  paths: string[],
): Promise<{ url: string; close(): Promise<void> }> {
  const frames = paths
    .map((p, i) => `<iframe id="f${i}" src="${new URL(p, frontendUrl)}" width="900" height="500"></iframe>`)
    .join('\n');
  const server: Server = createServer((_req, res) => {
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html><head><title>Same site</title></head><body>${frames}</body></html>`);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://localhost:${(server.address() as AddressInfo).port}/`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Signs the admin in through the API (the sign-in form has its own specs), so the session cookies
 * land in the page's context. Every browser of the run shares one address, and the gateway allows
 * 10 log-ins a minute per address: a 429 is waited out.
 */
async function adminSignedIn(t: BrowserTest): Promise<void> {
  const headers = { origin: new URL(t.env.frontendUrl).origin };
  const data = { email: t.env.adminEmail, password: t.env.adminPassword };
  for (let attempt = 1; ; attempt++) {
    const res = await t.page.request.post(t.url('/api/auth/login'), { data, headers });
    if (res.ok()) return;
    if (res.status() !== 429 || attempt >= 4) throw new Error(`log-in: ${res.status()} ${await res.text()}`);
    await t.page.waitForTimeout((Number(res.headers()['retry-after'] ?? '5') + 1) * 1000);
  }
}

describe('security headers of the frontend', () => {
  browserTest(
    'the landing page, the auth pages and the dashboard send CSP (fresh nonce per load), X-Frame-Options, nosniff and Referrer-Policy',
    async (t) => {
      const { page } = t;
      const nonces = new Set<string>();
      for (const path of ['/', '/auth/sign-in', '/auth/sign-up', '/']) {
        nonces.add(expectSecurityHeaders(await page.goto(t.url(path)), path));
      }
      expect(nonces.size).toBe(4);
      // The dashboard's socket goes to the gateway on the host name in the address bar: the
      // policy names that one (either name of this machine may be used).
      const gatewayPort = new URL(t.env.gatewayUrl).port;
      for (const hostname of ['localhost', '127.0.0.1']) {
        const url = new URL(t.env.frontendUrl);
        url.hostname = hostname;
        const csp = directives((await fetch(url)).headers.get('content-security-policy') ?? '');
        expect(csp.get('connect-src')).toEqual(
          expect.arrayContaining([`http://${hostname}:${gatewayPort}`, `ws://${hostname}:${gatewayPort}`]),
        );
      }

      await adminSignedIn(t);
      for (const path of ['/dashboard/settings', '/dashboard/profile']) {
        nonces.add(expectSecurityHeaders(await page.goto(t.url(path)), path));
      }
      expect(nonces.size).toBe(6);
      // Every script of the page's HTML carries the nonce of its response.
      const response = await page.goto(t.url('/dashboard/team'));
      const nonce = expectSecurityHeaders(response, '/dashboard/team');
      const scriptTags = (await response!.text()).match(/<script\b[^>]*>/g) ?? [];
      expect(scriptTags.length).toBeGreaterThan(0);
      expect(scriptTags.filter((tag) => !tag.includes(`nonce="${nonce}"`))).toEqual([]);
    },
    { timeoutMs: 120_000 },
  );

  browserTest(
    'a same-site page cannot frame the dashboard or the sign-in page',
    async (t) => {
      const { page } = t;
      await adminSignedIn(t);
      const site = await startFramingSite(t.env.frontendUrl, ['/dashboard/profile', '/auth/sign-in']);
      try {
        await page.goto(site.url);
        for (const id of ['f0', 'f1']) {
          const frame = await (await page.waitForSelector(`iframe#${id}`)).contentFrame();
          if (!frame) throw new Error(`iframe ${id} has no frame`);
          // Chromium replaces a frame it refused with its error page.
          await waitUntil(async () => frame.url() === 'chrome-error://chromewebdata/', `frame ${id} refused`);
          expect(await frame.locator('[data-testid="sidebar"], form').count()).toBe(0);
        }
      } finally {
        await site.close();
      }
    },
    { timeoutMs: 120_000 },
  );

  browserTest(
    'no CSP violation on the landing page, sign-in, sign-up, and the dashboard with its realtime socket',
    async (t) => {
      const { page, context } = t;
      const reported = await watchViolations(context, page);

      await page.goto(t.url('/'));
      await page.locator('section#pricing').waitFor();
      await page.getByTestId('plan-PRO-price').waitFor();
      expect(await violationsIn(page)).toEqual([]);

      await page.goto(t.url('/auth/sign-up'));
      await page.getByLabel('Full name', { exact: true }).waitFor();
      expect(await violationsIn(page)).toEqual([]);

      const gatewayPort = new URL(t.env.gatewayUrl).port;
      // Listened for from the socket's first moment: its handshake frames come at once, and the
      // next (a ping) only 25 s later, so a listener added after the page settled could miss them.
      const frameFromGateway = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('no frame from the gateway s socket in 45 s')),
          45_000,
        );
        page.on('websocket', (ws) => {
          if (new URL(ws.url()).port !== gatewayPort) return;
          ws.once('framereceived', () => {
            clearTimeout(timer);
            resolve();
          });
        });
      });
      await adminSignedIn(t);
      await page.goto(t.url('/dashboard'));
      await page.getByTestId('sidebar').waitFor();
      await frameFromGateway;
      expect(await violationsIn(page)).toEqual([]);

      await page.goto(t.url('/dashboard/settings'));
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      expect(await violationsIn(page)).toEqual([]);
      expect(reported).toEqual([]);
    },
    { timeoutMs: 150_000 },
  );

  browserTest(
    "the payment provider's script, frames and API are allowed; other origins' frames and calls are not",
    async (t) => {
      const { page, context } = t;
      await watchViolations(context, page);
      // This machine has no network: stand-ins answer whatever the policy lets through.
      await context.route(/^https:\/\/(js|hooks|api)\.stripe\.com\//, (route) =>
        route.fulfill({
          status: 200,
          headers: { 'access-control-allow-origin': '*' },
          contentType: route.request().resourceType() === 'script' ? 'text/javascript' : 'text/html',
          body:
            route.request().resourceType() === 'script' ? 'window.__stripeLoaded = true;' : '<p>stripe</p>',
        }),
      );
      await adminSignedIn(t);
      await page.goto(t.url('/dashboard'));
      await page.getByTestId('sidebar').waitFor();

      // How @stripe/stripe-js's loadStripe() loads Stripe.js: a script element the app's own code
      // inserts ('strict-dynamic' trusts it), then Elements' frames and calls to the API.
      await page.evaluate(`new Promise((resolve, reject) => {
        const script = document.createElement('script');
        script.src = 'https://js.stripe.com/v3/';
        script.onload = () => resolve();
        script.onerror = () => reject(new Error('Stripe.js did not load'));
        document.head.append(script);
      })`);
      expect(await page.evaluate('window.__stripeLoaded')).toBe(true);
      await page.evaluate(`(async () => {
        for (const src of ['https://js.stripe.com/v3/elements-inner-card.html', 'https://hooks.stripe.com/3d']) {
          const frame = document.createElement('iframe');
          frame.src = src;
          document.body.append(frame);
        }
        await fetch('https://api.stripe.com/v1/payment_intents');
      })()`);
      expect(await violationsIn(page)).toEqual([]);

      await page.evaluate(`(async () => {
        const frame = document.createElement('iframe');
        frame.src = 'https://elsewhere.example/';
        document.body.append(frame);
        await fetch('https://elsewhere.example/collect').catch(() => undefined);
      })()`);
      await waitUntil(async () => (await violationsIn(page)).length >= 2, 'the refusals to be reported');
      expect((await violationsIn(page)).sort()).toEqual([
        'connect-src blocked https://elsewhere.example/collect',
        'frame-src blocked https://elsewhere.example',
      ]);
    },
    { timeoutMs: 120_000 },
  );
});
