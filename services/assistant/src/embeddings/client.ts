import OpenAI from 'openai';
import type { EmbeddingsConfig } from './config';

/** Why texts could not be embedded; the caller answers from BM25 alone whatever it is. */
export type EmbeddingsFailure = 'timeout' | 'aborted' | 'provider-error' | 'bad-response';

export type Embedded =
  { ok: true; vectors: Float32Array[] } | { ok: false; reason: EmbeddingsFailure; detail: string };

/** Turns texts into vectors; never throws. */
export interface Embedder {
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Embedded>;
}

/** Most texts one request carries (providers cap a request at 2048 inputs; smaller is kinder). */
export const BATCH = 128;

/** An OpenAI-compatible `POST /embeddings` client: one request per batch, no retries, the config's timeout. */
export function openAiEmbedder(config: EmbeddingsConfig): Embedder {
  const client = new OpenAI({
    baseURL: config.url,
    apiKey: config.apiKey ?? 'not-needed',
    timeout: config.timeoutMs,
    // A retry would not fit in the time budget; BM25 is the better second try.
    maxRetries: 0,
    logLevel: 'off',
  });
  return {
    async embed(texts, signal) {
      const vectors: Float32Array[] = [];
      try {
        for (let i = 0; i < texts.length; i += BATCH) {
          const input = texts.slice(i, i + BATCH);
          const res = await client.embeddings.create(
            { model: config.model, input: [...input], encoding_format: 'float' },
            { signal },
          );
          const data = [...(res.data ?? [])].sort((a, b) => a.index - b.index);
          if (
            data.length !== input.length ||
            data.some((d) => !Array.isArray(d.embedding) || !d.embedding.length)
          )
            return {
              ok: false,
              reason: 'bad-response',
              detail: `${data.length} embeddings for ${input.length} texts`,
            };
          for (const d of data) vectors.push(Float32Array.from(d.embedding));
        }
        const width = vectors[0]?.length;
        if (vectors.some((v) => v.length !== width || v.some((x) => !Number.isFinite(x))))
          return { ok: false, reason: 'bad-response', detail: 'vectors of different lengths or not numbers' };
        return { ok: true, vectors };
      } catch (err) {
        if (signal?.aborted) return { ok: false, reason: 'aborted', detail: 'the answer was stopped' };
        const e = err as Error;
        const timedOut = e.name === 'APIConnectionTimeoutError' || /timed? ?out/i.test(e.message);
        return { ok: false, reason: timedOut ? 'timeout' : 'provider-error', detail: e.message };
      }
    },
  };
}
