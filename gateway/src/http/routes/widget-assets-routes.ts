import type { Logger } from '@parley/logger';
import { Router, type Request, type Response } from 'express';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chooseEncoding } from '../content-encoding';
import { precompressedFiles } from './precompressed-file';

/** widget/scripts/build.mjs writes this into the app page; replaced with PUBLIC_APP_URL here. */
const APP_URL_PLACEHOLDER = '%PARLEY_APP_URL%';
/** The snippet's address never changes, so the loader is cached briefly and re-validated (ETag). */
const LOADER_CACHE = 'public, max-age=300';
/** Asset names carry their content's hash: a new build has new names, an old name never changes. */
const ASSET_CACHE = 'public, max-age=31536000, immutable';
/** A built asset's name: no directories, no dot files (nothing outside assets/ can be named). */
const ASSET_NAME = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9]+)+$/;

export interface WidgetAssetsOptions {
  /** widget/dist: loader.js and app/ (index.html, assets/). */
  distDir: string;
  /** The product's public site, for the widget's 'Powered by' link. */
  publicAppUrl: string;
  /** Stripe's origins (or the local server's): the payment form loads Stripe.js and calls its API. */
  stripeOrigins?: string[];
  logger: Logger;
}

const escapeAttribute = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The app page is framed by any site that embeds the widget, so it allows every frame ancestor;
 * everything else is locked to this origin: its own scripts and styles only, API calls and the
 * Socket.IO connection to the gateway itself.
 */
function appPagePolicy(req: Request, stripeOrigins: string[]): string {
  const host = req.get('host');
  const sockets = host ? ` ws://${host} wss://${host}` : '';
  const stripe = stripeOrigins.length ? ` ${stripeOrigins.join(' ')}` : '';
  return [
    "default-src 'none'",
    `script-src 'self'${stripe}`,
    // Stripe's card inputs live in its frames (js.stripe.com, hooks.stripe.com).
    ...(stripe ? [`frame-src${stripe}`] : []),
    "style-src 'self'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src 'self'${sockets}${stripe}`,
    'frame-ancestors *',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

function commonHeaders(res: Response) {
  res.set({
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // Script tags and frames on any site load these.
    'Cross-Origin-Resource-Policy': 'cross-origin',
  });
}

/**
 * The built widget (docs in widget/README.md): `/widget/loader.js` for the embed snippet (short
 * cache, ETag), `/widget/app/` the framed page, `/widget/app/assets/*` its content-hashed files
 * (cached for a year, immutable); each Brotli- or gzip-compressed as the browser asks. Mounted
 * before the app-wide helmet, whose X-Frame-Options and frame-ancestors 'self' would stop other
 * sites from framing the widget.
 */
export function widgetAssetsRoutes(options: WidgetAssetsOptions): Router {
  const router = Router();
  const loaderFile = join(options.distDir, 'loader.js');
  const appDir = join(options.distDir, 'app');
  const indexFile = join(appDir, 'index.html');
  if (!existsSync(loaderFile) || !existsSync(indexFile)) {
    options.logger.warn(
      { distDir: options.distDir },
      'the widget is not built (run node widget/scripts/build.mjs): /widget/* answers 404',
    );
  }

  // The page, with the public address put in, compressed once per build.
  let page: { mtimeMs: number; html: Buffer; br: Buffer; gzip: Buffer } | null = null;
  const appPage = () => {
    if (!existsSync(indexFile)) return null;
    const { mtimeMs } = statSync(indexFile);
    if (page?.mtimeMs !== mtimeMs) {
      const html = Buffer.from(
        readFileSync(indexFile, 'utf8').replaceAll(
          APP_URL_PLACEHOLDER,
          escapeAttribute(options.publicAppUrl),
        ),
      );
      page = { mtimeMs, html, br: brotliCompressSync(html), gzip: gzipSync(html, { level: 9 }) };
    }
    return page;
  };

  const sendFile = precompressedFiles();
  router.get('/widget/loader.js', (req, res, next) => {
    commonHeaders(res);
    if (!sendFile(req, res, loaderFile, LOADER_CACHE)) next();
  });

  // Routing ignores a trailing slash; the page needs one (its assets are relative to it).
  router.get('/widget/app', (req, res, next) => {
    const [path = '', query] = req.originalUrl.split(/\?(.*)/s);
    if (!path.endsWith('/')) return res.redirect(301, `/widget/app/${query ? `?${query}` : ''}`);
    const built = appPage();
    if (!built) return next();
    commonHeaders(res);
    const encoding = chooseEncoding(req.get('accept-encoding'), ['br', 'gzip']);
    res.set({
      'Content-Security-Policy': appPagePolicy(req, options.stripeOrigins ?? []),
      // Re-validated every time (ETag): a new build's asset names reach visitors at once.
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
    });
    if (encoding) res.set('Content-Encoding', encoding);
    res.type('html').send(encoding ? built[encoding] : built.html);
  });

  router.get('/widget/app/assets/:name', (req, res, next) => {
    const name = req.params.name;
    // The precompressed copies are sent in place of the file, never asked for by name.
    if (!ASSET_NAME.test(name) || /\.(br|gz)$/.test(name)) return next();
    commonHeaders(res);
    if (!sendFile(req, res, join(appDir, 'assets', name), ASSET_CACHE)) next();
  });

  return router;
}
