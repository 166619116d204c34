import type { LauncherLook } from '../../shared/protocol';

// The app's defaults: the brand indigo, a white glyph (4.5:1 on it; icons need 3:1).
const DEFAULT_LOOK: LauncherLook = { theme: '#6366f1', icon: '#ffffff' };
const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

// The chat bubble of the app's default icon style (Ant Design's MessageOutlined, MIT).
const GLYPH =
  'M464 512a48 48 0 1096 0 48 48 0 10-96 0zm200 0a48 48 0 1096 0 48 48 0 10-96 0zm-400 0a48 48 0 1096 0 48 48 0 10-96 0zm661.2-173.6c-22.6-53.7-55-101.9-96.3-143.3a444.35 444.35 0 00-143.3-96.3C630.6 75.7 572.2 64 512 64h-2c-60.6.3-119.3 12.3-174.5 35.9a445.35 445.35 0 00-142 96.5c-40.9 41.3-73 89.3-95.2 142.8-23 55.4-34.6 114.3-34.3 174.9A449.4 449.4 0 00112 714v152a46 46 0 0046 46h152.1A449.4 449.4 0 00510 960h2.1c59.9 0 118-11.6 172.7-34.3a444.48 444.48 0 00142.8-95.2c41.3-40.9 73.8-88.7 96.5-142 23.6-55.2 35.6-113.9 35.9-174.5.3-60.9-11.5-120-34.8-175.6zm-151.1 438C704 845.8 611 884 512 884h-1.7c-60.3-.3-120.2-15.3-173.1-43.5l-8.4-4.5H188V695.2l-4.5-8.4C155.3 633.9 140.3 574 140 513.7c-.4-99.7 37.7-193.3 107.6-263.8 69.8-70.5 163.1-109.5 262.8-109.9h1.7c50 0 98.5 9.7 144.2 28.9 44.6 18.7 84.6 45.6 119 80 34.3 34.3 61.3 74.4 80 119 19.4 46.2 29.1 95.2 28.9 145.8-.6 99.6-39.7 192.9-110.1 262.7z';

export function parseLook(value: string | null): LauncherLook {
  try {
    const v = value ? (JSON.parse(value) as Partial<LauncherLook>) : null;
    if (
      v &&
      typeof v.theme === 'string' &&
      HEX.test(v.theme) &&
      typeof v.icon === 'string' &&
      HEX.test(v.icon)
    )
      return { theme: v.theme, icon: v.icon };
  } catch {
    // a value some other script wrote: the default look
  }
  return DEFAULT_LOOK;
}

/**
 * The launcher the loader shows at once, before the app's frame exists: a real button in a shadow
 * root (the host page's CSS cannot reach it), where the app's own launcher will be.
 */
export function createLauncher(doc: Document, look: LauncherLook) {
  const host = doc.createElement('div');
  host.setAttribute('data-parley-launcher', '');
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = `<style>
button{position:fixed;right:18px;bottom:18px;z-index:2147483001;width:60px;height:60px;border:0;border-radius:50%;display:grid;place-items:center;padding:0;cursor:pointer;box-shadow:0 6px 18px rgb(0 0 0/.22)}
button:focus-visible{outline:3px solid currentColor;outline-offset:2px}
</style><button type="button" aria-label="Open chat" aria-expanded="false"><svg viewBox="64 64 896 896" width="28" height="28" fill="currentColor" aria-hidden="true" focusable="false"><path d="${GLYPH}"/></svg></button>`;
  const button = root.querySelector('button')!;
  const paint = (l: LauncherLook) => {
    button.style.background = l.theme;
    button.style.color = l.icon;
  };
  paint(look);
  return { host, button, paint };
}
