/**
 * @jest-environment jsdom
 */
import { installWidget } from './loader';

const GATEWAY = 'https://gw.example';

const frameNow = () => document.querySelector<HTMLIFrameElement>('iframe[data-parley-widget]');

function setUp(schedule: (load: () => void) => void = (load) => load()) {
  const script = document.createElement('script');
  script.src = `${GATEWAY}/widget/loader.js`;
  script.setAttribute('data-domain-id', 'dom-1');
  const api = installWidget(script, window, schedule)!;
  const frame = document.querySelector('iframe[data-parley-widget]') as HTMLIFrameElement;
  const fromApp = (data: unknown, origin = GATEWAY, source: unknown = frameNow()?.contentWindow) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
  return { api, frame, fromApp };
}

describe('installWidget', () => {
  afterEach(() => document.body.replaceChildren());

  it('adds one fixed iframe for the domain and this page, sized for the launcher', () => {
    const { frame } = setUp();
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    const src = new URL(frame.src);
    expect(src.origin + src.pathname).toBe(`${GATEWAY}/widget/app/`);
    expect(src.searchParams.get('domainId')).toBe('dom-1');
    expect(src.searchParams.get('host')).toBe(window.location.origin);
    expect(frame.style.position).toBe('fixed');
    expect(frame.style.width).toBe('96px');
  });

  it('follows the app in its iframe, and only it', () => {
    const { api, frame, fromApp } = setUp();
    const changes: boolean[] = [];
    let ready = 0;
    api.onReady(() => ready++);
    api.onChange((open) => changes.push(open));

    fromApp({ tag: 'parley-widget', type: 'state', open: true }, 'https://evil.example');
    fromApp({ tag: 'parley-widget', type: 'state', open: true }, GATEWAY, window);
    expect(api.isOpen()).toBe(false);
    expect(ready).toBe(0);

    fromApp({ tag: 'parley-widget', type: 'ready', open: false });
    expect(ready).toBe(1);
    fromApp({ tag: 'parley-widget', type: 'state', open: true });
    expect(api.isOpen()).toBe(true);
    expect(changes).toEqual([true]);
    expect(frame.style.width).not.toBe('96px');
    api.onReady(() => ready++);
    expect(ready).toBe(2);
  });

  it('posts commands to the gateway origin only, those given before the app was ready once it is', () => {
    const { api, frame, fromApp } = setUp();
    const post = jest.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => undefined);
    api.open();
    expect(post).not.toHaveBeenCalled();
    fromApp({ tag: 'parley-widget', type: 'ready', open: false });
    expect(post.mock.calls.filter(([c]) => (c as { type: string }).type !== 'viewport')).toEqual([
      [{ tag: 'parley-loader', type: 'open' }, GATEWAY],
    ]);
    post.mockClear();
    api.open();
    api.toggle();
    api.close();
    expect(post.mock.calls).toEqual([
      [{ tag: 'parley-loader', type: 'open' }, GATEWAY],
      [{ tag: 'parley-loader', type: 'toggle' }, GATEWAY],
      [{ tag: 'parley-loader', type: 'close' }, GATEWAY],
    ]);
  });

  it('keeps the value the app asks it to keep in the host page storage, and hands it back on hello', () => {
    localStorage.clear();
    const first = setUp();
    first.fromApp({ tag: 'parley-widget', type: 'store', value: '{"visitorKey":"k1"}' });
    first.fromApp({ tag: 'parley-widget', type: 'store', value: 'evil' }, 'https://evil.example');
    expect(localStorage.getItem('parley.widget.dom-1')).toBe('{"visitorKey":"k1"}');
    document.body.replaceChildren();

    const again = setUp();
    const post = jest.spyOn(again.frame.contentWindow!, 'postMessage').mockImplementation(() => undefined);
    // Not tied to 'ready' (which waits for the app's first API answer): the app asks at once.
    again.fromApp({ tag: 'parley-widget', type: 'ready', open: false });
    expect(post).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'stored' }), GATEWAY);
    again.fromApp({ tag: 'parley-widget', type: 'hello' });
    again.fromApp({ tag: 'parley-widget', type: 'hello' }, 'https://evil.example');
    expect(post.mock.calls.filter(([c]) => (c as { type: string }).type === 'stored')).toEqual([
      [{ tag: 'parley-loader', type: 'stored', value: '{"visitorKey":"k1"}' }, GATEWAY],
    ]);
  });

  it('shows its own launcher at once and loads the app only when the visitor comes near it', () => {
    setUp(() => undefined); // never idle
    expect(frameNow()).toBeNull();
    const host = document.querySelector('[data-parley-launcher]')!;
    const button = host.shadowRoot!.querySelector('button')!;
    expect(button.getAttribute('aria-label')).toBe('Open chat');
    button.dispatchEvent(new Event('focus'));
    expect(frameNow()?.style.visibility).toBe('hidden');
  });

  it('a click before the app is ready opens it once ready, and the app takes the launcher over', () => {
    const { fromApp } = setUp(() => undefined);
    const host = document.querySelector('[data-parley-launcher]') as HTMLElement;
    host.shadowRoot!.querySelector('button')!.click();
    const frame = frameNow()!;
    const post = jest.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => undefined);
    fromApp({ tag: 'parley-widget', type: 'ready', open: false });
    expect(document.querySelector('[data-parley-launcher]')).toBeNull();
    expect(frame.style.visibility).toBe('visible');
    expect(post).toHaveBeenCalledWith({ tag: 'parley-loader', type: 'open' }, GATEWAY);
  });

  it("keeps the launcher look the app reports, for the next page view's first paint", () => {
    localStorage.clear();
    const { fromApp } = setUp();
    fromApp({
      tag: 'parley-widget',
      type: 'ready',
      open: false,
      look: { theme: '#0f766e', icon: '#ffffff' },
    });
    expect(JSON.parse(localStorage.getItem('parley.widget.dom-1.look')!)).toEqual({
      theme: '#0f766e',
      icon: '#ffffff',
    });
    document.body.replaceChildren();
    setUp(() => undefined);
    const button = document.querySelector('[data-parley-launcher]')!.shadowRoot!.querySelector('button')!;
    expect(button.style.background).toBe('rgb(15, 118, 110)');
  });

  it('loads the app when the schedule says the browser is idle', () => {
    let idle: (() => void) | undefined;
    setUp((load) => (idle = load));
    expect(frameNow()).toBeNull();
    idle!();
    expect(new URL(frameNow()!.src).searchParams.get('domainId')).toBe('dom-1');
  });

  it('refuses a script tag without a domain id', () => {
    const script = document.createElement('script');
    script.src = `${GATEWAY}/widget/loader.js`;
    expect(installWidget(script, window)).toBeNull();
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });
});
