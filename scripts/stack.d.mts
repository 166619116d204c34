// Types for scripts/stack.mjs, so the TypeScript e2e harness can use it.
export interface StackUrls {
  /** The web app, e.g. http://localhost:3000. */
  frontend: string;
  /** The gateway; REST under /api. */
  gateway: string;
  /** identity's HTTP side (JWKS, OpenID discovery). */
  identity: string;
  /** The mail catcher's inbox, or null when SMTP_URL sent mail elsewhere. */
  mailInbox: string | null;
  /** The local Stripe-compatible server, or null when real Stripe keys were given. */
  localStripe: string | null;
  /** The log-in page for the first admin. */
  adminLogin: string;
}

export interface StackAdmin {
  email: string;
  password: string;
  /** Where these credentials are kept (.run/secrets.env). */
  file: string;
}

export interface RunningStack {
  profile: 'dev' | 'test';
  /** The EVENT_NAMESPACE every service runs in ('' in dev unless one was given). */
  namespace: string;
  urls: StackUrls;
  admin: StackAdmin;
  /** Programs started. */
  programs: string[];
  /** Programs not in this checkout yet, so not started. */
  missing: string[];
  /** The services' databases for this profile. */
  databases: string[];
  /** Stops every program (SIGTERM, then SIGKILL after a grace period), in reverse start order. */
  stop(): Promise<void>;
}

export interface StartStackOptions {
  profile?: 'dev' | 'test';
  namespace?: string;
  log?: (line: string) => void;
  /** Send mail here instead of starting the mail catcher (defaults to $SMTP_URL). */
  smtpUrl?: string;
  logLevel?: string;
  /** Aborting it during start-up stops what was started and rejects. */
  signal?: AbortSignal;
  /** Called when a program dies after start-up (not during stop()). */
  onUnexpectedExit?: (name: string, description: string, lastLines: string[]) => void;
}

export function startStack(options?: StartStackOptions): Promise<RunningStack>;
/** Deletes the namespace's JetStream streams; returns their names. */
export function deleteNamespaceStreams(namespace: string): Promise<string[]>;
/** Drops the databases (closing open connections to them). */
export function dropDatabases(names: string[]): Promise<void>;
