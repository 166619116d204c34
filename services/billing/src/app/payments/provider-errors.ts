import { AppError, billingError } from '@parley/contracts';
import type { Logger } from '@parley/logger';
import Stripe from 'stripe';

export const PORTAL_NOT_CONFIGURED = 'Customer portal is not configured. Please contact support...';

/**
 * A provider failure as the caller should hear it: a declined card is the provider's own
 * message ('Your card was declined.'), the provider out of reach is 503 (try again), anything
 * else is ours to fix and answers `fallback` (the spec's 'Failed to create payment intent', ...).
 */
export function providerError(e: unknown, fallback: string, logger: Logger): AppError {
  if (e instanceof AppError) return e;
  if (e instanceof Stripe.errors.StripeCardError)
    return billingError('precondition', e.message || 'Payment failed', 'CARD_DECLINED');
  if (
    e instanceof Stripe.errors.StripeConnectionError ||
    e instanceof Stripe.errors.StripeAPIError ||
    e instanceof Stripe.errors.StripeRateLimitError
  ) {
    logger.warn({ err: e }, 'payment provider unreachable');
    return billingError(
      'unavailable',
      'The payment provider cannot be reached. Please try again in a moment.',
      'UNAVAILABLE',
    );
  }
  logger.error({ err: e }, 'payment provider refused a call');
  return billingError('internal', fallback, 'PAYMENT_PROVIDER_ERROR');
}

/** Stripe's answer when no billing portal configuration was saved in its dashboard. */
export function isPortalNotConfigured(e: unknown): boolean {
  return (
    e instanceof Stripe.errors.StripeInvalidRequestError &&
    /configuration/i.test(e.message) &&
    /portal/i.test(e.message)
  );
}

export const isMissing = (e: unknown) =>
  e instanceof Stripe.errors.StripeInvalidRequestError && e.code === 'resource_missing';
