/**
 * The postMessage protocol between the loader (on the host page) and the app (in the iframe).
 * Both sides post with an explicit targetOrigin and accept a message only when its origin AND its
 * source window are the one they expect: another frame on the page, or a page that frames the app
 * itself, can neither drive the widget nor read its state.
 */
export const LOADER_TAG = 'parley-loader';
export const APP_TAG = 'parley-widget';

export type LoaderCommand =
  | { tag: typeof LOADER_TAG; type: 'open' | 'close' | 'toggle' }
  /** The loader's own launcher had focus when the app took its place: focus the app's. */
  | { tag: typeof LOADER_TAG; type: 'focus' }
  /** The host page's viewport: the app cannot see it (its own is the iframe), but lays out by it. */
  | { tag: typeof LOADER_TAG; type: 'viewport'; mobile: boolean }
  /** What the loader keeps for the app on the host page (see `store`), the answer to 'hello'. */
  | { tag: typeof LOADER_TAG; type: 'stored'; value: string | null };
export type AppNotice =
  /**
   * Sent as soon as the app runs, before it has loaded anything: the loader answers with what it
   * keeps ('stored'), so a returning visitor's key is there before the app opens a session however
   * slow the rest of its start is.
   */
  | { tag: typeof APP_TAG; type: 'hello' }
  /** `look`: the launcher's colours, which the loader keeps to draw its own launcher next time. */
  | { tag: typeof APP_TAG; type: 'ready'; open: boolean; look?: LauncherLook }
  | { tag: typeof APP_TAG; type: 'state'; open: boolean }
  /**
   * Browsers that deny storage to third-party frames leave the app nothing to remember the visitor
   * by; the loader keeps this small value (the visitor key) in the host page's localStorage.
   */
  | { tag: typeof APP_TAG; type: 'store'; value: string | null };

export interface LauncherLook {
  theme: string;
  icon: string;
}

const HEX_COLOUR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const lookFrom = (v: unknown): LauncherLook | undefined =>
  isRecord(v) &&
  typeof v.theme === 'string' &&
  HEX_COLOUR.test(v.theme) &&
  typeof v.icon === 'string' &&
  HEX_COLOUR.test(v.icon)
    ? { theme: v.theme, icon: v.icon }
    : undefined;

/** The most the loader keeps for the app. */
export const MAX_STORED_LENGTH = 2048;
export const hostStorageKey = (domainId: string) => `parley.widget.${domainId}`;

const storedValue = (v: unknown): string | null | undefined =>
  v === null ? null : typeof v === 'string' && v.length <= MAX_STORED_LENGTH ? v : undefined;

export interface MessageLike {
  origin: string;
  source: unknown;
  data: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The loader's check: from the gateway's origin and from our own iframe's window. */
export function appNoticeFrom(
  event: MessageLike,
  gatewayOrigin: string,
  frameWindow: unknown,
): AppNotice | null {
  if (event.origin !== gatewayOrigin || !frameWindow || event.source !== frameWindow) return null;
  const d = event.data;
  if (!isRecord(d) || d.tag !== APP_TAG) return null;
  if (d.type === 'store') {
    const value = storedValue(d.value);
    return value === undefined ? null : { tag: APP_TAG, type: 'store', value };
  }
  if (d.type === 'hello') return { tag: APP_TAG, type: 'hello' };
  if (typeof d.open !== 'boolean') return null;
  if (d.type === 'ready') {
    const look = lookFrom(d.look);
    return look
      ? { tag: APP_TAG, type: 'ready', open: d.open, look }
      : { tag: APP_TAG, type: 'ready', open: d.open };
  }
  return d.type === 'state' ? { tag: APP_TAG, type: d.type, open: d.open } : null;
}

/** The app's check: from the host origin it was given and from the window that frames it. */
export function loaderCommandFrom(
  event: MessageLike,
  hostOrigin: string | null,
  parentWindow: unknown,
): LoaderCommand | null {
  if (!hostOrigin || event.origin !== hostOrigin || !parentWindow || event.source !== parentWindow)
    return null;
  const d = event.data;
  if (!isRecord(d) || d.tag !== LOADER_TAG) return null;
  if (d.type === 'stored') {
    const value = storedValue(d.value);
    return value === undefined ? null : { tag: LOADER_TAG, type: 'stored', value };
  }
  if (d.type === 'viewport')
    return typeof d.mobile === 'boolean' ? { tag: LOADER_TAG, type: 'viewport', mobile: d.mobile } : null;
  return d.type === 'open' || d.type === 'close' || d.type === 'toggle' || d.type === 'focus'
    ? { tag: LOADER_TAG, type: d.type }
    : null;
}

/** A bare origin from the `host` query parameter, or null when it is not one. */
export function parseHostOrigin(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin === value ? url.origin : null;
  } catch {
    return null;
  }
}

export const MOBILE_BREAKPOINT_PX = 768;
export const isMobileViewport = (viewportWidth: number) => viewportWidth < MOBILE_BREAKPOINT_PX;

export interface FrameBox {
  width: string;
  height: string;
  right: string;
  bottom: string;
}

/** Closed: room for the launcher bubble. Open: the panel, or the whole screen on mobile (<768px). */
export function frameBox(open: boolean, viewportWidth: number): FrameBox {
  if (!open) return { width: '96px', height: '96px', right: '0', bottom: '0' };
  if (isMobileViewport(viewportWidth)) return { width: '100%', height: '100%', right: '0', bottom: '0' };
  return { width: '420px', height: 'min(720px, 100%)', right: '0', bottom: '0' };
}

/** The app's address for a domain, embedded on a host page. */
export function appUrl(gatewayOrigin: string, domainId: string, hostOrigin: string): string {
  const params = new URLSearchParams({ domainId, host: hostOrigin });
  return `${gatewayOrigin}/widget/app/?${params.toString()}`;
}
