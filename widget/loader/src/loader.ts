import {
  appNoticeFrom,
  appUrl,
  frameBox,
  hostStorageKey,
  isMobileViewport,
  LOADER_TAG,
  type LoaderCommand,
} from '../../shared/protocol';

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

/** Creates the iframe and the `Parley` API; returns null when the script tag is unusable. */
export function installWidget(script: HTMLScriptElement, win: Window & typeof globalThis): ParleyApi | null {
  const domainId = script.getAttribute('data-domain-id')?.trim();
  if (!domainId || !script.src) return null;
  const gatewayOrigin = new URL(script.src, win.location.href).origin;
  const doc = win.document;

  const frame = doc.createElement('iframe');
  frame.src = appUrl(gatewayOrigin, domainId, win.location.origin);
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
  const send = (type: 'open' | 'close' | 'toggle') => post({ tag: LOADER_TAG, type });
  // The host page's own storage, under one key per domain; storage may be off altogether.
  const storageKey = hostStorageKey(domainId);
  const kept = (): string | null => {
    try {
      return win.localStorage.getItem(storageKey);
    } catch {
      return null;
    }
  };
  const keep = (value: string | null) => {
    try {
      if (value === null) win.localStorage.removeItem(storageKey);
      else win.localStorage.setItem(storageKey, value);
    } catch {
      // Storage full or disabled: the visitor starts afresh next time.
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
      tellViewport();
      readyCallbacks.splice(0).forEach((cb) => safely(cb));
    }
    if (changed) changeCallbacks.forEach((cb) => safely(() => cb(open)));
  });
  win.addEventListener('resize', () => {
    layout();
    tellViewport();
  });
  layout();
  (doc.body ?? doc.documentElement).appendChild(frame);

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
