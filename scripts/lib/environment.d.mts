import type { Profile } from './profiles.mjs';
import type { LocalSecrets } from './secrets.mjs';
export type ProgramName =
  | 'mailcatcher'
  | 'stripe'
  | 'identity'
  | 'notifications'
  | 'billing'
  | 'domains'
  | 'content'
  | 'conversations'
  | 'assistant'
  | 'gateway'
  | 'frontend';
export interface Infrastructure {
  /** PostgreSQL server URL without a database, e.g. postgres://postgres@127.0.0.1:5432 */
  postgres: string;
  redis: string;
  nats: string;
}
export const DEFAULT_INFRASTRUCTURE: Infrastructure;
/** An OpenAI-compatible server the assistant answers with (its language-model engine). */
export interface LanguageModel {
  baseUrl: string;
  model: string;
}
export function databaseUrlFor(profile: Profile, service: string, postgres?: string): string;
/** Real Stripe keys (dev only): billing talks to Stripe and the local server is not started. */
export interface RealStripe {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}
export function realStripeFrom(env: Record<string, string | undefined>): RealStripe | undefined;
export function programEnvironments(
  profile: Profile,
  secrets: Pick<
    LocalSecrets,
    | 'jwtPrivateKeyFile'
    | 'CODE_SECRET'
    | 'MAIL_SEAL_KEY'
    | 'VISITOR_TOKEN_SECRET'
    | 'CALLER_TOKEN_SECRET'
    | 'ADMIN_EMAIL'
    | 'ADMIN_PASSWORD'
    | 'STRIPE_LOCAL_SECRET_KEY'
    | 'STRIPE_LOCAL_PUBLISHABLE_KEY'
    | 'STRIPE_LOCAL_WEBHOOK_SECRET'
  >,
  options?: {
    smtpUrl?: string;
    logLevel?: string;
    stripe?: RealStripe;
    infrastructure?: Partial<Infrastructure>;
    languageModel?: LanguageModel;
  },
): Record<ProgramName, Record<string, string>>;
