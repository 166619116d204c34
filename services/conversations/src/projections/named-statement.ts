import { createHash } from 'node:crypto';
import type { QueryConfig } from 'pg';

const names = new Map<string, string>();

/**
 * The query as a named (prepared) statement: PostgreSQL parses and plans it once per connection
 * instead of on every call, which was most of its CPU on the dashboard's hot reads (runs AD). The
 * name comes from the text, so the few variants a query builder makes (filters, a cursor) are each
 * their own statement and one name never stands for two texts (pg refuses that).
 */
export function named(text: string, values: unknown[]): QueryConfig {
  let name = names.get(text);
  if (!name) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return { name, text, values };
}
