// What a browser test's pages did lately, kept so a failure in CI (where only the log survives)
// says whether the page sent its request, what the API answered and how long it took, whether
// the page threw or loaded afresh, and which toasts it showed: "the toast never showed" alone
// cannot tell a slow server from a form that never submitted or a toast that came and went.
import type { BrowserContext, Request } from 'playwright-core';

const KEPT = 25;
const TOAST_BINDING = '__parleyToastShown';

export interface PageTrail {
  /** The latest API calls, loads, toasts and page errors, oldest first, then the calls still open. */
  lines(): string[];
  /**
   * Resolves when a toast containing `text` has shown since the last toast this waited for: the
   * app keeps one toast at a time for 3 s, so one that a later toast or a reload replaced still
   * counts as shown.
   */
  nextToast(text: string, timeoutMs: number): Promise<void>;
}

const clock = () => new Date().toISOString().slice(11, 23);

function pathOf(request: Request): string {
  const url = new URL(request.url());
  return `${request.method()} ${url.pathname}${url.search}`;
}

/** The product's own calls; the page's scripts, fonts and images are not what a step waits on. */
const isApiCall = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');

/**
 * Runs in each page (top frame only): tells the test of every antd notification as it appears.
 * A string, as the specs are compiled without the DOM's types.
 */
const WATCH_TOASTS = `(() => {
  if (window.top !== window) return;
  const told = new WeakSet();
  const look = () => {
    for (const notice of document.querySelectorAll('.ant-notification-notice')) {
      if (told.has(notice)) continue;
      told.add(notice);
      window.${TOAST_BINDING}((notice.innerText || notice.textContent || '').trim().replace(/\\s*\\n\\s*/g, ' / '));
    }
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true });
})();`;

export async function recordPageTrail(context: BrowserContext): Promise<PageTrail> {
  const kept: string[] = [];
  const open = new Map<Request, number>();
  const toasts: string[] = [];
  let toastsWaitedFor = 0;
  const keep = (line: string) => {
    kept.push(`${clock()} ${line}`);
    if (kept.length > KEPT) kept.shift();
  };
  const took = (request: Request) => {
    const started = open.get(request);
    open.delete(request);
    return started === undefined ? '' : ` in ${Date.now() - started} ms`;
  };

  await context.exposeBinding(TOAST_BINDING, (_source, text: string) => {
    toasts.push(text);
    keep(`toast: ${text}`);
  });
  await context.addInitScript({ content: WATCH_TOASTS });
  context.on('page', (page) => page.on('load', () => keep(`loaded ${page.url()}`)));
  context.on('request', (request) => {
    if (isApiCall(request)) open.set(request, Date.now());
  });
  context.on('requestfinished', (request) => {
    if (!isApiCall(request)) return;
    const ms = took(request);
    // The page may close before its answer is read; a trail must never fail a test.
    void request
      .response()
      .then((response) => keep(`${pathOf(request)} -> ${response?.status() ?? '?'}${ms}`))
      .catch(() => keep(`${pathOf(request)} answered as the page closed${ms}`));
  });
  context.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? 'unknown';
    if (isApiCall(request)) keep(`${pathOf(request)} failed: ${error}${took(request)}`);
    // A navigation cancels the old page's prefetches and chunk loads: that is no news.
    else if (error !== 'net::ERR_ABORTED') keep(`${pathOf(request)} failed: ${error}`);
  });
  context.on('console', (message) => {
    if (message.type() === 'error') keep(`console error: ${message.text().slice(0, 300)}`);
  });
  context.on('weberror', (error) => keep(`page error: ${error.error().message.slice(0, 300)}`));

  return {
    lines: () => [
      ...kept,
      ...[...open].map(
        ([request, started]) => `still open: ${pathOf(request)} for ${Date.now() - started} ms`,
      ),
    ],
    async nextToast(text, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = toasts.findIndex((shown, i) => i >= toastsWaitedFor && shown.includes(text));
        if (found >= 0) {
          toastsWaitedFor = found + 1;
          return;
        }
        if (Date.now() > deadline)
          throw new Error(
            `no toast "${text}" within ${timeoutMs} ms; toasts since the last one waited for: ${
              JSON.stringify(toasts.slice(toastsWaitedFor)) || '[]'
            }`,
          );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
