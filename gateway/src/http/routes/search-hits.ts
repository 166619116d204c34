import type { FilterQuestionView } from '@parley/contracts';

export interface SearchHitView {
  kind: 'product' | 'article' | 'filter_question';
  id: string;
  title: string;
  snippet: string;
}

export const MAX_SEARCH_HITS = 20;
const SNIPPET_CHARS = 160;

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The same rule as content's full-text search: every word of the query must begin some word of the
 * text (case-insensitive). Filter questions are few per domain, so they are matched here.
 */
export function matchesEveryWordPrefix(text: string, query: string): boolean {
  const terms = wordsOf(query).slice(0, 12);
  if (terms.length === 0) return false;
  const words = wordsOf(text);
  return terms.every((t) => words.some((w) => w.startsWith(t)));
}

const snippetOf = (text: string) => {
  const s = text.replace(/\s+/g, ' ').trim();
  return s.length > SNIPPET_CHARS ? `${s.slice(0, SNIPPET_CHARS - 1)}…` : s;
};

/** Content's ranked hits first, then the matching filter questions (oldest first), at most MAX_SEARCH_HITS. */
export function mergeSearchHits(
  contentHits: SearchHitView[],
  questions: FilterQuestionView[],
  query: string,
): SearchHitView[] {
  const questionHits = questions
    .filter((q) => matchesEveryWordPrefix(`${q.question} ${q.answer}`, query))
    .map((q): SearchHitView => ({
      kind: 'filter_question',
      id: q.id,
      title: q.question,
      snippet: snippetOf(q.answer),
    }));
  return [...contentHits, ...questionHits].slice(0, MAX_SEARCH_HITS);
}
