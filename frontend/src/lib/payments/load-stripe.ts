import type { Stripe } from '@stripe/stripe-js';

type StripeFactory = (publishableKey: string) => Stripe;

/** How long the script may take before the payment system counts as not loaded. */
const LOAD_TIMEOUT_MS = 15_000;

const loads = new Map<string, Promise<Stripe>>();

/**
 * Stripe.js from where billing says it is (https://js.stripe.com/v3 with Stripe's keys, the local
 * Stripe-compatible server's /v3 otherwise), then `Stripe(publishableKey)`. Rejects when the
 * script cannot load (blocked, offline, timed out): the form shows 'Payment System Error'. A
 * failed load is forgotten so 'Refresh Page' (or a later open) tries again.
 */
export function loadStripeFrom(scriptUrl: string, publishableKey: string): Promise<Stripe> {
  const key = `${scriptUrl}|${publishableKey}`;
  const existing = loads.get(key);
  if (existing) return existing;
  const loading = new Promise<Stripe>((resolve, reject) => {
    const ready = () => {
      const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
      if (typeof factory !== 'function') return reject(new Error('Stripe.js did not define Stripe'));
      try {
        resolve(factory(publishableKey));
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    };
    if ((window as unknown as { Stripe?: StripeFactory }).Stripe) return ready();
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    const timer = setTimeout(() => reject(new Error('Stripe.js took too long to load')), LOAD_TIMEOUT_MS);
    script.onload = () => {
      clearTimeout(timer);
      ready();
    };
    script.onerror = () => {
      clearTimeout(timer);
      script.remove();
      reject(new Error(`Stripe.js could not be loaded from ${scriptUrl}`));
    };
    document.head.appendChild(script);
  });
  loads.set(key, loading);
  loading.catch(() => loads.delete(key));
  return loading;
}
