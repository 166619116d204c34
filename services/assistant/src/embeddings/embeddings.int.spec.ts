import type { EngineReply } from '../engine/types';
import type { DomainKnowledge } from '../knowledge/model';
import { createRetrievalEngine, defaultSemantics } from '../retrieval';
import type { RetrievalEngine } from '../retrieval/engine';
import { knowledgeFixture } from '../retrieval/knowledge-fixture';
import { openAiEmbedder } from './client';
import type { EmbeddingsConfig } from './config';
import { EmbeddingSimilarity } from './similarity';
import { startEmbeddingsServer, type EmbeddingsServer } from './test/embeddings-server';

// The optional embeddings against a local OpenAI-compatible server (test/embeddings-server.ts):
// blended into retrieval they find paraphrases BM25 misses; cached per entry content; a failing,
// hanging or wrong server leaves the answer BM25's own, never none.

const knowledge = (): DomainKnowledge => {
  const k = knowledgeFixture();
  return {
    ...k,
    articles: [
      ...k.articles,
      {
        id: 'a-privacy',
        title: 'Privacy notice',
        question: 'How do you handle customer records?',
        answer: 'We never sell customer records and delete them after two years.',
        content: '',
        category: '',
        tags: [],
      },
      {
        id: 'a-payment',
        title: 'Payment methods',
        question: 'Which payment methods do you accept?',
        answer: 'Visa, Mastercard, Apple Pay and Google Pay.',
        content: '',
        category: '',
        tags: [],
      },
    ],
  };
};

async function ask(engine: RetrievalEngine, k: DomainKnowledge, message: string): Promise<EngineReply> {
  const understanding = engine.understand(k, message, []);
  return engine.answer({ knowledge: k, message, history: [], understanding });
}

describe('embeddings blended into retrieval', () => {
  let server: EmbeddingsServer;
  const bm25 = createRetrievalEngine();

  beforeAll(async () => {
    server = await startEmbeddingsServer();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.willAnswer({ kind: 'answer' });
    server.received.length = 0;
  });

  const config = (over: Partial<EmbeddingsConfig> = {}): EmbeddingsConfig => ({
    url: server.url,
    model: 'test-embed',
    apiKey: 'sk-test',
    timeoutMs: 1_000,
    weight: 0.6,
    minSimilarity: 0.1,
    ...over,
  });
  const withEmbeddings = (over: Partial<EmbeddingsConfig> = {}) => {
    const c = config(over);
    const similarity = new EmbeddingSimilarity(openAiEmbedder(c), c);
    return { engine: createRetrievalEngine(defaultSemantics(), similarity), similarity };
  };

  it.each([
    ['is my personal info secure', 'a-privacy'],
    ['can i use my wallet app', 'a-payment'],
  ])('answers "%s" from %s, which BM25 alone does not', async (message, id) => {
    const k = knowledge();
    const alone = await ask(bm25, k, message);
    expect(alone.kind === 'answer' && alone.source?.id === id).toBe(false);

    const { engine, similarity } = withEmbeddings();
    const reply = await ask(engine, k, message);
    expect([reply.kind, reply.source]).toEqual(['answer', { kind: 'article', id }]);
    expect(similarity.last).toMatchObject({ ok: true });
    // The model and key it was configured with, over the OpenAI-compatible route.
    expect(server.received[0]!.body.model).toBe('test-embed');
    expect(server.received[0]!.headers.authorization).toBe('Bearer sk-test');
  });

  it('keeps what BM25 answers well as it was', async () => {
    const k = knowledge();
    const { engine } = withEmbeddings();
    for (const message of ['what is your return policy?', 'are the mugs dishwasher safe?']) {
      expect((await ask(engine, k, message)).source).toEqual((await ask(bm25, k, message)).source);
    }
  });

  it('embeds each entry once, by its content: later messages send only their own words, an edit only what changed', async () => {
    const k = knowledge();
    const { engine } = withEmbeddings();
    await ask(engine, k, 'is my personal info secure');
    const entries = server.texts().filter((t) => t !== 'is my personal info secure');
    expect(entries.length).toBeGreaterThanOrEqual(k.articles.length + k.products.length);

    server.received.length = 0;
    await ask(engine, k, 'can i use my wallet app');
    expect(server.texts()).toEqual(['can i use my wallet app']);

    server.received.length = 0;
    const edited = {
      ...k,
      revision: k.revision + 1,
      articles: k.articles.map((a) => (a.id === 'a-payment' ? { ...a, answer: 'Visa and PayPal only.' } : a)),
    };
    await ask(engine, edited, 'can i use my wallet app');
    const sent = server.texts();
    expect(sent).toContain('can i use my wallet app');
    expect(sent.filter((t) => t.includes('Visa and PayPal only.'))).toHaveLength(1);
    expect(sent).toHaveLength(2);
  });

  it.each([
    ['answers 500', { kind: 'status', status: 500, message: 'model overloaded' } as const, 'provider-error'],
    ['answers one vector short', { kind: 'short' } as const, 'bad-response'],
  ])('answers from BM25 alone when the server %s', async (_, behaviour, reason) => {
    server.willAnswer(behaviour);
    const k = knowledge();
    const { engine, similarity } = withEmbeddings();
    for (const message of ['is my personal info secure', 'what is your return policy?']) {
      const reply = await ask(engine, k, message);
      expect(reply).toEqual(await ask(bm25, k, message));
    }
    expect(similarity.last).toMatchObject({ ok: false, reason });
  });

  it('answers from BM25 alone within the timeout when the server hangs, and uses it once it answers again', async () => {
    server.willAnswer({ kind: 'hang' });
    const k = knowledge();
    const { engine, similarity } = withEmbeddings({ timeoutMs: 300 });
    const started = Date.now();
    const reply = await ask(engine, k, 'is my personal info secure');
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(reply).toEqual(await ask(bm25, k, 'is my personal info secure'));
    expect(similarity.last).toMatchObject({ ok: false, reason: 'timeout' });

    server.willAnswer({ kind: 'answer' });
    // The hanging requests end at the client's own timeout; then the entries are embedded anew.
    await new Promise((r) => setTimeout(r, 400));
    expect((await ask(engine, k, 'is my personal info secure')).source).toEqual({
      kind: 'article',
      id: 'a-privacy',
    });
  });

  it('answers from BM25 alone when nothing listens at the address', async () => {
    const k = knowledge();
    const { engine, similarity } = withEmbeddings({ url: 'http://127.0.0.1:9/v1' });
    expect(await ask(engine, k, 'can i use my wallet app')).toEqual(
      await ask(bm25, k, 'can i use my wallet app'),
    );
    expect(similarity.last).toMatchObject({ ok: false, reason: 'provider-error' });
  });
});
