import { z } from 'zod';
import { ORDER_MESSAGES } from '../payments/messages';
import { billingDetailsSchema } from './payments';

export { ORDER_MESSAGES };
export { priceOrder, type PricedOrder, type PricedProduct, type OrderChoice } from '../payments/pricing';

/** What the widget's 'Complete Purchase' sends: never an amount, only what was chosen. */
export const orderSelectionSchema = z.object({
  productId: z
    .string({ error: ORDER_MESSAGES.product })
    .trim()
    .min(1, { error: ORDER_MESSAGES.product })
    .max(64),
  /** variant name -> the option's value */
  variants: z.record(z.string().max(80), z.string().max(80)).default({}),
  quantity: z
    .number({ error: ORDER_MESSAGES.quantity })
    .int({ error: ORDER_MESSAGES.quantity })
    .min(1, { error: ORDER_MESSAGES.quantity })
    .max(99, { error: ORDER_MESSAGES.quantity })
    .default(1),
});
export type OrderSelection = z.infer<typeof orderSelectionSchema>;

/** POST /api/widget/payments/intent */
export const orderPaymentSchema = orderSelectionSchema.extend({ billingDetails: billingDetailsSchema });
