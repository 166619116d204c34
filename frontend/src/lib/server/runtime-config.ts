// Server-side only: it reads process.env, which the browser bundle does not have.
import { z } from 'zod';
import { publicGatewayFrom, type PublicGateway } from '../realtime/gateway-address';

/**
 * A variable set to nothing (`NAME=` in a compose file or a manifest) takes its default, as in
 * the other programs' @parley/config: z.coerce.number() alone reads it as 0.
 */
const blankAsUnset = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);

/**
 * Run-time configuration of the frontend's server side, read from the environment on first use
 * (never at build time: one build serves every environment). See frontend/README.md.
 */
export const configSchema = z.object({
  GATEWAY_URL: z.url().default('http://127.0.0.1:4000'),
  // The gateway as the browser reaches it (Socket.IO cannot go through the /api route handler).
  // Unset: the page's own host name with GATEWAY_URL's port, so the parley_at cookie of
  // localhost:3000 also travels to localhost:4000 (cookies are per host, not per port).
  PUBLIC_GATEWAY_URL: z.url().optional(),
  SYSTEM_SETTINGS_CACHE_MS: blankAsUnset(z.coerce.number().int().min(0).max(60_000).default(3_000)),
  GATEWAY_TIMEOUT_MS: blankAsUnset(z.coerce.number().int().min(100).max(60_000).default(5_000)),
  SUPPORT_EMAIL: z.email().default('support@parley.chat'),
  CAREERS_EMAIL: z.email().default('careers@parley.chat'),
  PRIVACY_EMAIL: z.email().default('privacy@parley.chat'),
  SALES_EMAIL: z.email().default('sales@parley.chat'),
  // The local Stripe-compatible server (tools/stripe-local) when payments run without Stripe: the
  // security headers must let the page load its Stripe.js (see lib/payments/stripe-origins.ts).
  STRIPE_LOCAL_ORIGIN: z.url().optional(),
  // Where GET /metrics answers (Prometheus text), on a port of its own so the public one never
  // exposes it; unset or empty: nowhere. The same rule as the other programs' METRICS_PORT.
  METRICS_PORT: z
    .union([z.literal('').transform(() => undefined), z.coerce.number().int().min(0).max(65535)])
    .optional(),
});

export interface RuntimeConfig {
  gatewayUrl: string;
  /** What the browser needs to reach the gateway itself; see browserGatewayUrl. */
  publicGateway: PublicGateway;
  /** Origins the page policy allows for the payment form beside Stripe's: the local Stripe server's. */
  paymentOrigins: string[];
  systemSettingsCacheMs: number;
  gatewayTimeoutMs: number;
  contact: { support: string; careers: string; privacy: string; sales: string };
  /** Origin of the local Stripe-compatible server, when used. */
  stripeLocalOrigin?: string;
  /** Where GET /metrics is served (METRICS_PORT); unset: nowhere. */
  metricsPort?: number;
}

let cached: RuntimeConfig | undefined;

export function runtimeConfig(): RuntimeConfig {
  if (cached) return cached;
  const result = configSchema.safeParse(process.env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`frontend: invalid configuration: ${problems}`);
  }
  const env = result.data;
  cached = {
    gatewayUrl: env.GATEWAY_URL.replace(/\/+$/, ''),
    publicGateway: publicGatewayFrom(env.GATEWAY_URL, env.PUBLIC_GATEWAY_URL),
    paymentOrigins: env.STRIPE_LOCAL_ORIGIN ? [new URL(env.STRIPE_LOCAL_ORIGIN).origin] : [],
    systemSettingsCacheMs: env.SYSTEM_SETTINGS_CACHE_MS,
    gatewayTimeoutMs: env.GATEWAY_TIMEOUT_MS,
    contact: {
      support: env.SUPPORT_EMAIL,
      careers: env.CAREERS_EMAIL,
      privacy: env.PRIVACY_EMAIL,
      sales: env.SALES_EMAIL,
    },
    ...(env.STRIPE_LOCAL_ORIGIN ? { stripeLocalOrigin: new URL(env.STRIPE_LOCAL_ORIGIN).origin } : {}),
    ...(env.METRICS_PORT === undefined ? {} : { metricsPort: env.METRICS_PORT }),
  };
  return cached;
}
