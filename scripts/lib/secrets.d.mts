export const ADMIN_EMAIL: string;
export interface LocalSecrets {
  jwtPrivateKeyFile: string;
  envFile: string;
  CODE_SECRET: string;
  MAIL_SEAL_KEY: string;
  VISITOR_TOKEN_SECRET: string;
  CALLER_TOKEN_SECRET: string;
  ADMIN_EMAIL: string;
  ADMIN_PASSWORD: string;
  STRIPE_LOCAL_SECRET_KEY: string;
  STRIPE_LOCAL_PUBLISHABLE_KEY: string;
  STRIPE_LOCAL_WEBHOOK_SECRET: string;
}
export function ensureLocalSecrets(dir: string): LocalSecrets;
