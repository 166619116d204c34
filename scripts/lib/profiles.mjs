// The ways the product runs locally: `npm start` (dev), the e2e tests (test) and the fault suite
// (faults). Ports are those of docs/conventions.md; the test and faults profiles have their own
// ports and databases so they can run while a dev stack (or each other) is up.
import { randomBytes } from 'node:crypto';

const profiles = {
  dev: {
    // The services' gRPC ports are their defaults (50051-50057) moved below Linux's ephemeral range
    // (32768-60999), as the test profile's are: `npm start` failed at times with EADDRINUSE when
    // one of the stack's own outgoing connections (PostgreSQL, NATS, Redis) had just been given
    // 50056 as its local port.
    ports: {
      frontend: 3000,
      gateway: 4000,
      identityGrpc: 25051,
      identityHttp: 4101,
      notificationsGrpc: 25052,
      domainsGrpc: 25053,
      contentGrpc: 25054,
      billingGrpc: 25055,
      conversationsGrpc: 25056,
      assistantGrpc: 25057,
      assistantHttp: 4107,
      mailSmtp: 1025,
      mailHttp: 1080,
      stripeHttp: 12111,
    },
    databasePrefix: 'parley_',
    logToFiles: false,
  },
  test: {
    // All below Linux's ephemeral range (32768-60999): a port in it can be held, at the moment the
    // stack starts, by any outgoing connection of the tests that ran before (seen in CI: 60052).
    ports: {
      frontend: 13000,
      gateway: 14000,
      identityGrpc: 15051,
      identityHttp: 14101,
      notificationsGrpc: 15052,
      domainsGrpc: 15053,
      contentGrpc: 15054,
      billingGrpc: 15055,
      conversationsGrpc: 15056,
      assistantGrpc: 15057,
      assistantHttp: 14107,
      mailSmtp: 11025,
      mailHttp: 11080,
      stripeHttp: 11111,
      // The frontend's GET /metrics, which the stack test scrapes (the other programs' are
      // checked by their own tests on a free port).
      frontendMetrics: 13064,
    },
    databasePrefix: 'parley_e2e_',
    logToFiles: true,
  },
};

/**
 * The fault suite's own stack (faults/): the test ports moved by 500, which keeps them clear of
 * every slot's test ports (slots differ by multiples of 200, and no two test ports differ by an
 * odd multiple of 100), plus the private PostgreSQL and NATS it starts, kills and restarts.
 */
const FAULTS_SHIFT = 500;
profiles.faults = {
  ports: {
    ...Object.fromEntries(Object.entries(profiles.test.ports).map(([k, p]) => [k, p + FAULTS_SHIFT])),
    postgres: 15432 + FAULTS_SHIFT,
    nats: 14222 + FAULTS_SHIFT,
  },
  databasePrefix: 'parley_faults_',
  logToFiles: true,
};

/** Profiles whose runs are throwaway: a clean environment, a random namespace, fresh databases. */
const ISOLATED = new Set(['test', 'faults']);

/** A random event namespace: lower-case letters and digits, starting with a letter. */
export function randomNamespace() {
  return `e2e${randomBytes(4).toString('hex')}`;
}

/**
 * `PARLEY_TEST_SLOT=n` (1-9) moves the test profile's ports and its databases (parley_e2e<n>_), so
 * several checkouts of the project (git worktrees) can each run the e2e tier on one machine at the
 * same time. Slots 0-4 step by 200 (every port of a slot stays clear of every port of another:
 * gateway 14000 and identity's 14101 differ by 101, and a sixth step would put the frontend on slot
 * 0's gateway); slots 5-9 repeat that 10000 higher, still below the ephemeral range.
 */
function testSlot(value) {
  if (value === undefined || value === '' || value === '0') return 0;
  if (!/^[1-9]$/.test(value)) throw new Error(`PARLEY_TEST_SLOT must be a digit 0-9, not "${value}"`);
  return Number(value);
}

function inSlot(profile, slot) {
  if (slot === 0) return profile;
  const offset = 200 * (slot % 5) + 10000 * Math.floor(slot / 5);
  const ports = Object.fromEntries(Object.entries(profile.ports).map(([k, p]) => [k, p + offset]));
  return { ...profile, ports, databasePrefix: profile.databasePrefix.replace(/_$/, `${slot}_`) };
}

/**
 * Resolves a profile name and the caller's options into everything the runner needs.
 * The test and faults profiles always get a namespace (random unless given) and follow
 * PARLEY_TEST_SLOT; dev uses no namespace unless given.
 */
export function resolveProfile(name, options = {}) {
  const base = profiles[name];
  if (!base) throw new Error(`unknown profile "${name}" (expected dev, test or faults)`);
  const isolated = ISOLATED.has(name);
  const profile = isolated ? inSlot(base, testSlot(options.slot ?? process.env.PARLEY_TEST_SLOT)) : base;
  const namespace = options.namespace ?? (isolated ? randomNamespace() : '');
  if (namespace && !/^[a-z][a-z0-9]{0,30}$/.test(namespace)) {
    throw new Error(`namespace "${namespace}" must be lower-case letters and digits, starting with a letter`);
  }
  return {
    name,
    namespace,
    isolated,
    ports: { ...profile.ports },
    logToFiles: profile.logToFiles,
    databaseName: (service) => `${profile.databasePrefix}${service}`,
  };
}
