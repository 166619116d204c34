import type { EventStore } from '@parley/eventstore';
import type { Logger } from '@parley/logger';
import type { ProjectionRunner } from '@parley/projections';
import type { Pool } from 'pg';
import type { AccessTokenSettings } from '../security/access-token';
import type { SigningKey } from '../security/signing-key';
import type { LoginBackoff } from './login-backoff';
import type { KnownClients } from './sessions/known-clients';
import type { SessionRevocations } from './sessions/session-revocations';

/** Everything the command and query handlers use, wired once in start.ts. */
export interface IdentityDeps {
  store: EventStore;
  pool: Pool;
  logger: Logger;
  /** Epoch milliseconds; tests move it to cross code expiry and lock windows. */
  clock: () => number;
  secrets: {
    /** HMAC key for verification codes and refresh-token secrets. */
    codeSecret: string;
    /** Shared with notifications: seals codes on their way to the mailer. */
    mailSealKey: string;
  };
  tokens: {
    signingKey: SigningKey;
    access: AccessTokenSettings;
    refreshTtlSeconds: number;
    reuseGraceSeconds: number;
  };
  backoff: LoginBackoff;
  /** Browsers and addresses that proved an account's password before (log-in throttle). */
  knownClients: KnownClients;
  /** Tells the gateways that a session ended, so its access tokens stop at once. */
  revocations: SessionRevocations;
  /** An argon2id hash of nothing anyone knows: unknown emails are checked against it so they cost the same. */
  decoyPasswordHash: string;
  readModels: {
    users: ProjectionRunner;
    sessions: ProjectionRunner;
    settings: ProjectionRunner;
    invites: ProjectionRunner;
    apiKeys: ProjectionRunner;
  };
  /** The stream's last sequence now: what a read model must reach to reflect every write so far. */
  streamTail(): Promise<number>;
}
