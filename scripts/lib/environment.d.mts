import type { Profile } from './profiles.mjs';
import type { LocalSecrets } from './secrets.mjs';
export type ProgramName = 'mailcatcher' | 'identity' | 'notifications' | 'billing' | 'domains' | 'content' | 'conversations' | 'assistant' | 'gateway' | 'frontend';
export function programEnvironments(
  profile: Profile,
  secrets: Pick<
    LocalSecrets,
    'jwtPrivateKeyFile' | 'CODE_SECRET' | 'MAIL_SEAL_KEY' | 'VISITOR_TOKEN_SECRET' | 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'
  >,
  options?: { smtpUrl?: string; logLevel?: string },
): Record<ProgramName, Record<string, string>>;
