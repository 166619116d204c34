import { logLevel, parseConfig, port, z } from '@parley/config';

/** The environment this program reads; exported so the runner tests can check the stack sets it right. */
export const configSchema = z.object({
  STRIPE_LOCAL_HTTP_PORT: port(12111),
  /** Loopback by default: it takes any card and shows every payment, so it must not face a network. */
  STRIPE_LOCAL_HOST: z.string().min(1).default('127.0.0.1'),
  /** How a browser reaches this server (Stripe.js, checkout, onboarding and portal pages). */
  STRIPE_LOCAL_PUBLIC_URL: z.url().optional(),
  STRIPE_LOCAL_SECRET_KEY: z.string().regex(/^sk_test_\w{8,}$/, 'sk_test_ and 8+ letters or digits'),
  STRIPE_LOCAL_PUBLISHABLE_KEY: z.string().regex(/^pk_test_\w{8,}$/, 'pk_test_ and 8+ letters or digits'),
  /** Where events are posted, as a Stripe webhook endpoint would be set up (the gateway's route). */
  STRIPE_LOCAL_WEBHOOK_URL: z.url().optional(),
  STRIPE_LOCAL_WEBHOOK_SECRET: z.string().regex(/^whsec_\w{8,}$/, 'whsec_ and 8+ letters or digits'),
  LOG_LEVEL: logLevel,
});

export interface StripeLocalConfig {
  host: string;
  /** 0 picks a free port (tests). */
  httpPort: number;
  /** Defaults to http://localhost:<port>. */
  publicUrl?: string;
  secretKey: string;
  publishableKey: string;
  webhookUrl?: string;
  webhookSecret: string;
  /** First retry of a failed webhook delivery; doubles per attempt up to a minute. */
  webhookRetryBaseMs?: number;
  logLevel: z.infer<typeof logLevel>;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): StripeLocalConfig {
  const c = parseConfig('stripe-local', configSchema, env);
  return {
    host: c.STRIPE_LOCAL_HOST,
    httpPort: c.STRIPE_LOCAL_HTTP_PORT,
    publicUrl: c.STRIPE_LOCAL_PUBLIC_URL,
    secretKey: c.STRIPE_LOCAL_SECRET_KEY,
    publishableKey: c.STRIPE_LOCAL_PUBLISHABLE_KEY,
    webhookUrl: c.STRIPE_LOCAL_WEBHOOK_URL,
    webhookSecret: c.STRIPE_LOCAL_WEBHOOK_SECRET,
    logLevel: c.LOG_LEVEL,
  };
}
