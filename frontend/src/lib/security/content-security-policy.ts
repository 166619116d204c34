/**
 * The Content-Security-Policy of every page (src/proxy.ts sets it with a fresh nonce per
 * request; Next.js puts the nonce on its own scripts). Pure, so the policy is unit-tested. Stripe's
 * sources come from the one list in lib/payments/stripe-origins.ts.
 */
import { STRIPE_CSP_ORIGINS as STRIPE } from '../payments/stripe-origins';

export interface PolicyInputs {
  /** Base64, fresh for every response. */
  nonce: string;
  /** The gateway as the browser reaches it (Socket.IO cannot go through /api), e.g. `https://api.parley.example`. */
  gatewayOrigin: string;
  /**
   * More origins the payment form may load from and talk to, where Stripe's are allowed: the local
   * Stripe-compatible server's (STRIPE_LOCAL_ORIGIN) when payments run without Stripe.
   */
  paymentOrigins: readonly string[];
  /** `next dev`: React rebuilds error stacks with eval, and the dev server's reload socket. */
  development: boolean;
  /** The page came over HTTPS: any plain-HTTP subresource is upgraded rather than loaded. */
  secure: boolean;
}

/** The WebSocket origin of an http(s) origin (Socket.IO's transport), which connect-src names explicitly. */
const websocketOrigin = (origin: string) => origin.replace(/^http/, 'ws');

/**
 * Scripts: only those carrying the response's nonce, and whatever they load ('strict-dynamic':
 * Next's chunks, Stripe.js through loadStripe); the hosts and 'self' are there for browsers
 * without 'strict-dynamic', which ignore it. Styles: 'unsafe-inline', because antd writes its
 * styles at run time and React renders style attributes, which nonces cannot cover; a style can
 * change how the page looks, not run code. No page may be framed, by any site ('none').
 */
export function contentSecurityPolicy(inputs: PolicyInputs): string {
  const { nonce, gatewayOrigin, paymentOrigins, development, secure } = inputs;
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    [
      'script-src',
      [
        "'self'",
        `'nonce-${nonce}'`,
        "'strict-dynamic'",
        ...STRIPE['script-src'],
        ...paymentOrigins,
        ...(development ? ["'unsafe-eval'"] : []),
      ],
    ],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...STRIPE['img-src'], ...paymentOrigins]],
    ['font-src', ["'self'"]],
    [
      'connect-src',
      [
        "'self'",
        gatewayOrigin,
        websocketOrigin(gatewayOrigin),
        ...STRIPE['connect-src'],
        ...paymentOrigins,
        ...(development ? ['ws:'] : []),
      ],
    ],
    ['frame-src', [...STRIPE['frame-src'], ...paymentOrigins]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  if (secure) directives.push(['upgrade-insecure-requests', []]);
  return directives.map(([name, sources]) => [name, ...new Set(sources)].join(' ')).join('; ');
}

/** 128 random bits, base64: what 'nonce-…' takes. Web Crypto, which the proxy's runtime has. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
