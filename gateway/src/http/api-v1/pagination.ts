import { AppError } from '@parley/contracts';
import { z } from 'zod';

export const INVALID_CURSOR_MESSAGE = 'Invalid cursor';
const invalidCursor = () =>
  new AppError(
    'validation',
    INVALID_CURSOR_MESSAGE,
    [{ field: 'cursor', message: INVALID_CURSOR_MESSAGE }],
    'VALIDATION',
  );

/** Where the previous page ended: the sort key and id of its last item. Opaque to callers. */
const positionSchema = z.object({ k: z.string().max(200), id: z.string().max(200) });
type Position = z.infer<typeof positionSchema>;

export const encodeCursor = (p: Position): string => Buffer.from(JSON.stringify(p)).toString('base64url');

export function decodeCursor(cursor: string): Position {
  try {
    return positionSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw invalidCursor();
  }
}

export interface Page<T> {
  data: T[];
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

/**
 * One page of `items` in (key, id) order, after `cursor`. Keyed on the last item rather than an
 * offset: an item added or removed meanwhile neither repeats nor skips another.
 */
export function pageOf<T>(
  items: readonly T[],
  keyOf: (item: T) => { k: string; id: string },
  options: { cursor?: string; limit: number; descending?: boolean },
): Page<T> {
  const sign = options.descending ? -1 : 1;
  const compare = (a: { k: string; id: string }, b: { k: string; id: string }) =>
    sign * (a.k < b.k ? -1 : a.k > b.k ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const sorted = [...items].sort((a, b) => compare(keyOf(a), keyOf(b)));
  const after = options.cursor ? decodeCursor(options.cursor) : undefined;
  const rest = after ? sorted.filter((item) => compare(keyOf(item), after) > 0) : sorted;
  const data = rest.slice(0, options.limit);
  const last = data.at(-1);
  return { data, nextCursor: rest.length > data.length && last ? encodeCursor(keyOf(last)) : null };
}
