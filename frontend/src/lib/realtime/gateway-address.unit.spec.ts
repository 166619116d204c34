import { browserGatewayUrl, publicGatewayFrom } from './gateway-address';

describe('the gateway address for the browser', () => {
  it('uses a configured public URL as it is, without a trailing slash', () => {
    const gateway = publicGatewayFrom('http://gateway:4000', 'https://api.parley.chat/');
    expect(browserGatewayUrl(gateway, { protocol: 'http:', hostname: 'localhost' })).toBe(
      'https://api.parley.chat',
    );
  });

  it("otherwise keeps the page's host name (the cookie's host) with the gateway's port", () => {
    const gateway = publicGatewayFrom('http://127.0.0.1:4100', undefined);
    expect(browserGatewayUrl(gateway, { protocol: 'http:', hostname: 'localhost' })).toBe(
      'http://localhost:4100',
    );
    expect(browserGatewayUrl(gateway, { protocol: 'http:', hostname: '127.0.0.1' })).toBe(
      'http://127.0.0.1:4100',
    );
  });

  it('fills in default ports and brackets IPv6 hosts', () => {
    expect(publicGatewayFrom('https://gw.internal', undefined)).toEqual({ port: '443' });
    expect(browserGatewayUrl({ port: '4000' }, { protocol: 'http:', hostname: '::1' })).toBe(
      'http://[::1]:4000',
    );
  });
});
