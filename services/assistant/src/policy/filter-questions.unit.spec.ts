import { knowledge as knowledgeOf, engine, given, knowledge, talk, visitor } from './policy-spec';
import { texts } from './texts';

const hello = { id: 'm1', text: 'hi', engine: engine.understands('chitchat') } as const;
const threeQuestions = knowledgeOf({
  filterQuestions: [
    { id: 'q3', question: 'Where are you based?', answer: 'x' },
    { id: 'q1', question: 'What is your budget?', answer: 'x' },
    { id: 'q2', question: 'Is it a gift?', answer: 'x' },
  ],
});

describe('policy: filter questions', () => {
  it("asks them one at a time in the owner's order, saving each reply as the answer to the question asked", () => {
    const [t1, t2, t3, t4] = talk(threeQuestions, [
      hello,
      { id: 'm2', text: 'Berlin', engine: engine.clarifies() },
      { id: 'm3', text: 'about 40 dollars', engine: engine.answers('question', 'We have mugs under $50.') },
      { id: 'm4', text: 'yes, for my mum', engine: engine.understands('chitchat') },
    ]);
    expect(t1.texts.at(-1)).toBe('Where are you based?');
    expect(t1.outcome.decision.asked).toEqual({ id: 'q3', times: 1 });

    expect(t2.outcome.actions[0]).toEqual({
      type: 'save-answer',
      questionId: 'q3',
      question: 'Where are you based?',
      answer: 'Berlin',
    });
    expect(t2.texts).toEqual(['Thanks! What is your budget?']);
    expect(t2.outcome.decision).toMatchObject({
      outcome: 'filter-answer',
      saved: ['q3'],
      asked: { id: 'q1' },
    });

    expect(t3.steps).toEqual(['save-answer', 'post:ask']);
    expect(t3.texts).toEqual(['Thanks! Is it a gift?']);

    expect(t4.outcome.actions[0]).toMatchObject({
      type: 'save-answer',
      questionId: 'q2',
      answer: 'yes, for my mum',
    });
    expect(t4.texts).toEqual([texts.answersComplete]);
    expect(t4.state.answered).toEqual(['q3', 'q1', 'q2']);
    expect(t4.state.pendingQuestionId).toBeNull();
  });

  it('does not block a real question: answers it first and asks the question again afterwards', () => {
    const [, t2] = talk(knowledge(), [
      hello,
      {
        id: 'm2',
        text: 'how long does shipping take?',
        engine: engine.answers('question', 'Shipping takes 3-5 business days.'),
      },
    ]);
    expect(t2.steps).toEqual(['post:reply', 'post:ask']);
    expect(t2.texts).toEqual(['Shipping takes 3-5 business days.', 'What is your budget?']);
    expect(t2.outcome.decision).toMatchObject({ saved: [], asked: { id: 'q-budget', times: 2 } });
  });

  it('takes a statement as the answer even when the engine could match it to something', () => {
    const r = given(...askedBudget()).when({
      id: 'm2',
      text: 'under 50 bucks',
      engine: engine.answers('question', 'We have mugs under $50.', { confidence: 0.95 }),
    });
    expect(r.steps).toEqual(['save-answer', 'post:ask']);
  });

  it('passes over a question asked twice without a reply and moves on to the next', () => {
    const turns = talk(knowledge(), [
      hello,
      { id: 'm2', text: 'do you ship abroad?', engine: engine.answers('question', 'Yes.') },
      { id: 'm3', text: 'can I pay by card?', engine: engine.answers('question', 'Yes, all cards.') },
    ]);
    const t3 = turns[2];
    expect(t3.texts).toEqual(['Yes, all cards.', 'Is it a gift?']);
    expect(t3.outcome.decision.asked).toEqual({ id: 'q-use', times: 1 });
  });

  it('does not take a booking, purchase, handoff or email message as an answer', () => {
    for (const intent of ['booking', 'purchase', 'handoff'] as const) {
      const r = given(...askedBudget()).when({
        id: 'm2',
        text: 'a meeting',
        engine: engine.understands(intent),
      });
      expect(r.steps).not.toContain('save-answer');
    }
    const r = given(...askedBudget()).when({
      id: 'm2',
      text: 'me@example.com',
      engine: engine.understands('email', { email: 'me@example.com' }),
    });
    expect(r.steps).toEqual(['set-email', 'post:email', 'post:ask']);
  });

  it('does not take a mere "thanks" as an answer', () => {
    const r = given(...askedBudget()).when({
      id: 'm2',
      text: 'thanks!',
      engine: engine.understands('chitchat'),
    });
    expect(r.steps).not.toContain('save-answer');
  });

  it('skips questions the customer answered elsewhere (customer answers saved)', () => {
    const r = given({ type: 'AnswersSaved', questionIds: ['q-budget'] }).when(hello);
    expect(r.texts.at(-1)).toBe('Is it a gift?');
    const all = given({ type: 'AnswersSaved', questionIds: ['q-budget', 'q-use'] }).when(hello);
    expect(all.steps).toEqual(['post:greeting']);
  });

  it('stops waiting for a question the team answered for the customer', () => {
    const state = given(...askedBudget(), { type: 'AnswersSaved', questionIds: ['q-budget'] }).state;
    expect(state.pendingQuestionId).toBeNull();
  });

  it('asks nothing when the domain has no filter questions', () => {
    const r = given().when(hello, knowledgeOf({ filterQuestions: [] }));
    expect(r.steps).toEqual(['post:greeting']);
  });

  it('forgets a question the owner deleted meanwhile', () => {
    const r = given(...askedBudget()).when(
      { id: 'm2', text: 'about 40', engine: engine.clarifies() },
      knowledgeOf({ filterQuestions: [{ id: 'q-use', question: 'Is it a gift?', answer: 'x' }] }),
    );
    expect(r.steps).not.toContain('save-answer');
  });
});

/** The room after the greeting turn that asked q-budget. */
function askedBudget() {
  const [t1] = talk(knowledge(), [hello]);
  return [
    visitor('m1', 'hi'),
    ...t1.posts.map((p) => ({
      type: 'BotReplied' as const,
      id: p.clientId,
      text: p.content,
      decision: p.decision,
    })),
  ];
}
