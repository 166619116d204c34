import type { EngineReply, Retrieved } from '../engine/types';
import type { DomainKnowledge } from '../knowledge/model';
import { ANSWER_AT, CLARIFY_AT, confident } from './compose';
import { RetrievalEngine } from './engine';
import { knowledgeFixture } from './knowledge-fixture';
import { settleNearTies, tied } from './ties';

const engine = new RetrievalEngine();
const k = knowledgeFixture();
const understand = (message: string, knowledge: DomainKnowledge = k) =>
  engine.understand(knowledge, message, []);
async function ask(message: string, knowledge: DomainKnowledge = k): Promise<EngineReply> {
  return engine.answer({ knowledge, message, history: [], understanding: understand(message, knowledge) });
}
const hit = (id: string, score: number, confidence: number): Retrieved => ({
  source: { kind: 'article', id },
  score,
  confidence,
});

describe('intent', () => {
  it.each([
    ['hi! do you ship to canada and how long does it take?', 'question'],
    ['are they dishwaser safe??', 'question'],
    ['can I talk to a human please', 'handoff'],
    ['i want to speak to someone real, not a bot', 'handoff'],
    ['human please', 'handoff'],
    ['I would like to book the pottery workshop', 'booking'],
    ['can we schedule a call about wholesale', 'booking'],
    ['I need to cancel my appointment', 'question'],
    ['I want to buy the teapot', 'purchase'],
    // Browsing is a question (answered with products); purchase is a stated wish to buy.
    ['do you have mugs under $30', 'question'],
    ["what's on sale?", 'question'],
    ['do you sell teapots', 'question'],
    ['do you sell wholesale', 'question'],
    ['hello', 'chitchat'],
    ['thanks, that was really helpful!', 'chitchat'],
    ['are you a robot lol', 'chitchat'],
    ['ok bye', 'chitchat'],
  ])('%s → %s', (message, intent) => {
    expect(understand(message).intent).toBe(intent);
  });

  it('extracts an email address, lower-cased, and calls it an email', () => {
    expect(understand('sure, it is Tom.Baker@Outlook.com')).toEqual({
      intent: 'email',
      confidence: expect.any(Number),
      email: 'tom.baker@outlook.com',
    });
    expect(understand('email me at agent@mail.example').intent).toBe('email');
    expect(understand('how do I change my email?').email).toBeNull();
  });

  it('a booking ask with no appointment types offers a person', async () => {
    const reply = await ask('can I book a meeting', { ...k, appointmentTypes: [] });
    expect(reply.kind).toBe('offer-person');
  });
});

describe('clarify and offer-person thresholds', () => {
  it('answers above ANSWER_AT, or a clear leader above the leading threshold', () => {
    expect(confident([hit('a', 3, ANSWER_AT)])).toBe(true);
    expect(confident([hit('a', 1, ANSWER_AT - 0.01)])).toBe(false);
    expect(confident([hit('a', 8, 0.28), hit('b', 4, 0.25)])).toBe(true);
    expect(confident([hit('a', 8, 0.28), hit('b', 7.5, 0.25)])).toBe(false);
    expect(confident([hit('a', 8, CLARIFY_AT), hit('b', 1, 0.1)])).toBe(false);
    expect(confident([])).toBe(false);
  });

  it('offers a person when nothing in the knowledge fits', async () => {
    const reply = await ask('what is the capital of peru');
    expect(reply.kind).toBe('offer-person');
    expect(reply.source).toBeNull();
  });

  it('asks which one when two unrelated entries fit the message equally (a tie), rather than guess', async () => {
    const twins: DomainKnowledge = {
      ...k,
      domainId: 'dom-twins',
      articles: [
        {
          id: 'a-1',
          title: 'Studio hours',
          question: '',
          answer: 'Thursday to Sunday.',
          content: '',
          category: '',
          tags: [],
        },
        {
          id: 'a-2',
          title: 'Phone hours',
          question: '',
          answer: 'Monday to Friday.',
          content: '',
          category: '',
          tags: [],
        },
      ],
      products: [],
      filterQuestions: [],
      appointmentTypes: [],
    };
    const reply = await ask('hours?', twins);
    expect(reply.kind).toBe('clarify');
    expect(reply.source).toBeNull();
    expect(reply.text).toContain('do you mean Studio hours or Phone hours?');
  });

  it('settles a near-tie by how much of the message each entry covers', () => {
    const near = [hit('a', 10, 0.4), hit('b', 9.8, 0.6)];
    expect(settleNearTies(near).map((r) => r.source.id)).toEqual(['b', 'a']);
    expect(settleNearTies([hit('a', 10, 0.4), hit('b', 8, 0.6)]).map((r) => r.source.id)).toEqual(['a', 'b']);
    expect(tied([hit('a', 10, 0.5), hit('b', 9.9, 0.49)])).toBe(true);
    expect(tied([hit('a', 10, 0.5), hit('b', 9, 0.5)])).toBe(false);
  });

  it('answers a hand-off request with an offer of a person, and small talk without a source', async () => {
    expect((await ask('can I speak to someone from the team')).kind).toBe('offer-person');
    const hello = await ask('hello');
    expect(hello).toMatchObject({ kind: 'answer', source: null });
    // Never the welcome message: the widget shows it above the chat.
    expect(hello.text).not.toContain('Welcome to Mugs!');
  });
});
