import type { RecordedEvent } from '@parley/eventstore';

/** What replaces a character PostgreSQL cannot store: U+FFFD, the Unicode replacement character. */
export const REPLACEMENT_CHARACTER = '\uFFFD';

// NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- NUL is exactly what it looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

/**
 * `text` with every character PostgreSQL refuses replaced by U+FFFD: NUL (text and jsonb reject
 * it, 22021 / 22P05) and lone UTF-16 surrogates (jsonb rejects their escapes, and text would get
 * them as U+FFFD anyway from the UTF-8 encoding). Anything else, paired surrogates (emoji)
 * included, is left as it is; text without such characters is returned unchanged.
 */
export function storableText(text: string): string {
  return UNSTORABLE.test(text) ? text.replace(UNSTORABLE_ALL, REPLACEMENT_CHARACTER) : text;
}

/**
 * A JSON value with storableText applied to every string in it, object keys included. Parts
 * without such characters are shared, not copied; a value that needs nothing is returned as is.
 */
export function storableValue<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item: unknown, i) => {
      const stored = storableValue(item);
      if (stored !== item) (copy ??= value.slice())[i] = stored;
    });
    return (copy ?? value) as T;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    let changed = false;
    const stored = entries.map(([key, item]): [string, unknown] => {
      const storedKey = storableText(key);
      const storedItem = storableValue(item);
      if (storedKey !== key || storedItem !== item) changed = true;
      return [storedKey, storedItem];
    });
    return (changed ? Object.fromEntries(stored) : value) as T;
  }
  return value;
}

/**
 * The event as read models receive it: its content made storable (storableValue on its data and
 * meta). A well-formed event can then never be refused by PostgreSQL for its text, so it cannot
 * stop a projection; a rebuild from the log gets the same rows as the live run.
 */
export function storableEvent<E extends RecordedEvent>(event: E): E {
  const data = storableValue(event.data);
  const meta = storableValue(event.meta);
  return data === event.data && meta === event.meta ? event : { ...event, data, meta };
}

const UNICODE_ESCAPE = Buffer.from('\\u');

/**
 * storableEvent for an event decoded from `payload`, its stored JSON, without walking it when
 * nothing in it can need a change: JSON holds NUL and lone surrogates only as `\u` escapes (a raw
 * NUL is invalid JSON and UTF-8 has no lone surrogates), so a payload without a `\u` (the bulk of
 * them) decodes to an event already storable. One native search instead of a regex per string.
 */
export function storableDecoded<E extends RecordedEvent>(event: E, payload: Uint8Array): E {
  const bytes = Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
  return bytes.includes(UNICODE_ESCAPE) ? storableEvent(event) : event;
}
