import type { Relation, RelatedWord } from './wordnet';
import { WordNet } from './wordnet';

/** Where the engine finds words that mean about the same as a visitor's word. */
export interface Lexicon {
  /** Single words related to `word` (lower case), each with how it is related. */
  related(word: string): readonly RelatedWord[];
  /** Text that says what `word` means (definitions, synonyms): indexed beside an entry's own words. */
  meaning(word: string): string;
}

/** How much a match through a related word counts against a match of the word itself (1). */
export type RelationWeights = Record<Relation, number>;

export const DEFAULT_RELATION_WEIGHTS: RelationWeights = {
  synonym: 0.7,
  derived: 0.6,
  similar: 0.5,
  broader: 0.4,
  narrower: 0,
};

/** Query-side expansion off: every relation counts nothing. */
export const NO_RELATED_WORDS: RelationWeights = {
  synonym: 0,
  derived: 0,
  similar: 0,
  broader: 0,
  narrower: 0,
};

/** Words kept per lexicon before the cache starts over (a visitor vocabulary, not the dictionary). */
const CACHE_LIMIT = 20_000;

/**
 * WordNet behind a cache: each word is looked up once per process (a few reads of the database
 * files), multi-word lemmas left out (a visitor's message is matched word by word).
 */
export class WordNetLexicon implements Lexicon {
  private readonly cache = new Map<string, readonly RelatedWord[]>();
  private readonly meanings = new Map<string, string>();

  constructor(
    private readonly wordnet: WordNet = new WordNet(),
    private readonly senses = 2,
  ) {}

  related(word: string): readonly RelatedWord[] {
    const cached = this.cache.get(word);
    if (cached) return cached;
    const found = this.wordnet.related(word, this.senses).filter((r) => /^[a-z]+$/.test(r.word));
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(word, found);
    return found;
  }

  meaning(word: string): string {
    const cached = this.meanings.get(word);
    if (cached !== undefined) return cached;
    const text = this.wordnet.meaning(word, 1).join(' ');
    if (this.meanings.size >= CACHE_LIMIT) this.meanings.clear();
    this.meanings.set(word, text);
    return text;
  }
}

let shared: WordNetLexicon | null = null;

/** The process's WordNet lexicon, opened on first use (every domain's index shares it). */
export function wordNetLexicon(): WordNetLexicon {
  shared ??= new WordNetLexicon();
  return shared;
}
