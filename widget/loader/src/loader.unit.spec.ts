/**
 * @jest-environment jsdom
 */
import { installWidget } from './loader';

const GATEWAY = 'https://gw.example';

function setUp() {
  const script = document.createElement('script');
  script.src = `${GATEWAY}/widget/loader.js`;
  script.setAttribute('data-domain-id', 'dom-1');
  const api = installWidget(script, window)!;
  const frame = document.querySelector('iframe[data-parley-widget]') as HTMLIFrameElement;
  const fromApp = (data: unknown, origin = GATEWAY, source: unknown = frame.contentWindow) =>
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

  it('posts commands to the gateway origin only', () => {
    const { api, frame } = setUp();
    const post = jest.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => undefined);
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

  it('refuses a script tag without a domain id', () => {
    const script = document.createElement('script');
    script.src = `${GATEWAY}/widget/loader.js`;
    expect(installWidget(script, window)).toBeNull();
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });
});
