import { appNoticeFrom, appUrl, frameBox, loaderCommandFrom, parseHostOrigin } from './protocol';

const frame = { name: 'iframe window' };
const parent = { name: 'host window' };
const other = { name: 'another frame' };

describe('loader side: appNoticeFrom', () => {
  const gw = 'https://gw.example';
  const ok = { origin: gw, source: frame, data: { tag: 'parley-widget', type: 'state', open: true } };

  it('accepts the app in our iframe', () => {
    expect(appNoticeFrom(ok, gw, frame)).toEqual({ tag: 'parley-widget', type: 'state', open: true });
    expect(appNoticeFrom({ ...ok, data: { ...ok.data, type: 'ready' } }, gw, frame)?.type).toBe('ready');
  });

  it("takes the launcher's look with 'ready' only when both are hex colours", () => {
    const ready = (look: unknown) => ({
      ...ok,
      data: { tag: 'parley-widget', type: 'ready', open: false, look },
    });
    expect(appNoticeFrom(ready({ theme: '#0f766e', icon: '#fff' }), gw, frame)).toEqual({
      tag: 'parley-widget',
      type: 'ready',
      open: false,
      look: { theme: '#0f766e', icon: '#fff' },
    });
    expect(appNoticeFrom(ready({ theme: 'red;x:url(y)', icon: '#fff' }), gw, frame)).toEqual({
      tag: 'parley-widget',
      type: 'ready',
      open: false,
    });
    expect(appNoticeFrom(ready('#fff'), gw, frame)).not.toHaveProperty('look');
  });

  it('accepts a small value to keep, and nothing big or of another type', () => {
    const store = (value: unknown) => ({ ...ok, data: { tag: 'parley-widget', type: 'store', value } });
    expect(appNoticeFrom(store('{"visitorKey":"k"}'), gw, frame)).toEqual({
      tag: 'parley-widget',
      type: 'store',
      value: '{"visitorKey":"k"}',
    });
    expect(appNoticeFrom(store(null), gw, frame)?.type).toBe('store');
    expect(appNoticeFrom(store('x'.repeat(2049)), gw, frame)).toBeNull();
    expect(appNoticeFrom(store({ a: 1 }), gw, frame)).toBeNull();
    expect(appNoticeFrom({ ...store('k'), source: other }, gw, frame)).toBeNull();
  });

  it('refuses another origin, another window, or a malformed message', () => {
    expect(appNoticeFrom({ ...ok, origin: 'https://evil.example' }, gw, frame)).toBeNull();
    expect(appNoticeFrom({ ...ok, source: other }, gw, frame)).toBeNull();
    expect(appNoticeFrom({ ...ok, source: null }, gw, null)).toBeNull();
    expect(appNoticeFrom({ ...ok, data: { tag: 'x', type: 'state', open: true } }, gw, frame)).toBeNull();
    expect(
      appNoticeFrom({ ...ok, data: { tag: 'parley-widget', type: 'state', open: 'yes' } }, gw, frame),
    ).toBeNull();
    expect(
      appNoticeFrom({ ...ok, data: { tag: 'parley-widget', type: 'eval', open: true } }, gw, frame),
    ).toBeNull();
    expect(appNoticeFrom({ ...ok, data: 'open' }, gw, frame)).toBeNull();
  });
});

describe('app side: loaderCommandFrom', () => {
  const host = 'https://shop.example';
  const ok = { origin: host, source: parent, data: { tag: 'parley-loader', type: 'open' } };

  it('accepts the host page that frames it', () => {
    expect(loaderCommandFrom(ok, host, parent)).toEqual({ tag: 'parley-loader', type: 'open' });
    expect(
      loaderCommandFrom({ ...ok, data: { tag: 'parley-loader', type: 'toggle' } }, host, parent)?.type,
    ).toBe('toggle');
  });

  it('refuses other origins, other windows, unknown commands and a missing host', () => {
    expect(loaderCommandFrom({ ...ok, origin: 'https://evil.example' }, host, parent)).toBeNull();
    expect(loaderCommandFrom({ ...ok, source: other }, host, parent)).toBeNull();
    expect(loaderCommandFrom(ok, null, parent)).toBeNull();
    expect(
      loaderCommandFrom({ ...ok, data: { tag: 'parley-loader', type: 'send' } }, host, parent),
    ).toBeNull();
    expect(loaderCommandFrom({ ...ok, data: null }, host, parent)).toBeNull();
    expect(
      loaderCommandFrom(
        { ...ok, data: { tag: 'parley-loader', type: 'viewport', mobile: 'yes' } },
        host,
        parent,
      ),
    ).toBeNull();
  });

  it('passes the kept value back', () => {
    const stored = (value: unknown) => ({ ...ok, data: { tag: 'parley-loader', type: 'stored', value } });
    expect(loaderCommandFrom(stored('v'), host, parent)).toEqual({
      tag: 'parley-loader',
      type: 'stored',
      value: 'v',
    });
    expect(loaderCommandFrom(stored(null), host, parent)).toEqual({
      tag: 'parley-loader',
      type: 'stored',
      value: null,
    });
    expect(loaderCommandFrom(stored(5), host, parent)).toBeNull();
    expect(loaderCommandFrom({ ...stored('v'), origin: 'https://evil.example' }, host, parent)).toBeNull();
  });

  it('passes the host viewport on', () => {
    expect(
      loaderCommandFrom(
        { ...ok, data: { tag: 'parley-loader', type: 'viewport', mobile: true } },
        host,
        parent,
      ),
    ).toEqual({ tag: 'parley-loader', type: 'viewport', mobile: true });
  });
});

describe('parseHostOrigin', () => {
  it('accepts bare http(s) origins only', () => {
    expect(parseHostOrigin('https://shop.example')).toBe('https://shop.example');
    expect(parseHostOrigin('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    expect(parseHostOrigin('https://shop.example/path')).toBeNull();
    expect(parseHostOrigin('javascript:alert(1)')).toBeNull();
    expect(parseHostOrigin('*')).toBeNull();
    expect(parseHostOrigin(null)).toBeNull();
  });
});

describe('frameBox and appUrl', () => {
  it('sizes the frame for the launcher, the panel and mobile', () => {
    expect(frameBox(false, 1280)).toMatchObject({ width: '96px', height: '96px' });
    expect(frameBox(true, 1280)).toMatchObject({ width: '420px' });
    expect(frameBox(true, 767)).toMatchObject({ width: '100%', height: '100%' });
    expect(frameBox(true, 768)).toMatchObject({ width: '420px' });
  });

  it('passes the domain and the encoded host origin', () => {
    expect(appUrl('https://gw.example', 'd 1', 'https://shop.example')).toBe(
      'https://gw.example/widget/app/?domainId=d+1&host=https%3A%2F%2Fshop.example',
    );
  });
});
