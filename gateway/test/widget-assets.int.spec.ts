import { createLogger } from '@parley/logger';
import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { widgetAssetsRoutes } from '../src/http/routes/widget-assets-routes';

/** The widget's files as the gateway serves them, from a dist folder laid out like widget/dist. */
/** Raw bytes and headers (fetch would decode the body itself). */
function raw(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status?: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) =>
    get(url, { headers }, (r) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => resolve({ status: r.statusCode, headers: r.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject),
  );
}

const ASSET = `console.log(${JSON.stringify('a widget '.repeat(200))})`;

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
    writeFileSync(join(dist, 'app', 'assets', 'app-ABC.js'), ASSET);
    // As widget/scripts/build.mjs writes them: a Brotli and a gzip copy beside each file.
    writeFileSync(join(dist, 'app', 'assets', 'app-ABC.js.br'), brotliCompressSync(ASSET));
    writeFileSync(join(dist, 'app', 'assets', 'app-ABC.js.gz'), gzipSync(ASSET));
    writeFileSync(join(dist, 'app', 'assets', 'plain-DEF.css'), 'a{color:red}');
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

  it('sends the Brotli or gzip copy as the browser asks, and the file itself otherwise', async () => {
    const url = `${base}/widget/app/assets/app-ABC.js`;
    const br = await raw(url, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe(ASSET);
    expect(br.body.length).toBeLessThan(ASSET.length / 5);

    const gz = await raw(url, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(ASSET);

    const plain = await raw(url, { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(ASSET);
    // A file the build left uncompressed goes as it is, whatever is asked.
    const css = await raw(`${base}/widget/app/assets/plain-DEF.css`, { 'Accept-Encoding': 'br' });
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    // Each coding has its own ETag, so a cache never answers one with the other.
    expect(br.headers['etag']).not.toBe(gz.headers['etag']);
    const again = await raw(url, { 'Accept-Encoding': 'br', 'If-None-Match': String(br.headers['etag']) });
    expect(again.status).toBe(304);
  });

  it('compresses the app page too, and never serves the compressed copies by name', async () => {
    const page = await raw(`${base}/widget/app/?domainId=d1`, { 'Accept-Encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toContain('content="https://parley.example"');
    expect((await fetch(`${base}/widget/app/assets/app-ABC.js.br`)).status).toBe(404);
    expect((await fetch(`${base}/widget/app/assets/.hidden`)).status).toBe(404);
  });
});
