import { createHash } from 'node:crypto';
import type { Logger } from '@parley/logger';
import { dot, unit, type SemanticMatch } from '../retrieval/search/blend';
import type { SearchDocument } from '../retrieval/search/documents';
import type { SearchIndex } from '../retrieval/search/bm25';
import type { Embedder, EmbeddingsFailure } from './client';
import type { EmbeddingsConfig } from './config';

/** Vectors kept (by content hash, least recently used out first): 20,000 × 1,536 floats is about 120 MB. */
export const MAX_VECTORS = 20_000;
/** An entry's text is cut here before embedding: models take a few thousand tokens at most. */
const MAX_TEXT = 2_000;

/** What an entry is embedded as: its words that say what it is about, most telling first. */
export const documentText = (doc: SearchDocument): string =>
  [doc.fields.title, doc.fields.question, doc.fields.asked, doc.fields.tags, doc.fields.body]
    .filter(Boolean)
    .join('\n')
    .slice(0, MAX_TEXT);

/** The last call's outcome, for /readyz and the logs. */
export type EmbeddingsCall =
  | { ok: true; at: string; ms: number }
  | { ok: false; at: string; ms: number; reason: EmbeddingsFailure; detail: string };

/** Per text of a message, the semantic match of its search, or undefined for a text not embedded. */
export type MatchOf = (text: string) => SemanticMatch | undefined;

/**
 * Embeddings of a domain's entries (cached by their content's hash, so an edit re-embeds only
 * what changed) and of a visitor's message, as cosine similarity per entry. Every failure or
 * timeout is null: the engine answers from BM25 alone, never not at all.
 */
export class EmbeddingSimilarity {
  private readonly vectors = new Map<string, Float32Array>();
  /** Entries being embedded, by content hash: a second message waits for the same request. */
  private readonly pending = new Map<string, Promise<boolean>>();
  last: EmbeddingsCall | null = null;

  constructor(
    private readonly embedder: Embedder,
    private readonly config: EmbeddingsConfig,
    private readonly logger?: Logger,
  ) {}

  private hash(text: string): string {
    return createHash('sha256').update(`${this.config.model}\0${text}`).digest('base64url');
  }

  private vector(hash: string): Float32Array | undefined {
    const v = this.vectors.get(hash);
    if (v) {
      this.vectors.delete(hash);
      this.vectors.set(hash, v);
    }
    return v;
  }

  private keep(hash: string, v: Float32Array) {
    this.vectors.set(hash, unit(v));
    while (this.vectors.size > MAX_VECTORS) this.vectors.delete(this.vectors.keys().next().value!);
  }

  /**
   * The entries' vectors, embedding those not cached. Not bound to one message's deadline: a
   * slow first embedding of a domain goes on and serves the next messages.
   */
  private entries(hashes: readonly string[], texts: readonly string[]): Promise<boolean> {
    const missing: number[] = [];
    const waits: Promise<boolean>[] = [];
    hashes.forEach((h, i) => {
      if (this.vectors.has(h)) return;
      const inFlight = this.pending.get(h);
      if (inFlight) waits.push(inFlight);
      else missing.push(i);
    });
    if (missing.length) {
      const request = this.embedder.embed(missing.map((i) => texts[i]!)).then((res) => {
        for (const i of missing) this.pending.delete(hashes[i]!);
        if (!res.ok) {
          this.logger?.warn(
            { reason: res.reason, detail: res.detail },
            'embedding the entries failed: BM25 answers alone',
          );
          return false;
        }
        res.vectors.forEach((v, j) => this.keep(hashes[missing[j]!]!, v));
        return true;
      });
      for (const i of missing) this.pending.set(hashes[i]!, request);
      waits.push(request);
    }
    return Promise.all(waits).then((all) => all.every(Boolean));
  }

  /**
   * The semantic match of each of `texts` (the message and its questions) against the domain's
   * entries, or null when the embeddings did not come within the timeout or failed.
   */
  async match(index: SearchIndex, texts: readonly string[], signal?: AbortSignal): Promise<MatchOf | null> {
    const started = Date.now();
    const deadline = AbortSignal.timeout(this.config.timeoutMs);
    const stop = signal ? AbortSignal.any([signal, deadline]) : deadline;
    const docTexts = index.documents.map(documentText);
    const hashes = docTexts.map((t) => this.hash(t));
    const timedOut = new Promise<'timeout'>((resolve) => {
      if (stop.aborted) resolve('timeout');
      stop.addEventListener('abort', () => resolve('timeout'), { once: true });
    });
    const [message, entries] = await Promise.all([
      Promise.race([this.embedder.embed(texts, stop), timedOut]),
      Promise.race([this.entries(hashes, docTexts), timedOut]),
    ]);
    const at = new Date(started).toISOString();
    const ms = Date.now() - started;
    if (
      message === 'timeout' ||
      entries === 'timeout' ||
      (message.ok === false && message.reason === 'aborted')
    ) {
      this.last = {
        ok: false,
        at,
        ms,
        reason: signal?.aborted ? 'aborted' : 'timeout',
        detail: `no embeddings within ${this.config.timeoutMs} ms`,
      };
      return null;
    }
    if (!message.ok || !entries) {
      this.last = message.ok
        ? {
            ok: false,
            at,
            ms,
            reason: 'provider-error',
            detail: "the domain's entries could not be embedded",
          }
        : { ok: false, at, ms, reason: message.reason, detail: message.detail };
      return null;
    }
    const docVectors = hashes.map((h) => this.vector(h));
    if (docVectors.some((v) => !v || v.length !== message.vectors[0]!.length)) {
      this.last = {
        ok: false,
        at,
        ms,
        reason: 'bad-response',
        detail: 'entry and message vectors differ in length',
      };
      return null;
    }
    this.last = { ok: true, at, ms };
    const matches = new Map<string, SemanticMatch>();
    texts.forEach((text, i) => {
      const q = unit(message.vectors[i]!);
      matches.set(text, {
        similarities: index.documents.map((d, j) => ({
          source: d.source,
          similarity: dot(q, docVectors[j]!),
        })),
        weight: this.config.weight,
        minSimilarity: this.config.minSimilarity,
      });
    });
    return (text) => matches.get(text);
  }
}
