import type { BillingDeps } from '../deps';

/** What the browser needs for Stripe.js: the publishable key and where to load the script from. */
export function paymentsConfig(deps: BillingDeps): {
  enabled: boolean;
  publishableKey: string;
  scriptUrl: string;
} {
  const stripe = deps.payments?.config;
  return stripe
    ? { enabled: true, publishableKey: stripe.publishableKey, scriptUrl: stripe.scriptUrl }
    : { enabled: false, publishableKey: '', scriptUrl: '' };
}
