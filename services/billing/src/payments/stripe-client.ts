import Stripe from 'stripe';
import type { StripeConfig } from '../config';

/**
 * The SDK, talking to Stripe or, on machines that cannot reach it, to the local Stripe-compatible
 * server (tools/stripe-local) through the SDK's own host/port/protocol options: the same calls,
 * requests and answers either way. Network retries use Stripe's idempotency keys.
 */
export function createStripe(config: StripeConfig): Stripe {
  const local = config.apiUrl ? new URL(config.apiUrl) : undefined;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    appInfo: { name: 'Parley billing' },
    ...(local
      ? {
          host: local.hostname,
          port: Number(local.port || (local.protocol === 'https:' ? 443 : 80)),
          protocol: local.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

export type { Stripe };
