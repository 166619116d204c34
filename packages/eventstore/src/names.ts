/**
 * Stream and subject names. One stream per bounded context, one subject per aggregate; the event
 * type is never part of the subject, so the per-subject concurrency check covers the whole
 * aggregate. A namespace (tests, parallel runs) prefixes both so runs never see each other.
 */

/** Thrown when a name would not be a single, literal NATS token (or a valid stream name). */
export class InvalidNameError extends Error {
  constructor(
    readonly what: string,
    readonly value: string,
  ) {
    super(`invalid ${what} ${JSON.stringify(value)}: use letters, digits, '_' or '-'`);
    this.name = 'InvalidNameError';
  }
}

const TOKEN = /^[A-Za-z0-9_-]{1,64}$/;
/** Aggregate ids may be uuids, slugs, e-mail hashes...: anything but NATS separators/wildcards. */
const ID = /^[^\s.*>]{1,200}$/;

function token(what: string, value: string): string {
  if (typeof value !== 'string' || !TOKEN.test(value)) throw new InvalidNameError(what, String(value));
  return value;
}

function aggregateId(value: string): string {
  if (typeof value !== 'string' || !ID.test(value)) {
    throw new InvalidNameError('aggregate id (no whitespace, ".", "*" or ">")', String(value));
  }
  return value;
}

/** 'IDENTITY', or 'T3F9A1C2_IDENTITY' in namespace 't3f9a1c2'. */
export function streamName(context: string, namespace?: string): string {
  const ctx = token('context', context).toUpperCase();
  return namespace ? `${token('namespace', namespace).toUpperCase()}_${ctx}` : ctx;
}

function prefix(context: string, namespace?: string): string {
  const ctx = token('context', context).toLowerCase();
  return namespace ? `${token('namespace', namespace).toLowerCase()}.${ctx}` : ctx;
}

/** 'identity.user.<id>', or 't3f9a1c2.identity.user.<id>'. */
export function subjectFor(context: string, aggregate: string, id: string, namespace?: string): string {
  return `${prefix(context, namespace)}.${token('aggregate', aggregate).toLowerCase()}.${aggregateId(id)}`;
}

/** Every subject of a context: 'identity.>' or 't3f9a1c2.identity.>'. */
export function contextSubjects(context: string, namespace?: string): string {
  return `${prefix(context, namespace)}.>`;
}

/** Every subject of one aggregate type: 'identity.user.>' (projection filters). */
export function aggregateSubjects(context: string, aggregate: string, namespace?: string): string {
  return `${prefix(context, namespace)}.${token('aggregate', aggregate).toLowerCase()}.>`;
}
