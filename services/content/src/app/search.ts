import { contentError } from '@parley/contracts';
import { fieldErrors, searchSchema } from '@parley/contracts/validation';
import type { Caller, ContentDeps } from './deps';
import { requireDomain } from './guards';

export interface SearchHit {
  kind: 'product' | 'article';
  id: string;
  title: string;
  snippet: string;
}

const MAX_HITS = 20;
const SNIPPET_CHARS = 160;

/** Words of the query as prefix terms, all required; only letters and digits reach to_tsquery. */
export function tsQueryOf(query: string): string | undefined {
  const words = (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : undefined;
}

const snippetOf = (text: unknown) => {
  const s = typeof text === 'string' ? text.replace(/\s+/g, ' ').trim() : '';
  return s.length > SNIPPET_CHARS ? `${s.slice(0, SNIPPET_CHARS - 1)}…` : s;
};

/**
 * The domain's products and help articles matching every word of the query (as prefixes), best
 * first. Filter questions live in the domains service; the gateway merges them in (see README).
 */
export async function searchContent(
  deps: ContentDeps,
  caller: Caller,
  input: { domainId: string; query: string },
): Promise<SearchHit[]> {
  const parsed = searchSchema.safeParse(input);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    throw contentError('validation', fields[0]?.message ?? 'Invalid request', 'VALIDATION', fields);
  }
  await requireDomain(deps.pool, caller.accountId, parsed.data.domainId);
  const tsQuery = tsQueryOf(parsed.data.query);
  if (!tsQuery) return [];
  const { rows } = await deps.pool.query<{
    id: string;
    kind: 'product' | 'article';
    body: Record<string, unknown>;
  }>(
    `SELECT id, kind, body FROM content_items, to_tsquery('simple', $3) AS q
     WHERE account_id = $1 AND domain_id = $2 AND kind IN ('product', 'article') AND search @@ q
     ORDER BY ts_rank(search, q) DESC, updated_at DESC LIMIT ${MAX_HITS}`,
    [caller.accountId, parsed.data.domainId, tsQuery],
  );
  return rows.map((r) =>
    r.kind === 'product'
      ? { kind: 'product', id: r.id, title: String(r.body.name), snippet: snippetOf(r.body.description) }
      : { kind: 'article', id: r.id, title: String(r.body.title), snippet: snippetOf(r.body.question) },
  );
}
