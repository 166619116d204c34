// Each program's configuration schema, as the deploy and runner tests use it: which environment
// variables a program knows, and whether a set of values parses. The schemas are the programs' own
// (their src/config.ts), so a renamed variable breaks these tests instead of a deployment.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const repoRoot = join(__dirname, '..', '..', '..');

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

/** Where each program parses its environment. */
export const CONFIG_MODULES: Record<ProgramName, string> = {
  mailcatcher: 'tools/mailcatcher/src/config.ts',
  stripe: 'tools/stripe-local/src/config.ts',
  identity: 'services/identity/src/config.ts',
  notifications: 'services/notifications/src/config.ts',
  billing: 'services/billing/src/config.ts',
  domains: 'services/domains/src/config.ts',
  content: 'services/content/src/config.ts',
  conversations: 'services/conversations/src/config.ts',
  assistant: 'services/assistant/src/config.ts',
  gateway: 'gateway/src/config.ts',
  frontend: 'frontend/src/lib/server/runtime-config.ts',
};

/**
 * Variables a program reads outside its schema: Next.js's standalone server takes its port and
 * address from PORT and HOSTNAME, and telemetry is switched off by NEXT_TELEMETRY_DISABLED.
 */
export const RUNTIME_VARIABLES: Record<ProgramName, string[]> = {
  mailcatcher: [],
  stripe: [],
  identity: [],
  notifications: [],
  billing: [],
  domains: [],
  content: [],
  conversations: [],
  assistant: [],
  gateway: [],
  frontend: ['PORT', 'HOSTNAME', 'NEXT_TELEMETRY_DISABLED'],
};

interface ZodLike {
  safeParse(input: unknown): {
    success: boolean;
    error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
  };
  _zod: { def: { type: string; shape?: Record<string, unknown>; in?: ZodLike; innerType?: ZodLike } };
}

const isZod = (value: unknown): value is ZodLike =>
  typeof value === 'object' &&
  value !== null &&
  '_zod' in value &&
  typeof (value as ZodLike).safeParse === 'function';

/** The variable names of an object schema, seen through .transform()/.pipe() and wrappers. */
function objectKeys(schema: ZodLike): string[] | null {
  const def = schema._zod.def;
  if (def.type === 'object' && def.shape) return Object.keys(def.shape);
  const inner = def.in ?? def.innerType;
  return inner ? objectKeys(inner) : null;
}

export interface ProgramSchema {
  program: ProgramName;
  module: string;
  /** The variables of its schema. */
  schemaKeys: string[];
  /** Every variable the program accepts: its schema's and those in RUNTIME_VARIABLES. */
  known: Set<string>;
  /** Messages for each problem, or [] when `env` is a valid configuration. */
  problems(env: Record<string, string>): string[];
}

export function configModuleExists(program: ProgramName): boolean {
  return existsSync(join(repoRoot, CONFIG_MODULES[program]));
}

/** Loads the program's exported environment schema; fails with what to export when there is none. */
export function loadProgramSchema(program: ProgramName): ProgramSchema {
  const module = CONFIG_MODULES[program];
  const exports = require(join(repoRoot, module)) as Record<string, unknown>;
  const schemas = Object.entries(exports).filter(([, v]) => isZod(v) && objectKeys(v as ZodLike));
  if (schemas.length === 0) {
    throw new Error(
      `${module} exports no environment schema: export the zod object it parses (e.g. \`export const configSchema\`)`,
    );
  }
  const [, schema] = schemas.find(([name]) => /schema/i.test(name)) ?? schemas[0]!;
  const zod = schema as ZodLike;
  const schemaKeys = objectKeys(zod) ?? [];
  const known = new Set([...schemaKeys, ...RUNTIME_VARIABLES[program]]);
  return {
    program,
    module,
    schemaKeys,
    known,
    problems(env) {
      const own = Object.fromEntries(
        Object.entries(env).filter(([k]) => !RUNTIME_VARIABLES[program].includes(k)),
      );
      const result = zod.safeParse(own);
      return result.success
        ? []
        : (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
    },
  };
}
