import { z } from 'zod';
import { emailSchema } from './auth';
import { PLAN_IDS } from '../plans';
import { PAYMENT_MESSAGES } from '../payments/messages';

export { PAYMENT_MESSAGES };

const M = PAYMENT_MESSAGES;
const required = (message: string, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `At most ${max} characters` });

/** "Billing details (sent at subscription)" of spec section 3. */
export const billingDetailsSchema = z.object({
  name: required(M.name, 100),
  email: z.string({ error: M.email }).trim().min(1, { error: M.email }).pipe(emailSchema(M.emailFormat)),
  address: z.object(
    {
      line1: required(M.line1),
      line2: z.string().trim().max(200).optional().default(''),
      city: required(M.city, 100),
      postal_code: required(M.postalCode, 20),
      state: required(M.state, 100),
      country: z
        .string({ error: M.country })
        .trim()
        .toUpperCase()
        .default('US')
        .pipe(z.string().regex(/^[A-Z]{2}$/, { error: M.countryFormat })),
    },
    { error: M.line1 },
  ),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;
export type BillingDetailsInput = z.input<typeof billingDetailsSchema>;

/** The upgrade plan id is PRO (spec section 9). */
export const paidPlanSchema = z.literal('PRO', { error: M.plan });
export const planIdSchema = z.enum(PLAN_IDS, { error: M.plan });

/** POST /api/payments/v2/create-payment-intent */
export const createPaymentIntentSchema = z.object({
  planId: paidPlanSchema,
  billingDetails: billingDetailsSchema,
});

/** POST /api/payments/v2/create-subscription-after-payment */
export const subscriptionAfterPaymentSchema = z.object({
  planId: paidPlanSchema,
  customerId: z.string({ error: M.customer }).regex(/^cus_\w{1,60}$/, { error: M.customer }),
  paymentMethodId: z.string({ error: M.paymentMethod }).regex(/^pm_\w{1,60}$/, { error: M.paymentMethod }),
});

/** PUT and POST /api/payments/v2/subscriptions */
export const subscriptionChangeSchema = z.object({
  plan: planIdSchema,
  useCheckout: z.boolean().optional().default(false),
});
