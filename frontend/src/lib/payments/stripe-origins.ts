/**
 * Where the payment pages load Stripe.js from and what it talks to: the one list the frontend's
 * Content-Security-Policy takes its Stripe entries from (Stripe's own list:
 * docs.stripe.com/security/guide#content-security-policy). With the local Stripe-compatible server
 * (no Stripe keys, `STRIPE_LOCAL_ORIGIN`), its origin is allowed for the same directives too
 * (runtime-config's paymentOrigins).
 */
export const STRIPE_CSP_ORIGINS = {
  'script-src': ['https://js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com', 'https://m.stripe.network', 'https://q.stripe.com'],
  'img-src': ['https://*.stripe.com'],
} as const;
