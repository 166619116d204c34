import { billingError } from '@parley/contracts';
import type { BillingDeps, PaymentsDeps } from '../deps';

export const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured. Please contact support.';

/** The payment handlers' deps, or 503 when this installation has no Stripe key. */
export function requirePayments(deps: BillingDeps): PaymentsDeps {
  if (!deps.payments) throw billingError('unavailable', PAYMENTS_NOT_CONFIGURED, 'PAYMENTS_NOT_CONFIGURED');
  return deps.payments;
}
