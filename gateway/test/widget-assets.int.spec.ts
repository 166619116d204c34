import { createLogger } from '@parley/logger';
import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { widgetAssetsRoutes } from '../src/http/routes/widget-assets-routes';

/** The widget's files as the gateway serves them, from a dist folder laid out like widget/dist. */
describe('widget assets', () => {
  const dist = mkdtempSync(join(tmpdir(), 'parley-widget-dist-'));
  let server: Server;
  let base: string;

  beforeAll(async () => {
    mkdirSync(join(dist, 'app', 'assets'), { recursive: true });
    writeFileSync(join(dist, 'loader.js'), '(()=>{window.Parley={}})();');
    writeFileSync(
      join(dist, 'app', 'index.html'),
      '<meta name="parley-app-url" content="%PARLEY_APP_URL%"><script type="module" src="./assets/app-ABC.js"></script>',
    );
    writeFileSync(join(dist, 'app', 'assets', 'app-ABC.js'), 'console.log(1)');
    const app = express();
    app.use(
      widgetAssetsRoutes({
        distDir: dist,
        publicAppUrl: 'https://parley.example',
        logger: createLogger('test', 'silent'),
      }),
    );
    app.use((_req, res) => {
      res.status(404).end();
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the loader with a short cache, an ETag and cross-origin resource policy', async () => {
    const res = await fetch(`${base}/widget/loader.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    // node:http, not fetch: fetch adds Cache-Control: no-cache to a conditional request.
    const status = await new Promise<number | undefined>((resolve, reject) =>
      get(`${base}/widget/loader.js`, { headers: { 'If-None-Match': etag! } }, (r) => {
        r.resume();
        resolve(r.statusCode);
      }).on('error', reject),
    );
    expect(status).toBe(304);
  });

  it('serves the app page frameable by any site, with a strict policy for itself', async () => {
    const res = await fetch(`${base}/widget/app/?domainId=d1&host=https%3A%2F%2Fshop.example`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-frame-options')).toBeNull();
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('frame-ancestors *');
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/connect-src 'self' ws:\/\/127\.0\.0\.1:\d+ wss:\/\/127\.0\.0\.1:\d+/);
    expect(csp).toContain("default-src 'none'");
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('content="https://parley.example"');
  });

  it('redirects /widget/app to the page with its query', async () => {
    const res = await fetch(`${base}/widget/app?domainId=d1`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/widget/app/?domainId=d1');
  });

  it('serves hashed assets for a year, and nothing outside the dist folder', async () => {
    const res = await fetch(`${base}/widget/app/assets/app-ABC.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${base}/widget/app/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${base}/widget/app/assets/..%2F..%2Floader.js`)).status).toBe(404);
  });
});
