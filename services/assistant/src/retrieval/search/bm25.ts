import type { DomainKnowledge, SourceKind } from '../../knowledge/model';
import type { Retrieved } from '../../engine/types';
import { STOP_WORDS, termOf, words } from '../text/analyse';
import { MIN_TYPO_LENGTH, withinOneEdit } from '../text/typos';
import { documentsOf, FIELD_WEIGHTS, FIELDS, type SearchDocument } from './documents';

const K1 = 1.2;
// Entries are short and of very different lengths; a light length normalisation keeps a long
// article from losing to a one-line product on the same words.
const B = 0.4;
const UNKNOWN_WORD_WEIGHT = 0.35;

interface Posting {
  doc: number;
  /** Field-weighted term frequency. */
  tf: number;
  /** Whether the term is in the entry's title, question or tags (a stronger sign of what it is about). */
  headline: boolean;
}

/** A visitor message turned into index terms (typos corrected against this index's words). */
export interface Query {
  terms: string[];
}

/** One domain's search index; immutable once built. */
export class SearchIndex {
  readonly revision: number;
  readonly documents: SearchDocument[];
  private readonly postings = new Map<string, Posting[]>();
  private readonly lengths: number[] = [];
  private readonly averageLength: number;
  /** Every indexed word (unstemmed) with its term, for typo correction. */
  private readonly vocabulary = new Map<string, string>();
  private readonly corrections = new Map<string, string | null>();

  constructor(knowledge: DomainKnowledge) {
    this.revision = knowledge.revision;
    this.documents = documentsOf(knowledge);
    this.documents.forEach((doc, i) => {
      const tf = new Map<string, { tf: number; headline: boolean }>();
      let length = 0;
      for (const field of FIELDS) {
        const text = doc.fields[field];
        if (!text) continue;
        const weight = FIELD_WEIGHTS[field];
        for (const word of words(text)) {
          if (STOP_WORDS.has(word)) continue;
          const term = termOf(word);
          if (!this.vocabulary.has(word)) this.vocabulary.set(word, term);
          const entry = tf.get(term) ?? { tf: 0, headline: false };
          entry.tf += weight;
          if (field === 'title' || field === 'question' || field === 'tags') entry.headline = true;
          tf.set(term, entry);
          length += weight;
        }
      }
      this.lengths.push(length);
      for (const [term, { tf: f, headline }] of tf) {
        const list = this.postings.get(term) ?? [];
        list.push({ doc: i, tf: f, headline });
        this.postings.set(term, list);
      }
    });
    const total = this.lengths.reduce((a, b) => a + b, 0);
    this.averageLength = this.lengths.length ? total / this.lengths.length : 1;
  }

  /** Inverse document frequency; a term no entry has gets the highest value (it is specific). */
  idf(term: string): number {
    const n = this.documents.length;
    const df = this.postings.get(term)?.length ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  has(term: string): boolean {
    return this.postings.has(term);
  }

  /** The message's terms; a word of 5+ letters the index lacks is read as the indexed word one edit away. */
  query(text: string): Query {
    const terms: string[] = [];
    for (const word of words(text)) {
      if (STOP_WORDS.has(word)) continue;
      const term = termOf(word);
      if (this.postings.has(term) || word.length < MIN_TYPO_LENGTH || /\d/.test(word)) {
        terms.push(term);
        continue;
      }
      terms.push(this.correct(word) ?? term);
    }
    return { terms: [...new Set(terms)] };
  }

  private correct(word: string): string | null {
    const cached = this.corrections.get(word);
    if (cached !== undefined) return cached;
    let best: string | null = null;
    let bestDf = 0;
    for (const [known, term] of this.vocabulary) {
      if (known.length < MIN_TYPO_LENGTH - 1 || !withinOneEdit(word, known)) continue;
      const df = this.postings.get(term)?.length ?? 0;
      if (df > bestDf) {
        best = term;
        bestDf = df;
      }
    }
    this.corrections.set(word, best);
    return best;
  }

  /**
   * Entries ranked by BM25F. `confidence` is the share of the query's idf weight the entry
   * covers (headline matches count in full, body-only matches in part), so a message with words
   * no entry knows scores low however well its other words match.
   */
  search(q: Query, kinds?: ReadonlySet<SourceKind>, limit = 5): Retrieved[] {
    if (q.terms.length === 0) return [];
    const scores = new Map<number, { score: number; covered: number }>();
    let totalIdf = 0;
    for (const term of q.terms) {
      const idf = this.idf(term);
      const list = this.postings.get(term);
      // A word no entry uses still lowers confidence (it may be what the message is really
      // about), but by about a third: visitors add words of their own to questions the index does answer.
      totalIdf += list ? idf : idf * UNKNOWN_WORD_WEIGHT;
      if (!list) continue;
      for (const p of list) {
        if (kinds && !kinds.has(this.documents[p.doc]!.source.kind)) continue;
        const norm = K1 * (1 - B + (B * this.lengths[p.doc]!) / this.averageLength);
        const s = (idf * p.tf * (K1 + 1)) / (p.tf + norm);
        const acc = scores.get(p.doc) ?? { score: 0, covered: 0 };
        acc.score += s;
        acc.covered += p.headline ? idf : idf * 0.75;
        scores.set(p.doc, acc);
      }
    }
    return [...scores.entries()]
      .sort((a, b) => b[1].score - a[1].score)
      .slice(0, limit)
      .map(([doc, { score, covered }]) => ({
        source: this.documents[doc]!.source,
        score,
        confidence: totalIdf > 0 ? Math.min(1, covered / totalIdf) : 0,
      }));
  }
}
