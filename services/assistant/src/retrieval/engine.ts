import type { DomainKnowledge } from '../knowledge/model';
import type { AnswerEngine, AnswerRequest, EngineReply, Turn, Understanding } from '../engine/types';
import { compose } from './compose';
import { SearchIndex } from './search/bm25';
import { read, understandingOf } from './understand';

/**
 * The default engine: a BM25F index per domain, intent from phrasing cues weighed against the
 * search, answers composed from the best entry. Needs nothing outside the process.
 */
export class RetrievalEngine implements AnswerEngine {
  readonly name = 'retrieval' as const;
  private readonly indexes = new Map<string, SearchIndex>();

  /** The domain's index, rebuilt when the knowledge changed since it was built. */
  indexFor(knowledge: DomainKnowledge): SearchIndex {
    const current = this.indexes.get(knowledge.domainId);
    if (current && current.revision === knowledge.revision) return current;
    const fresh = new SearchIndex(knowledge);
    this.indexes.set(knowledge.domainId, fresh);
    return fresh;
  }

  /** Drops a domain's index (the domain was deleted). */
  forget(domainId: string): void {
    this.indexes.delete(domainId);
  }

  understand(knowledge: DomainKnowledge, message: string, _history: Turn[] = []): Understanding {
    return understandingOf(read(this.indexFor(knowledge), knowledge, message));
  }

  async answer(request: AnswerRequest): Promise<EngineReply> {
    const index = this.indexFor(request.knowledge);
    const reading = read(index, request.knowledge, request.message);
    // The caller's understanding wins (the policy may know more, e.g. from the conversation).
    reading.intent = request.understanding.intent;
    const reply = compose(index, request.knowledge, reading);
    request.onDelta?.(reply.text);
    return reply;
  }
}
