/** The part of Stripe.js the widget's payment form uses (the card element, confirmCardPayment). */
export interface StripeCardElement {
  mount(el: HTMLElement): void;
  destroy(): void;
  on(event: 'change', handler: (e: { complete: boolean; error?: { message: string } }) => void): void;
}
export interface StripeLike {
  elements(): { create(type: 'card', options?: Record<string, unknown>): StripeCardElement };
  confirmCardPayment(
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement; billing_details: Record<string, unknown> } },
  ): Promise<{ paymentIntent?: { status: string }; error?: { message?: string } }>;
}

const loads = new Map<string, Promise<StripeLike>>();

/**
 * Stripe.js from where billing says (Stripe's, or the local Stripe-compatible server's), then
 * Stripe(publishableKey). Rejects when it cannot load: the form shows 'Payment System Error'.
 */
export function loadStripe(scriptUrl: string, publishableKey: string): Promise<StripeLike> {
  const key = `${scriptUrl}|${publishableKey}`;
  const known = loads.get(key);
  if (known) return known;
  const loading = new Promise<StripeLike>((resolve, reject) => {
    const make = () => {
      const factory = (window as unknown as { Stripe?: (pk: string) => StripeLike }).Stripe;
      if (typeof factory !== 'function') return reject(new Error('Stripe.js did not load'));
      resolve(factory(publishableKey));
    };
    if ((window as unknown as { Stripe?: unknown }).Stripe) return make();
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    const timer = setTimeout(() => reject(new Error('Stripe.js took too long')), 15_000);
    script.onload = () => {
      clearTimeout(timer);
      make();
    };
    script.onerror = () => {
      clearTimeout(timer);
      script.remove();
      reject(new Error('Stripe.js could not be loaded'));
    };
    document.head.appendChild(script);
  });
  loads.set(key, loading);
  loading.catch(() => loads.delete(key));
  return loading;
}
