import type { Pool } from 'pg';

/**
 * `text` followed by every kind of character PostgreSQL refuses in text and jsonb: NUL and lone
 * UTF-16 surrogates (high and low), with an emoji (a valid pair) between them. For proving that
 * such content, once in the log, is still applied by every read model.
 */
export function unstorable(text: string): string {
  return `${text}\u0000\ud800👋\udc00`;
}

/** What a read model holds for `unstorable(text)`: each refused character as U+FFFD. */
export function storedFrom(text: string): string {
  return `${text}\uFFFD\uFFFD👋\uFFFD`;
}

/** The dead letters in a read model's database, oldest first. */
export async function deadLetters(
  pool: Pool,
): Promise<{ projection: string; stream_sequence: string; event_type: string | null; error: string }[]> {
  const { rows } = await pool.query(
    `SELECT projection, stream_sequence, event_type, error FROM projection_dead_letters ORDER BY id`,
  );
  return rows;
}
