import {
  appNoticeFrom,
  appUrl,
  frameBox,
  hostStorageKey,
  isMobileViewport,
  LOADER_TAG,
  type LoaderCommand,
} from '../../shared/protocol';
import { createLauncher, parseLook } from './launcher';

/** The one global the loader defines (documented in widget/README.md). */
export interface ParleyApi {
  open(): void;
  close(): void;
  toggle(): void;
  isOpen(): boolean;
  /** Runs `callback` once the widget has loaded (at once if it already has). */
  onReady(callback: () => void): void;
  /** Runs `callback(open)` whenever the panel opens or closes. */
  onChange(callback: (open: boolean) => void): void;
}

declare global {
  interface Window {
    Parley?: ParleyApi;
  }
}

/** How long after the page has loaded the app frame is fetched anyway, once the browser is idle. */
export const IDLE_LOAD_DELAY_MS = 1500;

/** Runs `load` when the page has loaded and the browser is idle (the default schedule). */
export function whenIdle(win: Window & typeof globalThis, load: () => void): void {
  const idle = () =>
    win.setTimeout(() => {
      if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(load, { timeout: 3000 });
      else load();
    }, IDLE_LOAD_DELAY_MS);
  if (win.document.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}

/**
 * Shows the launcher at once and creates the `Parley` API; the app's iframe is created on the
 * visitor's first move towards the launcher (pointer, focus, touch, click), on a call of the API,
 * or by `schedule` (when the browser is idle). Returns null when the script tag is unusable.
 */
export function installWidget(
  script: HTMLScriptElement,
  win: Window & typeof globalThis,
  schedule: (load: () => void) => void = (load) => whenIdle(win, load),
): ParleyApi | null {
  const domainId = script.getAttribute('data-domain-id')?.trim();
  if (!domainId || !script.src) return null;
  const gatewayOrigin = new URL(script.src, win.location.href).origin;
  const doc = win.document;

  const frame = doc.createElement('iframe');
  frame.title = 'Chat';
  frame.setAttribute('allow', 'clipboard-write');
  frame.setAttribute('data-parley-widget', '');
  const base = frame.style;
  base.position = 'fixed';
  base.border = '0';
  base.background = 'transparent';
  base.colorScheme = 'normal';
  base.zIndex = '2147483000';
  base.maxWidth = '100%';
  base.maxHeight = '100%';
  // Hidden (and out of the tab order) until the app is ready and takes the launcher's place.
  base.visibility = 'hidden';

  let open = false;
  let ready = false;
  const readyCallbacks: Array<() => void> = [];
  const changeCallbacks: Array<(open: boolean) => void> = [];

  const layout = () => {
    const box = frameBox(open, win.innerWidth);
    base.width = box.width;
    base.height = box.height;
    base.right = box.right;
    base.bottom = box.bottom;
  };
  const post = (command: LoaderCommand) => frame.contentWindow?.postMessage(command, gatewayOrigin);
  /** Commands given before the app is ready, sent once it is. */
  const queued: Array<'open' | 'close' | 'toggle'> = [];
  const send = (type: 'open' | 'close' | 'toggle') => {
    load();
    if (ready) post({ tag: LOADER_TAG, type });
    else queued.push(type);
  };
  // The host page's own storage, under one key per domain; storage may be off altogether.
  const storageKey = hostStorageKey(domainId);
  const read = (key: string): string | null => {
    try {
      return win.localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const write = (key: string, value: string | null) => {
    try {
      if (value === null) win.localStorage.removeItem(key);
      else win.localStorage.setItem(key, value);
    } catch {
      // Storage full or disabled: the visitor starts afresh next time.
    }
  };
  const kept = () => read(storageKey);
  const keep = (value: string | null) => write(storageKey, value);

  // The launcher at once, in the look the app reported on the last page view (see 'ready').
  const lookKey = `${storageKey}.look`;
  const launcher = createLauncher(doc, parseLook(read(lookKey)));
  let loaded = false;
  const load = () => {
    if (loaded) return;
    loaded = true;
    frame.src = appUrl(gatewayOrigin, domainId, win.location.origin);
    (doc.body ?? doc.documentElement).appendChild(frame);
  };
  for (const event of ['pointerenter', 'focus', 'touchstart'] as const)
    launcher.button.addEventListener(event, load, { once: true, passive: true });
  launcher.button.addEventListener('click', () => send('open'));
  /** The app's launcher takes over: the loader's goes, and its focus moves into the frame. */
  const handOver = () => {
    const focused = doc.activeElement === launcher.host;
    base.visibility = 'visible';
    launcher.host.remove();
    if (focused) {
      frame.focus();
      post({ tag: LOADER_TAG, type: 'focus' });
    }
  };
  let mobile: boolean | null = null;
  const tellViewport = () => {
    const now = isMobileViewport(win.innerWidth);
    if (now === mobile || !ready) return;
    mobile = now;
    post({ tag: LOADER_TAG, type: 'viewport', mobile });
  };
  const safely = (fn: () => void) => {
    try {
      fn();
    } catch (e) {
      win.console.error('[Parley] callback failed', e);
    }
  };

  win.addEventListener('message', (event) => {
    const notice = appNoticeFrom(event, gatewayOrigin, frame.contentWindow);
    if (!notice) return;
    if (notice.type === 'store') {
      keep(notice.value);
      return;
    }
    if (notice.type === 'hello') {
      post({ tag: LOADER_TAG, type: 'stored', value: kept() });
      return;
    }
    const changed = notice.open !== open;
    open = notice.open;
    layout();
    if (notice.type === 'ready' && !ready) {
      ready = true;
      if (notice.look) write(lookKey, JSON.stringify(notice.look));
      handOver();
      tellViewport();
      queued.splice(0).forEach((type) => post({ tag: LOADER_TAG, type }));
      readyCallbacks.splice(0).forEach((cb) => safely(cb));
    }
    if (changed) changeCallbacks.forEach((cb) => safely(() => cb(open)));
  });
  win.addEventListener('resize', () => {
    layout();
    tellViewport();
  });
  layout();
  (doc.body ?? doc.documentElement).appendChild(launcher.host);
  schedule(load);

  return {
    open: () => send('open'),
    close: () => send('close'),
    toggle: () => send('toggle'),
    isOpen: () => open,
    onReady(callback) {
      if (ready) safely(callback);
      else readyCallbacks.push(callback);
    },
    onChange(callback) {
      changeCallbacks.push(callback);
    },
  };
}
