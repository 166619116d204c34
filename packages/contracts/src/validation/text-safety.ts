import { AppError, type FieldError } from '../errors';

/**
 * Text the platform refuses anywhere: a NUL character, or a UTF-16 surrogate without its other
 * half. PostgreSQL cannot store either in text or jsonb (a read model that meets one stops), and a
 * lone surrogate is not a character at all, so neither has a legitimate use in a name, a message
 * or an id. Refused at every boundary that takes text from outside (the gateway with 400, each
 * service with INVALID_ARGUMENT).
 */
export const INVALID_TEXT_MESSAGE = 'Text may not contain NUL characters or unpaired surrogates';
export const INVALID_TEXT_CODE = 'INVALID_TEXT';

// Without the u flag a regular expression sees UTF-16 code units, so it can find the unpaired halves.
const UNSAFE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isSafeText = (text: string): boolean => !UNSAFE.test(text);

const isBinary = (value: object): boolean => ArrayBuffer.isView(value) || value instanceof ArrayBuffer;

interface Visit {
  value: unknown;
  key?: string;
  parent?: Visit;
}

/** The keys from the root to `visit`, joined zod's way ('_' for the root itself). */
function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) keys.push(at.key);
  return keys.length ? keys.reverse().join('.') : '_';
}

/**
 * The path (zod's form: keys joined with '.', '_' for the value itself) of a string or object key
 * in `value` that is not safe text (an object's keys are judged before its values); undefined
 * when all are. Walks
 * without recursion and keeps each path as a link to its parent, so a deeply nested body costs
 * neither stack nor quadratic memory; byte buffers are skipped.
 */
export function findUnsafeText(value: unknown): string | undefined {
  const stack: Visit[] = [{ value }];
  while (stack.length) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      if (!isSafeText(current)) return pathOf(visit);
      continue;
    }
    if (typeof current !== 'object' || current === null || isBinary(current)) continue;
    const keys = Object.keys(current);
    for (const key of keys) if (!isSafeText(key)) return pathOf({ value: undefined, key, parent: visit });
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      stack.push({ value: (current as Record<string, unknown>)[key], key, parent: visit });
    }
  }
  return undefined;
}

/** The refusal: one validation AppError naming the field, when there is one to name. */
export function invalidTextError(field?: string): AppError {
  const fields: FieldError[] = field && field !== '_' ? [{ field, message: INVALID_TEXT_MESSAGE }] : [];
  return new AppError('validation', INVALID_TEXT_MESSAGE, fields, INVALID_TEXT_CODE);
}

/** Throws invalidTextError for the first unsafe text in `value`; `prefix` names where it came from. */
export function assertSafeText(value: unknown, prefix?: string): void {
  const path = findUnsafeText(value);
  if (path === undefined) return;
  throw invalidTextError(prefix ? (path === '_' ? prefix : `${prefix}.${path}`) : path);
}
