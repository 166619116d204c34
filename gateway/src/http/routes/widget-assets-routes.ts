import type { Logger } from '@parley/logger';
import express, { Router, type Request, type Response } from 'express';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** widget/scripts/build.mjs writes this into the app page; replaced with PUBLIC_APP_URL here. */
const APP_URL_PLACEHOLDER = '%PARLEY_APP_URL%';
const LOADER_MAX_AGE_MS = 5 * 60 * 1000;

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
 * (cached for a year). Mounted before the app-wide helmet, whose X-Frame-Options and
 * frame-ancestors 'self' would stop other sites from framing the widget.
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

  let page: { mtimeMs: number; html: string } | null = null;
  const appPage = (): string | null => {
    if (!existsSync(indexFile)) return null;
    const { mtimeMs } = statSync(indexFile);
    if (page?.mtimeMs !== mtimeMs) {
      const html = readFileSync(indexFile, 'utf8').replaceAll(
        APP_URL_PLACEHOLDER,
        escapeAttribute(options.publicAppUrl),
      );
      page = { mtimeMs, html };
    }
    return page.html;
  };

  router.get('/widget/loader.js', (_req, res, next) => {
    commonHeaders(res);
    res.sendFile(
      loaderFile,
      {
        maxAge: LOADER_MAX_AGE_MS,
        etag: true,
        lastModified: true,
        headers: { 'Content-Type': 'text/javascript; charset=utf-8' },
      },
      (err) => {
        if (err && !res.headersSent) next();
      },
    );
  });

  // Routing ignores a trailing slash; the page needs one (its assets are relative to it).
  router.get('/widget/app', (req, res, next) => {
    const [path = '', query] = req.originalUrl.split(/\?(.*)/s);
    if (!path.endsWith('/')) return res.redirect(301, `/widget/app/${query ? `?${query}` : ''}`);
    const html = appPage();
    if (!html) return next();
    commonHeaders(res);
    res
      .set({
        'Content-Security-Policy': appPagePolicy(req, options.stripeOrigins ?? []),
        // Re-validated every time (ETag): a new build's asset names reach visitors at once.
        'Cache-Control': 'no-cache',
      })
      .type('html')
      .send(html);
  });

  router.use(
    '/widget/app/assets',
    (_req, res, next) => {
      commonHeaders(res);
      next();
    },
    express.static(join(appDir, 'assets'), {
      index: false,
      immutable: true,
      maxAge: '365d',
      fallthrough: true,
    }),
  );

  return router;
}
