// Starts the whole product on this machine: checks (and if need be starts) PostgreSQL, Redis and
// NATS, builds what is stale, makes local secrets once, starts every program as a child process on
// the profile's ports and waits until each is healthy. Used by `npm start` (profile dev) and by the
// e2e global setup (profile test). Types: scripts/stack.d.mts.
import { mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  buildFrontend,
  buildNodePrograms,
  buildWidgetAssets,
  bundlePath,
  frontendPresent,
  presentNodePrograms,
  standaloneServer,
} from './lib/build-steps.mjs';
import { describeExit, startChild } from './lib/child.mjs';
import { deleteNamespaceStreams, dropDatabases } from './lib/cleanup.mjs';
import { DEFAULT_INFRASTRUCTURE, programEnvironments, realStripeFrom } from './lib/environment.mjs';
import { grpcServing, httpAnswers } from './lib/health.mjs';
import { ensureInfrastructure } from './lib/infra.mjs';
import { formatLogLine, prefixFor } from './lib/log-format.mjs';
import { isPortFree, waitUntil } from './lib/net.mjs';
import { logsDir, repoRoot, runDir } from './lib/paths.mjs';
import { resolveProfile } from './lib/profiles.mjs';
import { frontendProgram, nodePrograms, servicesWithDatabase } from './lib/programs.mjs';
import { DEFAULT_RESTART_BACKOFF } from './lib/restart-backoff.mjs';
import { clearRunRecord, stopLeftovers, writeRunRecord } from './lib/run-record.mjs';
import { ensureLocalSecrets } from './lib/secrets.mjs';
import { superviseChild } from './lib/supervised-child.mjs';

export { deleteNamespaceStreams, dropDatabases };

const STARTUP_TIMEOUT_MS = 180000;
const NAME_WIDTH = Math.max(...[...nodePrograms, frontendProgram].map((p) => p.name.length));

/** What "healthy" means for each program, and which of the profile's ports it holds. */
function healthChecks(ports) {
  return {
    mailcatcher: {
      ports: [ports.mailSmtp, ports.mailHttp],
      check: () => httpAnswers(`http://127.0.0.1:${ports.mailHttp}/`),
    },
    stripe: {
      ports: [ports.stripeHttp],
      check: () => httpAnswers(`http://127.0.0.1:${ports.stripeHttp}/`),
    },
    identity: {
      ports: [ports.identityGrpc, ports.identityHttp],
      check: async () =>
        (await grpcServing(`127.0.0.1:${ports.identityGrpc}`)) &&
        httpAnswers(`http://127.0.0.1:${ports.identityHttp}/.well-known/jwks.json`),
    },
    notifications: {
      ports: [ports.notificationsGrpc],
      check: () => grpcServing(`127.0.0.1:${ports.notificationsGrpc}`),
    },
    billing: {
      ports: [ports.billingGrpc],
      check: () => grpcServing(`127.0.0.1:${ports.billingGrpc}`),
    },
    domains: {
      ports: [ports.domainsGrpc],
      check: () => grpcServing(`127.0.0.1:${ports.domainsGrpc}`),
    },
    content: {
      ports: [ports.contentGrpc],
      check: () => grpcServing(`127.0.0.1:${ports.contentGrpc}`),
    },
    conversations: {
      ports: [ports.conversationsGrpc],
      check: () => grpcServing(`127.0.0.1:${ports.conversationsGrpc}`),
    },
    assistant: {
      ports: [ports.assistantGrpc, ports.assistantHttp],
      check: () => grpcServing(`127.0.0.1:${ports.assistantGrpc}`),
    },
    gateway: {
      ports: [ports.gateway],
      check: () => httpAnswers(`http://127.0.0.1:${ports.gateway}/readyz`),
    },
    frontend: {
      ports: [ports.frontend, ...(ports.frontendMetrics ? [ports.frontendMetrics] : [])],
      check: () => httpAnswers(`http://127.0.0.1:${ports.frontend}/`, (s) => s < 500),
    },
  };
}

/** The programs to start, in order, with their command lines. */
function plannedPrograms({ withMailcatcher, withLocalStripe, wanted }) {
  const planned = [];
  const missing = [];
  const present = new Set(presentNodePrograms().map((p) => p.name));
  for (const program of nodePrograms) {
    if (program.name === 'mailcatcher' && !withMailcatcher) continue;
    if (program.name === 'stripe' && !withLocalStripe) continue;
    if (!wanted(program.name)) continue;
    if (!present.has(program.name)) {
      missing.push(program);
      continue;
    }
    planned.push({
      ...program,
      command: process.execPath,
      args: ['--enable-source-maps', relative(join(repoRoot, program.dir), bundlePath(program))],
      cwd: join(repoRoot, program.dir),
    });
  }
  if (!wanted(frontendProgram.name)) {
    // Not asked for.
  } else if (frontendPresent()) {
    const server = standaloneServer();
    planned.push({ ...frontendProgram, command: process.execPath, args: [server], cwd: join(server, '..') });
  } else {
    missing.push(frontendProgram);
  }
  return { planned, missing };
}

function failureReport(child, info) {
  const lines = child.lastLines(40).map((l) => `    ${l}`);
  return `${child.name} ${describeExit(info)} during start-up. Its last output:\n${lines.join('\n') || '    (nothing)'}`;
}

/**
 * @param {{ profile?: 'dev'|'test'|'faults', namespace?: string, log?: (line: string) => void,
 *           smtpUrl?: string, logLevel?: string, signal?: AbortSignal,
 *           onUnexpectedExit?: (name: string, description: string, lastLines: string[]) => void,
 *           restart?: { initialMs: number, maxMs: number, resetAfterMs: number },
 *           programs?: string[],
 *           infrastructure?: { postgres?: string, redis?: string, nats?: string },
 *           languageModel?: { baseUrl: string, model: string } }} options
 *   programs: only these (by name; default every program);
 *   infrastructure: servers to use instead of this machine's own (which are then neither checked
 *   nor started): PostgreSQL's URL without a database, Redis's, NATS's.
 */
export async function startStack(options = {}) {
  const log = options.log ?? ((line) => console.log(line));
  const profile = resolveProfile(options.profile ?? 'dev', { namespace: options.namespace });
  const smtpUrl = options.smtpUrl ?? process.env.SMTP_URL ?? undefined;
  // Real Stripe keys are for a developer's own test account; the e2e stack always uses the local server.
  const stripe = profile.name === 'dev' ? realStripeFrom(process.env) : undefined;
  const say = (line) => log(`[stack] ${line}`);
  const wanted = (name) => !options.programs || options.programs.includes(name);
  const infrastructure = { ...DEFAULT_INFRASTRUCTURE, ...options.infrastructure };
  const programLogs = profile.name === 'faults' ? join(logsDir, 'faults') : logsDir;

  const leftovers = stopLeftovers(profile.name);
  if (leftovers.length)
    say(`stopped programs left running by an earlier ${profile.name} run: ${leftovers.join(', ')}`);

  if (!options.infrastructure) await ensureInfrastructure(say);
  const secrets = ensureLocalSecrets(runDir);

  // Before building, so a second stack fails at once rather than after a long build.
  const health = healthChecks(profile.ports);
  const busy = [];
  for (const name of Object.keys(health)) {
    if ((name === 'mailcatcher' && smtpUrl) || !wanted(name)) continue;
    if (name === 'stripe' && stripe) continue;
    for (const port of health[name].ports) if (!(await isPortFree(port))) busy.push(`${port} (${name})`);
  }
  if (busy.length) {
    throw new Error(
      `ports already in use: ${busy.join(', ')}. Is another ${profile.name} stack (or another program) running?`,
    );
  }

  await buildNodePrograms(say, { programs: presentNodePrograms().filter((p) => wanted(p.name)) });
  if (wanted('gateway')) await buildWidgetAssets(say);
  if (wanted(frontendProgram.name)) await buildFrontend(say);
  options.signal?.throwIfAborted();

  const { planned, missing } = plannedPrograms({
    withMailcatcher: !smtpUrl,
    withLocalStripe: !stripe,
    wanted,
  });
  for (const program of missing) say(`${program.dir} is not in this checkout yet; not starting it`);

  if (profile.isolated) {
    // A fresh start: an earlier run that died before its teardown may have left these behind.
    await dropDatabases(
      servicesWithDatabase.map((s) => profile.databaseName(s)),
      `${infrastructure.postgres}/postgres`,
    );
  }

  const environments = programEnvironments(profile, secrets, {
    smtpUrl,
    stripe,
    logLevel: options.logLevel,
    infrastructure,
    languageModel: options.languageModel,
  });
  if (profile.logToFiles) mkdirSync(programLogs, { recursive: true });

  const children = [];
  let stopping = false;
  const stopAll = async () => {
    stopping = true;
    for (const child of [...children].reverse()) await child.stop();
    clearRunRecord(profile.name);
  };

  const baseEnv = baseEnvironment(profile);
  const specs = planned.map((program, index) => {
    const prefix = prefixFor(program.name, index, NAME_WIDTH);
    return {
      name: program.name,
      command: program.command,
      args: program.args,
      cwd: program.cwd,
      env: { ...baseEnv, ...environments[program.name] },
      logFile: profile.logToFiles ? join(programLogs, `${program.name}.log`) : undefined,
      onLine: profile.logToFiles ? undefined : (line) => log(`${prefix} ${formatLogLine(line)}`),
    };
  });
  try {
    for (const spec of specs) children.push(startChild(spec));
    writeRunRecord(profile.name, children);
    say(`started ${children.map((c) => c.name).join(', ')}; waiting until they are healthy`);

    // Any child dying before everyone is healthy fails the start-up, with its last output.
    const anyDied = Promise.race(
      children.map((child) =>
        child.exited.then((info) => {
          throw new Error(failureReport(child, info));
        }),
      ),
    );
    anyDied.catch(() => undefined);
    const abort = options.signal ? Promise.race([anyDied, abortedBy(options.signal)]) : anyDied;
    abort.catch(() => undefined);
    await Promise.all(
      children.map((child) =>
        waitUntil(`${child.name} to become healthy`, health[child.name].check, {
          timeoutMs: STARTUP_TIMEOUT_MS,
          intervalMs: 300,
          abort,
        }).catch((e) => {
          if (e.message.startsWith('timed out')) {
            const lines = child.lastLines(40).map((l) => `    ${l}`);
            throw new Error(
              `${child.name}: ${e.message}. Its last output:\n${lines.join('\n') || '    (nothing)'}`,
            );
          }
          throw e;
        }),
      ),
    );
  } catch (e) {
    await stopAll();
    throw e;
  }

  // From now on a program that exits is started again, with backoff, as Kubernetes would: the rest
  // of the product keeps running meanwhile. stop() ends them all, restarts waiting included.
  children.forEach((child, index) => {
    const spec = specs[index];
    children[index] = superviseChild(child, spec, {
      policy: options.restart ?? DEFAULT_RESTART_BACKOFF,
      onExit: (description, delayMs, lastLines) => {
        if (stopping) return;
        if (options.onUnexpectedExit) options.onUnexpectedExit(child.name, description, lastLines);
        else say(`${description}. Its last output:\n${lastLines.join('\n')}`);
        say(`restarting ${child.name} in ${formatDelay(delayMs)}`);
      },
      onRestart: (restarted, restarts) => {
        if (stopping) return;
        writeRunRecord(profile.name, children);
        say(`${child.name} started again (pid ${restarted.pid}, restart ${restarts})`);
      },
    });
  });

  const p = profile.ports;
  const started = new Set(children.map((c) => c.name));
  const urls = {
    frontend: `http://localhost:${p.frontend}`,
    gateway: `http://localhost:${p.gateway}`,
    identity: `http://localhost:${p.identityHttp}`,
    mailInbox: started.has('mailcatcher') ? `http://localhost:${p.mailHttp}` : null,
    localStripe: started.has('stripe') ? `http://localhost:${p.stripeHttp}` : null,
    adminLogin: `http://localhost:${p.frontend}/auth/sign-in`,
  };
  const admin = { email: secrets.ADMIN_EMAIL, password: secrets.ADMIN_PASSWORD, file: secrets.envFile };

  say(
    [
      `Parley is up (${profile.name} profile${profile.namespace ? `, event namespace ${profile.namespace}` : ''})`,
      `  frontend      ${started.has('frontend') ? urls.frontend : '(not started)'}`,
      `  gateway       ${started.has('gateway') ? `${urls.gateway}  (REST under /api)` : '(not started)'}`,
      `  mail inbox    ${urls.mailInbox ?? `(mail goes to ${smtpUrl})`}`,
      `  payments      ${urls.localStripe ? `${urls.localStripe}  (local Stripe; card 4242 4242 4242 4242)` : 'Stripe (STRIPE_SECRET_KEY)'}`,
      `  admin log-in  ${urls.adminLogin}  as ${admin.email} / ${admin.password}  (kept in ${relative(repoRoot, admin.file)})`,
      profile.logToFiles ? `  logs          ${relative(repoRoot, programLogs)}/<program>.log` : '',
    ]
      .filter(Boolean)
      .join('\n'),
  );

  return {
    profile: profile.name,
    namespace: profile.namespace,
    urls,
    admin,
    programs: children.map((c) => c.name),
    missing: missing.map((m) => m.name),
    databases: servicesWithDatabase.map((s) => profile.databaseName(s)),
    ports: profile.ports,
    pidOf: (name) => children.find((c) => c.name === name)?.pid,
    restartsOf: (name) => children.find((c) => c.name === name)?.restarts ?? 0,
    isHealthy: async (name) => {
      try {
        return Boolean(await health[name].check());
      } catch {
        return false;
      }
    },
    stop: stopAll,
  };
}

function formatDelay(ms) {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}

function abortedBy(signal) {
  return new Promise((_, reject) => {
    const fail = () => reject(new Error('start-up was interrupted'));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

/**
 * The environment every child starts from. Test runs start from a clean one so a developer's shell
 * (or jest's NODE_ENV=test) cannot change what the tests see; dev keeps the shell's variables so a
 * developer can add settings such as LOG_LEVEL.
 */
function baseEnvironment(profile) {
  if (profile.isolated) {
    const keep = ['PATH', 'HOME', 'LANG', 'TZ', 'TMPDIR', 'NODE_EXTRA_CA_CERTS'];
    return Object.fromEntries(
      keep.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]]),
    );
  }
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('npm_') || key === 'NODE_ENV') delete env[key];
  return env;
}
