import { PAYMENT_MESSAGES as M } from './messages';

/** The payment form's fields (spec section 3 "Billing details"). */
export interface BillingDetailsFields {
  name: string;
  email: string;
  address: {
    line1: string;
    line2?: string;
    city: string;
    postal_code: string;
    state: string;
    country?: string;
  };
}

// The same rule as the sign-up email (validation/auth.ts).
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,}$/;

/**
 * The payment form's rules without zod, for the widget's bundle: each field's first message by
 * its path ('address.city'). The API checks the same rules with billingDetailsSchema, which takes
 * its messages from the same constant.
 */
export function billingDetailsErrors(d: BillingDetailsFields): Record<string, string> {
  const out: Record<string, string> = {};
  const blank = (v: string | undefined) => !v || !v.trim();
  if (blank(d.name)) out.name = M.name;
  if (blank(d.email)) out.email = M.email;
  else if (!EMAIL.test(d.email.trim())) out.email = M.emailFormat;
  if (blank(d.address.line1)) out['address.line1'] = M.line1;
  if (blank(d.address.city)) out['address.city'] = M.city;
  if (blank(d.address.postal_code)) out['address.postal_code'] = M.postalCode;
  if (blank(d.address.state)) out['address.state'] = M.state;
  const country = (d.address.country ?? 'US').trim();
  if (!country) out['address.country'] = M.country;
  else if (!/^[A-Za-z]{2}$/.test(country)) out['address.country'] = M.countryFormat;
  return out;
}
