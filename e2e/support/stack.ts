// The product as the e2e specs see it: the test-profile stack (ports 13000/14000/..., databases
// parley_e2e_<service>, a random EVENT_NAMESPACE), started once per jest run by global-setup.ts.
import type { RunningStack } from '../../scripts/stack.mjs';
import type { LanguageModelDouble } from './language-model';

/** What the specs read from the environment; global-setup.ts sets it. */
export interface E2eEnvironment {
  frontendUrl: string;
  gatewayUrl: string;
  mailcatcherUrl: string;
  /** The local Stripe-compatible server (tools/stripe-local). */
  stripeUrl: string;
  adminEmail: string;
  adminPassword: string;
  /** The language-model double the assistant answers with (support/language-model.ts), its control side. */
  languageModelUrl: string;
}

const VARIABLES = {
  frontendUrl: 'E2E_FRONTEND_URL',
  gatewayUrl: 'E2E_GATEWAY_URL',
  mailcatcherUrl: 'E2E_MAILCATCHER_URL',
  stripeUrl: 'E2E_STRIPE_URL',
  adminEmail: 'E2E_ADMIN_EMAIL',
  adminPassword: 'E2E_ADMIN_PASSWORD',
  languageModelUrl: 'E2E_LANGUAGE_MODEL_URL',
} as const;

/** Debian's Chromium, which the browser specs drive with playwright-core. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Launch options for playwright-core's `chromium.launch()`. This machine's network is closed, so
 * Chromium's background connections (updates, sync, QUIC probes) are switched off; as root it
 * needs --no-sandbox.
 */
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ],
};

/** Reads the stack's addresses inside a spec; fails clearly when run without the global setup. */
export function e2eEnvironment(): E2eEnvironment {
  const entries = Object.entries(VARIABLES).map(([key, variable]) => {
    const value = process.env[variable];
    if (!value)
      throw new Error(`${variable} is not set: run e2e specs with \`npx jest --selectProjects e2e\``);
    return [key, value];
  });
  return Object.fromEntries(entries) as E2eEnvironment;
}

const log = (line: string) => process.stderr.write(`${line}\n`);

export async function startTestStack(model: LanguageModelDouble): Promise<RunningStack> {
  const { startStack } = await import('../../scripts/stack.mjs');
  const stack = await startStack({
    profile: 'test',
    log,
    languageModel: { baseUrl: model.baseUrl, model: model.model },
  });
  const missing = stack.missing.filter((m) => m !== 'mailcatcher' || !process.env.SMTP_URL);
  if (missing.length) {
    await stack.stop();
    throw new Error(`the e2e stack needs every program; not in this checkout yet: ${missing.join(', ')}`);
  }
  if (!stack.urls.mailInbox) {
    await stack.stop();
    throw new Error('the e2e stack needs the mail catcher: unset SMTP_URL');
  }
  process.env[VARIABLES.frontendUrl] = stack.urls.frontend;
  process.env[VARIABLES.gatewayUrl] = stack.urls.gateway;
  process.env[VARIABLES.mailcatcherUrl] = stack.urls.mailInbox;
  process.env[VARIABLES.stripeUrl] = stack.urls.localStripe ?? '';
  process.env[VARIABLES.adminEmail] = stack.admin.email;
  process.env[VARIABLES.adminPassword] = stack.admin.password;
  process.env[VARIABLES.languageModelUrl] = model.controlUrl;
  process.env.E2E_EVENT_NAMESPACE = stack.namespace;
  return stack;
}

/** Stops the programs, then removes the run's streams and databases. */
export async function stopTestStack(stack: RunningStack): Promise<void> {
  const { deleteNamespaceStreams, dropDatabases } = await import('../../scripts/stack.mjs');
  await stack.stop();
  const streams = await deleteNamespaceStreams(stack.namespace);
  await dropDatabases(stack.databases);
  log(
    `[stack] removed streams ${streams.join(', ') || '(none)'} and databases ${stack.databases.join(', ')}`,
  );
}
