import { LRUCache } from 'lru-cache';
import type { DomainKnowledge } from '../knowledge/model';
import type { AnswerEngine, AnswerRequest, EngineReply, Turn, Understanding } from '../engine/types';
import type { EmbeddingSimilarity } from '../embeddings/similarity';
import { compose, partsOf } from './compose';
import { splitQuestions } from './parts';
import { SearchIndex, type SemanticOptions } from './search/bm25';
import { read, understandingOf, type Reading } from './understand';

/** Domains whose index is kept, as many as the knowledge store keeps; the least recently used goes first. */
const MAX_INDEXES = 1000;

/**
 * The default engine: a BM25F index per domain, intent from phrasing cues weighed against the
 * search, answers composed from the best entry. Needs nothing outside the process.
 */
export class RetrievalEngine implements AnswerEngine {
  readonly name = 'retrieval' as const;
  private readonly indexes: LRUCache<string, SearchIndex>;
  /**
   * The last message read: `answer` follows `understand` for the same message and knowledge, and
   * reading (the searches) is most of an answer's work.
   */
  private last: { index: SearchIndex; knowledge: DomainKnowledge; reading: Reading } | null = null;

  constructor(
    private readonly semantics: SemanticOptions = { lexicon: null },
    maxIndexes = MAX_INDEXES,
    /** Optional embeddings blended into the answer's search (EMBEDDINGS_URL); null: BM25 alone. */
    readonly embeddings: EmbeddingSimilarity | null = null,
  ) {
    this.indexes = new LRUCache({ max: maxIndexes });
  }

  /** The domain's index, rebuilt when the knowledge changed since it was built. */
  indexFor(knowledge: DomainKnowledge): SearchIndex {
    const current = this.indexes.get(knowledge.domainId);
    if (current && current.revision === knowledge.revision) return current;
    const index = new SearchIndex(knowledge, this.semantics);
    this.indexes.set(knowledge.domainId, index);
    return index;
  }

  understand(knowledge: DomainKnowledge, message: string, _history: Turn[] = []): Understanding {
    return understandingOf(this.readingOf(this.indexFor(knowledge), knowledge, message));
  }

  async answer(request: AnswerRequest): Promise<EngineReply> {
    // The caller's understanding wins (the policy may know more, e.g. from the conversation).
    const index = this.indexFor(request.knowledge);
    const reading = {
      ...((await this.semanticReading(index, request)) ??
        this.readingOf(index, request.knowledge, request.message)),
      intent: request.understanding.intent,
    };
    const reply = compose(index, request.knowledge, reading);
    request.onDelta?.(reply.text);
    return reply;
  }

  /**
   * The message read with the embeddings' similarity blended into its search and its questions',
   * or null without embeddings or when they failed or came too late (BM25 answers alone then).
   * Intent stays as understood (understanding is synchronous, before any embedding arrives).
   */
  private async semanticReading(index: SearchIndex, request: AnswerRequest): Promise<Reading | null> {
    if (!this.embeddings) return null;
    const { knowledge, message } = request;
    const texts = [...new Set([message, ...splitQuestions(message)])];
    const matchOf = await this.embeddings.match(index, texts, request.signal);
    if (!matchOf) return null;
    return partsOf(index, knowledge, read(index, knowledge, message, matchOf(message)), (part) =>
      read(index, knowledge, part, matchOf(part)),
    );
  }

  private readingOf(index: SearchIndex, knowledge: DomainKnowledge, message: string): Reading {
    const last = this.last;
    if (last && last.index === index && last.knowledge === knowledge && last.reading.message === message) {
      return last.reading;
    }
    const reading = partsOf(index, knowledge, read(index, knowledge, message), (part) =>
      read(index, knowledge, part),
    );
    this.last = { index, knowledge, reading };
    return reading;
  }
}
