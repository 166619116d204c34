import type { Profile } from './profiles.mjs';
import type { LocalSecrets } from './secrets.mjs';
export type ProgramName =
  | 'mailcatcher'
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
export function databaseUrlFor(profile: Profile, service: string, postgres?: string): string;
export function programEnvironments(
  profile: Profile,
  secrets: Pick<
    LocalSecrets,
    | 'jwtPrivateKeyFile'
    | 'CODE_SECRET'
    | 'MAIL_SEAL_KEY'
    | 'VISITOR_TOKEN_SECRET'
    | 'ADMIN_EMAIL'
    | 'ADMIN_PASSWORD'
  >,
  options?: { smtpUrl?: string; logLevel?: string; infrastructure?: Partial<Infrastructure> },
): Record<ProgramName, Record<string, string>>;
