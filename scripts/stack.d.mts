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
  profile: 'dev' | 'test' | 'faults';
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
  ports: import('./lib/profiles.mjs').Ports;
  /** The pid of a program's current process (it changes when the runner starts it again). */
  pidOf(name: string): number | undefined;
  /** How many times the runner started a program again after it exited. */
  restartsOf(name: string): number;
  /** Whether a program passes its health check now. */
  isHealthy(name: string): Promise<boolean>;
  /** Stops every program (SIGTERM, then SIGKILL after a grace period), in reverse start order. */
  stop(): Promise<void>;
}

export interface StartStackOptions {
  profile?: 'dev' | 'test' | 'faults';
  namespace?: string;
  log?: (line: string) => void;
  /** Send mail here instead of starting the mail catcher (defaults to $SMTP_URL). */
  smtpUrl?: string;
  logLevel?: string;
  /** Aborting it during start-up stops what was started and rejects. */
  signal?: AbortSignal;
  /** Called when a program dies after start-up (not during stop()); the runner starts it again. */
  onUnexpectedExit?: (name: string, description: string, lastLines: string[]) => void;
  /** When a program that exited is started again (default 1 s doubling to 30 s, reset after 60 s up). */
  restart?: import('./lib/restart-backoff.mjs').RestartPolicy;
  /** Only these programs (by name, e.g. 'gateway'); default all. */
  programs?: string[];
  /** Servers instead of this machine's own, which are then neither checked nor started. */
  infrastructure?: Partial<import('./lib/environment.mjs').Infrastructure>;
  /** The assistant answers with this model (the e2e run's own double); default none: retrieval only. */
  languageModel?: import('./lib/environment.mjs').LanguageModel;
}

export function startStack(options?: StartStackOptions): Promise<RunningStack>;
/** Deletes the namespace's JetStream streams; returns their names. */
export function deleteNamespaceStreams(namespace: string): Promise<string[]>;
/** Drops the databases (closing open connections to them). */
export function dropDatabases(names: string[], adminUrl?: string): Promise<void>;
