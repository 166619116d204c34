import { PLANS } from '@parley/contracts';
import type Stripe from 'stripe';
import { isMissing } from './provider-errors';

export const PRO_PRODUCT_ID = 'parley_pro';
export const PRO_PRICE_LOOKUP_KEY = 'parley_pro_monthly_v1';

/**
 * PRO's recurring price at the provider, found by its lookup key or created (with the product)
 * on first use. The catalogue stays code: the price is created from PLANS.PRO; a price change is
 * a new lookup key (prices are immutable at Stripe).
 */
export function proPriceResolver(stripe: Stripe): () => Promise<string> {
  let pending: Promise<string> | undefined;
  const resolve = async () => {
    const found = await stripe.prices.list({ lookup_keys: [PRO_PRICE_LOOKUP_KEY], limit: 1 });
    if (found.data[0]) return found.data[0].id;
    try {
      await stripe.products.retrieve(PRO_PRODUCT_ID);
    } catch (e) {
      if (!isMissing(e)) throw e;
      await stripe.products.create(
        { id: PRO_PRODUCT_ID, name: `Parley ${PLANS.PRO.name}`, description: PLANS.PRO.description },
        { idempotencyKey: `parley-product-${PRO_PRODUCT_ID}` },
      );
    }
    const price = await stripe.prices.create(
      {
        product: PRO_PRODUCT_ID,
        currency: 'usd',
        unit_amount: PLANS.PRO.priceCents,
        recurring: { interval: PLANS.PRO.interval },
        lookup_key: PRO_PRICE_LOOKUP_KEY,
      },
      { idempotencyKey: `parley-price-${PRO_PRICE_LOOKUP_KEY}` },
    );
    return price.id;
  };
  return () => {
    pending ??= resolve().catch((e: unknown) => {
      pending = undefined;
      throw e;
    });
    return pending;
  };
}
