import type { EngineReply } from '../engine/types';
import type { DomainKnowledge } from '../knowledge/model';
import { RetrievalEngine } from './engine';
import { knowledgeFixture } from './knowledge-fixture';

async function ask(k: DomainKnowledge, message: string): Promise<EngineReply> {
  const engine = new RetrievalEngine();
  const understanding = engine.understand(k, message, []);
  return engine.answer({ knowledge: k, message, history: [], understanding });
}

/** The fixture with the owner's other ways of asking on one article. */
function withVariants(id: string, questionVariants: string[]): DomainKnowledge {
  const k = knowledgeFixture();
  return {
    ...k,
    revision: 2,
    articles: k.articles.map((a) => (a.id === id ? { ...a, questionVariants } : a)),
  };
}

describe("an article's other ways of asking (question variants)", () => {
  const microwave = 'will it survive the microwave?';

  it('answers a message that shares words only with one of them', async () => {
    const without = await ask(knowledgeFixture(), microwave);
    expect(without.kind === 'answer' && without.source?.id === 'a-dishwasher').toBe(false);

    const reply = await ask(
      withVariants('a-dishwasher', ['can it go in the microwave or the oven?', 'how do I wash it']),
      microwave,
    );
    expect(reply.kind).toBe('answer');
    expect(reply.source).toEqual({ kind: 'article', id: 'a-dishwasher' });
    expect(reply.text).toContain('dishwasher safe');
  });

  it("lets an owner's slang find the article where the article's own words would not", async () => {
    const without = await ask(knowledgeFixture(), 'which shades have you got');
    expect(without.kind === 'answer' && without.source?.id === 'a-glaze').toBe(false);
    const k = withVariants('a-glaze', ['what shades does it come in', 'got it in green?']);
    expect((await ask(k, 'which shades have you got')).source).toEqual({ kind: 'article', id: 'a-glaze' });
  });

  it('leaves the other articles where they were', async () => {
    const k = withVariants('a-dishwasher', ['can it go in the microwave?']);
    expect((await ask(k, 'what is your return policy?')).source).toEqual({
      kind: 'article',
      id: 'a-returns',
    });
    expect((await ask(k, 'which glaze colours do you have?')).source).toEqual({
      kind: 'article',
      id: 'a-glaze',
    });
  });
});
