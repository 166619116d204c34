import { STRIPE_CSP_ORIGINS } from '../payments/stripe-origins';
import { contentSecurityPolicy, newNonce } from './content-security-policy';

const base = {
  nonce: 'bm9uY2Utb2YtdGhlLXRlc3Q=',
  gatewayOrigin: 'http://localhost:4000',
  paymentOrigins: [] as string[],
  development: false,
  secure: false,
};

const directives = (policy: string) =>
  new Map(
    policy.split('; ').map((d) => {
      const [name, ...sources] = d.split(' ');
      return [name!, sources];
    }),
  );

describe('the page Content-Security-Policy', () => {
  it("allows only scripts with the response's nonce and what they load, never inline or eval", () => {
    const script = directives(contentSecurityPolicy(base)).get('script-src')!;
    expect(script).toEqual([
      "'self'",
      "'nonce-bm9uY2Utb2YtdGhlLXRlc3Q='",
      "'strict-dynamic'",
      'https://js.stripe.com',
    ]);
  });

  it('no site may frame a page; no plugins, no <base>, forms to this origin only', () => {
    const policy = directives(contentSecurityPolicy(base));
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
  });

  it("lets the page reach the gateway's socket and Stripe's API, and frame Stripe's Elements and 3-D Secure", () => {
    const policy = directives(contentSecurityPolicy(base));
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'http://localhost:4000',
      'ws://localhost:4000',
      'https://api.stripe.com',
      'https://m.stripe.network',
      'https://q.stripe.com',
    ]);
    expect(policy.get('frame-src')).toEqual([...STRIPE_CSP_ORIGINS['frame-src']]);
    const secure = directives(
      contentSecurityPolicy({ ...base, gatewayOrigin: 'https://api.parley.example' }),
    );
    expect(secure.get('connect-src')).toContain('wss://api.parley.example');
  });

  it('adds a local Stripe-shaped server wherever Stripe is allowed', () => {
    const policy = directives(contentSecurityPolicy({ ...base, paymentOrigins: ['http://localhost:12111'] }));
    for (const name of ['script-src', 'frame-src', 'connect-src', 'img-src']) {
      expect(policy.get(name)).toContain('http://localhost:12111');
    }
  });

  it('upgrades plain-HTTP requests only on an HTTPS page; eval and the reload socket only under next dev', () => {
    expect(contentSecurityPolicy(base)).not.toContain('upgrade-insecure-requests');
    expect(contentSecurityPolicy({ ...base, secure: true })).toMatch(/; upgrade-insecure-requests$/);
    const dev = directives(contentSecurityPolicy({ ...base, development: true }));
    expect(dev.get('script-src')).toContain("'unsafe-eval'");
    expect(dev.get('connect-src')).toContain('ws:');
  });

  it('draws a fresh 128-bit nonce each time', () => {
    const a = newNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(newNonce()).not.toBe(a);
  });
});
