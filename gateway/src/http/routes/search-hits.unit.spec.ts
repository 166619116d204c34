import type { FilterQuestionView } from '@parley/contracts';
import { matchesEveryWordPrefix, MAX_SEARCH_HITS, mergeSearchHits, type SearchHitView } from './search-hits';

const question = (id: string, q: string, answer = ''): FilterQuestionView => ({
  id,
  domainId: 'd1',
  question: q,
  answer,
  answered: answer !== '',
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('search hits', () => {
  it('matches when every query word begins a word of the text, ignoring case and punctuation', () => {
    expect(matchesEveryWordPrefix('Which teapot size do you need?', 'TEAP size')).toBe(true);
    expect(matchesEveryWordPrefix('Which teapot size do you need?', 'teapot colour')).toBe(false);
    expect(matchesEveryWordPrefix('Which teapot size?', 'pot')).toBe(false);
    expect(matchesEveryWordPrefix('Größe wählen', 'grö')).toBe(true);
    expect(matchesEveryWordPrefix('anything', '?!')).toBe(false);
  });

  it("puts content's ranked hits first, then matching questions, with the answer as snippet", () => {
    const content: SearchHitView[] = [{ kind: 'product', id: 'p1', title: 'Teapot', snippet: 'Glazed' }];
    const merged = mergeSearchHits(
      content,
      [question('q1', 'Teapot size?', 'Two   cups'), question('q2', 'Shipping?', 'Teapots ship free')],
      'teapot',
    );
    expect(merged).toEqual([
      content[0],
      { kind: 'filter_question', id: 'q1', title: 'Teapot size?', snippet: 'Two cups' },
      { kind: 'filter_question', id: 'q2', title: 'Shipping?', snippet: 'Teapots ship free' },
    ]);
  });

  it('keeps at most MAX_SEARCH_HITS and shortens long answers', () => {
    const content: SearchHitView[] = Array.from({ length: MAX_SEARCH_HITS }, (_, i) => ({
      kind: 'article',
      id: `a${i}`,
      title: 'x',
      snippet: '',
    }));
    expect(mergeSearchHits(content, [question('q', 'x')], 'x')).toHaveLength(MAX_SEARCH_HITS);
    const [hit] = mergeSearchHits([], [question('q', 'long', 'word '.repeat(100))], 'long');
    expect(hit!.snippet).toHaveLength(160);
    expect(hit!.snippet.endsWith('…')).toBe(true);
  });
});
