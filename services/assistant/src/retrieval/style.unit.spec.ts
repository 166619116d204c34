import type { DomainConfig } from '@parley/contracts';
import type { EngineReply } from '../engine/types';
import { RetrievalEngine } from './engine';
import { knowledgeFixture } from './knowledge-fixture';
import { dress, sentences } from './wording';

const engine = new RetrievalEngine();
async function ask(config: Partial<DomainConfig>, message: string): Promise<EngineReply> {
  const k = knowledgeFixture({}, config);
  return engine.answer({
    knowledge: k,
    message,
    history: [],
    understanding: engine.understand(k, message, []),
  });
}

const FACT = 'Yes, all our mugs are dishwasher safe.';
const SECOND = 'Gold rims need hand washing.';
const MORE = 'Stoneware is fired at 1240°C.';

describe('wording by personality, tone and response style', () => {
  it('changes the words around the facts, never the facts', async () => {
    const texts = new Set<string>();
    for (const personality of ['professional', 'friendly', 'humorous', 'empathetic'] as const) {
      for (const tone of ['formal', 'casual', 'enthusiastic', 'supportive'] as const) {
        const reply = await ask(
          { personality, tone, responseStyle: 'conversational' },
          'are the mugs dishwasher safe?',
        );
        expect(reply.text).toContain(`${FACT} ${SECOND}`);
        expect(reply.source).toEqual({ kind: 'article', id: 'a-dishwasher' });
        texts.add(reply.text);
      }
    }
    // Every combination reads differently.
    expect(texts.size).toBe(16);
  });

  it('professional and formal sounds formal; humorous and casual does not', async () => {
    const formal = await ask({ personality: 'professional', tone: 'formal' }, 'dishwasher safe?');
    expect(formal.text).toBe(`Certainly. ${FACT} ${SECOND} Please let me know if you need anything further.`);
    const casual = await ask({ personality: 'humorous', tone: 'casual' }, 'dishwasher safe?');
    expect(casual.text).toBe(`Ooh, I know this one! ${FACT} ${SECOND} Anything else?`);
  });

  it('concise keeps only the first sentences and no pleasantries; detailed adds the article body', async () => {
    const concise = dress(
      { ...knowledgeFixture().config!, responseStyle: 'concise' },
      'One. Two costs 3.50 today. Three.',
      MORE,
    );
    expect(concise).toBe('One. Two costs 3.50 today.');
    const detailed = await ask({ responseStyle: 'detailed' }, 'dishwasher safe?');
    expect(detailed.text).toContain(`${FACT} ${SECOND} ${MORE}`);
    const conversational = await ask({ responseStyle: 'conversational' }, 'dishwasher safe?');
    expect(conversational.text).not.toContain(MORE);
  });

  it('splits sentences at stops followed by a capital, not inside numbers', () => {
    expect(sentences('It costs 3.50 here. Then 1.2 kg. done')).toEqual([
      'It costs 3.50 here.',
      'Then 1.2 kg. done',
    ]);
  });
});
