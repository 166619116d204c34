import type { DomainKnowledge, SourceKind } from '../../knowledge/model';
import type { Retrieved } from '../../engine/types';
import { DEFAULT_RELATION_WEIGHTS, type Lexicon, type RelationWeights } from '../lexicon/related';
import { conceptTermsOf, STOP_WORDS, termOf, words } from '../text/analyse';
import { MIN_TYPO_LENGTH, withinOneEdit } from '../text/typos';
import { documentsOf, FIELD_WEIGHTS, FIELDS, type Field, type SearchDocument } from './documents';

const K1 = 1.2;
// Entries are short and of very different lengths; a light length normalisation keeps a long
// article from losing to a one-line product on the same words.
const B = 0.4;
const UNKNOWN_WORD_WEIGHT = 0.35;
/** How much of a query word a match only through an entry's meanings covers. */
const MEANING_COVER = 0.5;
/** Confidence kept by an entry matched only through related words or meanings. */
const INDIRECT_ONLY = 0.6;
const HEADLINE_FIELDS: readonly Field[] = ['title', 'question', 'asked', 'tags'];
/**
 * How much a match through a concept's owner-side word counts (text/concepts.ts): written for
 * support language, so nearly as good as the visitor's own word, and a direct match.
 */
const CONCEPT_WEIGHT = 0.85;

interface Posting {
  doc: number;
  /** Field-weighted term frequency. */
  tf: number;
  /** Whether the term is in the entry's title, question or tags (a stronger sign of what it is about). */
  headline: boolean;
  /** The entry has the term only in what its words mean (the lexicon's definitions), not in its words. */
  meaning: boolean;
}

/** An indexed term that stands in for a query term the visitor wrote, and how much it counts. */
export interface RelatedTerm {
  term: string;
  /** 0..1: a match through it counts this share of a match of the visitor's own word. */
  weight: number;
  /** The visitor's words say this term in other words (a concept), so it counts as a direct match. */
  direct?: boolean;
}

/** A visitor message turned into index terms (typos corrected against this index's words). */
export interface Query {
  terms: string[];
  /** Per query term, indexed terms of related meaning (from the lexicon); absent when none. */
  related?: Readonly<Record<string, readonly RelatedTerm[]>>;
  /** Per query term, how much it counts (1 when absent): words of context count less than the question's. */
  weights?: Readonly<Record<string, number>>;
}

/** How an index reads meaning beyond the words themselves. */
export interface SemanticOptions {
  /** Related words (WordNet); null reads only the words themselves. */
  lexicon: Lexicon | null;
  weights?: RelationWeights;
  /** Also look for related words of a word the index already has (else only of words it lacks). */
  expandKnown?: boolean;
  /** At most this many related terms per word, the strongest first. */
  maxRelated?: number;
  /**
   * Index what the words of these fields mean (their definitions and synonyms) with this weight,
   * so a visitor who describes a thing finds the entry that names it; 0 or absent: off.
   */
  meaningWeight?: number;
  meaningFields?: readonly Field[];
  /**
   * A visitor's word the domain does not use is also read as the words of its definition that the
   * domain does use ("postcode" -> address), each counting this share of a match; 0 or absent: off.
   */
  queryMeaningWeight?: number;
  /**
   * Pseudo-relevance feedback, measured (docs/assistant.md): the headline terms of the best
   * `docs` entries that the message lacks, the `terms` strongest, add `weight` of their score
   * (never coverage, so confidence is unchanged) and re-rank; absent: off.
   */
  feedback?: { docs: number; terms: number; weight: number };
  /**
   * Two of the message's words in a row that an entry's headline also has in a row ("gift
   * wrap", "tooth out") add this share of their idf to its score (not its coverage); absent: off.
   */
  phraseWeight?: number;
  /**
   * A message no entry answers with confidence is searched again reading the visitor's words
   * widely (WordNet's related words of every word, and definitions of unknown ones), measured
   * (docs/assistant.md); absent: off.
   */
  wideFallback?: boolean;
}

const NO_SEMANTICS: SemanticOptions = { lexicon: null };

/** A word's meaning as index terms, shared by every index (a rebuild re-reads the same words). */
const meaningCache = new WeakMap<Lexicon, Map<string, readonly string[]>>();
const MEANING_CACHE_LIMIT = 20_000;
function meaningTerms(lexicon: Lexicon, word: string): readonly string[] {
  let cache = meaningCache.get(lexicon);
  if (!cache) meaningCache.set(lexicon, (cache = new Map()));
  const cached = cache.get(word);
  if (cached) return cached;
  const terms = [
    ...new Set(
      words(lexicon.meaning(word), false)
        .filter((w) => !STOP_WORDS.has(w) && w.length >= 3)
        .map(termOf),
    ),
  ];
  if (cache.size >= MEANING_CACHE_LIMIT) cache.clear();
  cache.set(word, terms);
  return terms;
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
  private readonly compounds = new Map<string, [string, string] | null>();
  private readonly relatedCache = new Map<string, readonly RelatedTerm[]>();
  /** Per entry, its headline terms and their weighted frequency (pseudo-relevance feedback). */
  private readonly headlines: Array<Map<string, number>> = [];
  /** Per entry, the pairs of terms its headline has in a row ("term term"). */
  private readonly pairs: Array<Set<string>> = [];

  constructor(
    knowledge: DomainKnowledge,
    private readonly semantics: SemanticOptions = NO_SEMANTICS,
  ) {
    this.revision = knowledge.revision;
    this.documents = documentsOf(knowledge);
    this.documents.forEach((doc, i) => {
      const tf = new Map<string, { tf: number; headline: boolean }>();
      const pairs = new Set<string>();
      let length = 0;
      for (const field of FIELDS) {
        const text = doc.fields[field];
        if (!text) continue;
        const weight = FIELD_WEIGHTS[field];
        let previous: string | null = null;
        for (const word of words(text, HEADLINE_FIELDS.includes(field))) {
          if (STOP_WORDS.has(word)) continue;
          const term = termOf(word);
          if (HEADLINE_FIELDS.includes(field)) {
            if (previous) pairs.add(`${previous} ${term}`);
            previous = term;
          }
          if (!this.vocabulary.has(word)) this.vocabulary.set(word, term);
          const entry = tf.get(term) ?? { tf: 0, headline: false };
          entry.tf += weight;
          if (HEADLINE_FIELDS.includes(field)) entry.headline = true;
          tf.set(term, entry);
          length += weight;
        }
      }
      this.lengths.push(length);
      this.pairs.push(pairs);
      this.headlines.push(new Map([...tf].filter(([, t]) => t.headline).map(([term, t]) => [term, t.tf])));
      const meant = this.meaningsOf(doc, tf);
      for (const [term, { tf: f, headline }] of tf) {
        const list = this.postings.get(term) ?? [];
        list.push({ doc: i, tf: f, headline, meaning: false });
        this.postings.set(term, list);
      }
      for (const [term, f] of meant) {
        const list = this.postings.get(term) ?? [];
        list.push({ doc: i, tf: f, headline: false, meaning: true });
        this.postings.set(term, list);
      }
    });
    const total = this.lengths.reduce((a, b) => a + b, 0);
    this.averageLength = this.lengths.length ? total / this.lengths.length : 1;
  }

  /** Terms of what the entry's words mean that the entry does not use itself, with their weight. */
  private meaningsOf(doc: SearchDocument, own: ReadonlyMap<string, unknown>): Map<string, number> {
    const { lexicon, meaningWeight = 0, meaningFields = HEADLINE_FIELDS } = this.semantics;
    const out = new Map<string, number>();
    if (!lexicon || meaningWeight <= 0) return out;
    for (const field of meaningFields) {
      const text = doc.fields[field];
      if (!text) continue;
      for (const word of words(text)) {
        if (STOP_WORDS.has(word) || word.length < 3 || /\d/.test(word)) continue;
        for (const term of meaningTerms(lexicon, word)) {
          if (own.has(term)) continue;
          out.set(term, Math.min(meaningWeight * 2, (out.get(term) ?? 0) + meaningWeight));
        }
      }
    }
    return out;
  }

  /** Inverse document frequency; a term no entry has gets the highest value (it is specific). */
  idf(term: string): number {
    const n = this.documents.length;
    const df = this.postings.get(term)?.length ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** Whether a message no entry answers with confidence is searched again reading its words widely. */
  get widens(): boolean {
    return this.semantics.wideFallback === true && this.semantics.lexicon !== null;
  }

  has(term: string): boolean {
    return this.postings.has(term);
  }

  /** The message's terms; a word of 5+ letters the index lacks is read as the indexed word one edit away. */
  query(text: string, wide = false): Query {
    const terms: string[] = [];
    const related: Record<string, readonly RelatedTerm[]> = {};
    for (const word of words(text)) {
      if (STOP_WORDS.has(word)) continue;
      let term = termOf(word);
      if (!this.postings.has(term) && word.length >= MIN_TYPO_LENGTH && !/\d/.test(word)) {
        const split = this.compound(word);
        if (split) {
          terms.push(...split);
          continue;
        }
        term = this.correct(word) ?? term;
      }
      terms.push(term);
      const alternatives = this.relatedTo(word, term, wide);
      if (alternatives.length && !related[term]) related[term] = alternatives;
    }
    const unique = [...new Set(terms)];
    return Object.keys(related).length ? { terms: unique, related } : { terms: unique };
  }

  /** Indexed terms of words related to `word` (its term `term`): its concept's first, then the lexicon's. */
  private relatedTo(word: string, term: string, wide = false): readonly RelatedTerm[] {
    // A visitor word that is itself one of the concept's owner words, and that this domain uses,
    // says what it means: no other words to look for ("hours" does not reach "delivery times").
    const concept = conceptTermsOf(term);
    const meant = (concept.includes(term) && this.postings.has(term) ? [] : concept)
      .filter((t) => t !== term && this.postings.has(t))
      .map((t) => ({ term: t, weight: CONCEPT_WEIGHT, direct: true }));
    const lexical = this.lexicalTo(word, term, wide).filter((r) => !meant.some((m) => m.term === r.term));
    return meant.length ? [...meant, ...lexical] : lexical;
  }

  /** Indexed terms of words related to `word` (its term `term`) in the lexicon, strongest first. */
  private lexicalTo(word: string, term: string, wide = false): readonly RelatedTerm[] {
    const { lexicon, maxRelated = 6 } = this.semantics;
    const expandKnown = wide || (this.semantics.expandKnown ?? false);
    if (!lexicon || word.length < 3 || /\d/.test(word)) return [];
    if (this.postings.has(term) && !expandKnown) return [];
    const key = wide ? `wide:${word}` : word;
    const cached = this.relatedCache.get(key);
    if (cached) return cached;
    const weights = wide ? DEFAULT_RELATION_WEIGHTS : (this.semantics.weights ?? DEFAULT_RELATION_WEIGHTS);
    const best = new Map<string, number>();
    const defined = wide ? 0.25 : (this.semantics.queryMeaningWeight ?? 0);
    if (defined > 0 && !this.postings.has(term)) {
      for (const t of meaningTerms(lexicon, word)) {
        if (t !== term && this.postings.has(t) && (best.get(t) ?? 0) < defined) best.set(t, defined);
      }
    }
    for (const r of lexicon.related(word)) {
      const weight = weights[r.relation];
      if (weight <= 0 || STOP_WORDS.has(r.word)) continue;
      const t = termOf(r.word);
      if (t === term || !this.postings.has(t)) continue;
      if ((best.get(t) ?? 0) < weight) best.set(t, weight);
    }
    const found = [...best]
      .sort((a, b) => b[1] - a[1])
      .slice(0, maxRelated)
      .map(([t, weight]) => ({ term: t, weight }));
    this.relatedCache.set(key, found);
    return found;
  }

  /**
   * A word the index lacks that is two words it has, written as one ("carpark", "checkup",
   * "weekdays" against "car park", "check-up", "week days"): their terms, else null.
   */
  private compound(word: string): [string, string] | null {
    const cached = this.compounds.get(word);
    if (cached !== undefined) return cached;
    const found = this.split(word);
    this.compounds.set(word, found);
    return found;
  }

  private split(word: string): [string, string] | null {
    for (let i = 3; i <= word.length - 3; i++) {
      const head = word.slice(0, i);
      const tail = word.slice(i);
      if (STOP_WORDS.has(head) || STOP_WORDS.has(tail)) continue;
      const a = termOf(head);
      const b = termOf(tail);
      if (
        this.postings.has(a) &&
        this.postings.has(b) &&
        this.vocabulary.has(head) &&
        this.vocabulary.has(tail)
      )
        return [a, b];
    }
    return null;
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

  /** Adds to `scores` what the best entries' own headline words, which the message lacks, match. */
  private feedBack(
    q: Query,
    scores: Map<number, { score: number }>,
    { docs, terms, weight }: NonNullable<SemanticOptions['feedback']>,
    kinds?: ReadonlySet<SourceKind>,
  ) {
    const top = [...scores.entries()].sort((a, b) => b[1].score - a[1].score).slice(0, docs);
    const best = top[0]?.[1].score ?? 0;
    if (best <= 0) return;
    const asked = new Set(q.terms);
    const pooled = new Map<string, number>();
    for (const [doc, { score }] of top) {
      for (const [term, tf] of this.headlines[doc]!) {
        if (asked.has(term)) continue;
        pooled.set(term, (pooled.get(term) ?? 0) + (score / best) * tf * this.idf(term));
      }
    }
    const chosen = [...pooled].sort((a, b) => b[1] - a[1]).slice(0, terms);
    const strongest = chosen[0]?.[1] ?? 0;
    for (const [term, strength] of chosen) {
      const tIdf = this.idf(term);
      for (const p of this.postings.get(term) ?? []) {
        if (p.meaning || (kinds && !kinds.has(this.documents[p.doc]!.source.kind))) continue;
        const held = scores.get(p.doc);
        if (!held) continue;
        const norm = K1 * (1 - B + (B * this.lengths[p.doc]!) / this.averageLength);
        held.score += (weight * (strength / strongest) * tIdf * p.tf * (K1 + 1)) / (p.tf + norm);
      }
    }
  }

  /**
   * Entries ranked by BM25F. `confidence` is the share of the query's idf weight the entry
   * covers (headline matches count in full, body-only matches in part), so a message with words
   * no entry knows scores low however well its other words match.
   */
  search(q: Query, kinds?: ReadonlySet<SourceKind>, limit = 5): Retrieved[] {
    if (q.terms.length === 0) return [];
    const scores = new Map<number, { score: number; covered: number; direct: boolean }>();
    let totalIdf = 0;
    for (const term of q.terms) {
      const idf = this.idf(term);
      const list = this.postings.get(term);
      const alternatives = q.related?.[term] ?? [];
      // A word no entry uses still lowers confidence (it may be what the message is really
      // about), but by about a third: visitors add words of their own to questions the index
      // does answer. One that means what an indexed word means weighs as that word would.
      const slot = list
        ? idf
        : alternatives.length
          ? Math.max(...alternatives.map((a) => this.idf(a.term)))
          : idf * UNKNOWN_WORD_WEIGHT;
      const termWeight = q.weights?.[term] ?? 1;
      totalIdf += slot * termWeight;
      // Each entry gets the best of the word itself and its related terms, never their sum.
      const best = new Map<number, { score: number; covered: number; direct: boolean }>();
      const consider = (t: string, weight: number, direct = weight === 1) => {
        const postings = this.postings.get(t);
        if (!postings) return;
        const tIdf = this.idf(t);
        for (const p of postings) {
          if (kinds && !kinds.has(this.documents[p.doc]!.source.kind)) continue;
          const norm = K1 * (1 - B + (B * this.lengths[p.doc]!) / this.averageLength);
          const score = (weight * tIdf * p.tf * (K1 + 1)) / (p.tf + norm);
          const covered = weight * slot * (p.headline ? 1 : p.meaning ? MEANING_COVER : 0.75);
          const held = best.get(p.doc);
          if (!held || held.score < score) best.set(p.doc, { score, covered, direct: direct && !p.meaning });
        }
      };
      consider(term, 1);
      for (const a of alternatives) consider(a.term, a.weight, a.direct);
      for (const [doc, { score, covered, direct }] of best) {
        const acc = scores.get(doc) ?? { score: 0, covered: 0, direct: false };
        acc.score += score * termWeight;
        acc.covered += covered * termWeight;
        acc.direct ||= direct;
        scores.set(doc, acc);
      }
    }
    if (this.semantics.feedback) this.feedBack(q, scores, this.semantics.feedback, kinds);
    const phrase = this.semantics.phraseWeight ?? 0;
    if (phrase > 0 && q.terms.length >= 2) {
      for (const [doc, acc] of scores) {
        for (let i = 1; i < q.terms.length; i++) {
          if (this.pairs[doc]!.has(`${q.terms[i - 1]} ${q.terms[i]}`))
            acc.score += (phrase * (this.idf(q.terms[i - 1]!) + this.idf(q.terms[i]!))) / 2;
        }
      }
    }
    return [...scores.entries()]
      .sort((a, b) => b[1].score - a[1].score)
      .slice(0, limit)
      .map(([doc, { score, covered, direct }]) => ({
        source: this.documents[doc]!.source,
        score,
        // An entry that shares no word with the message, only meanings, is a weaker guess.
        confidence: totalIdf > 0 ? Math.min(1, covered / totalIdf) * (direct ? 1 : INDIRECT_ONLY) : 0,
      }));
  }
}
