import { createRetrievalEngine } from '../retrieval';
import { decide } from './decide';
import { outcomeFacts } from './facts';
import { asksForEmail } from './filter-questions';
import { engine, knowledge, talk, visitor, type Said, type Say } from './policy-spec';
import { evolve, initialConversationState } from './state';
import { texts } from './texts';

const EMAIL_QUESTION = 'What is your email address?';
const ROAST_QUESTION = 'Which roast do you prefer?';
/** Issue 10's domain: two filter questions, the first of them the visitor's email. */
const roastery = knowledge({
  filterQuestions: [
    { id: 'q-email', question: EMAIL_QUESTION, answer: 'We only use it to follow up on your order.' },
    {
      id: 'q-roast',
      question: ROAST_QUESTION,
      answer: 'We roast light, medium and dark beans every Monday.',
    },
  ],
});

const hello: Say = { id: 'm1', text: 'Hello!', engine: engine.understands('chitchat') };
const email = (id: string, text: string, address = 'jane@example.com'): Say => ({
  id,
  text,
  engine: engine.understands('email', { email: address }),
});
/** What the engine makes of a message about roasts: the roast question's owner answer, confidently. */
const aboutRoast = (
  id: string,
  text: string,
  { confidence = 0.85, email = null as string | null } = {},
): Say => ({
  id,
  text,
  engine: engine.answers(
    email ? 'email' : 'question',
    'We roast light, medium and dark beans every Monday.',
    {
      source: { kind: 'faq', id: 'q-roast' },
      confidence,
      candidates: [{ source: { kind: 'faq', id: 'q-roast' }, score: 5, confidence }],
      email,
    },
  ),
});
const saves = (t: Said) =>
  t.outcome.actions.flatMap((a) => (a.type === 'save-answer' ? [[a.questionId, a.answer]] : []));
const asked = (turns: readonly Said[], question: string) =>
  turns.flatMap((t) => t.texts).filter((text) => text.includes(question)).length;

describe('policy: a filter question that asks for the email', () => {
  it('is told apart from other questions by what it asks', () => {
    for (const q of [
      EMAIL_QUESTION,
      "What's your e-mail?",
      'Email address?',
      'Which email can we reach you at?',
      'Your email, please',
      'E-mail:',
    ])
      expect(asksForEmail(q)).toBe(true);
    for (const q of [ROAST_QUESTION, 'Can we email you our offers?', 'Do you read our email newsletter?'])
      expect(asksForEmail(q)).toBe(false);
  });

  it('issue 10: each question asked once, the email kept as the email answer, the next reply as the roast answer', () => {
    const turns = talk(roastery, [
      hello,
      email('m2', 'jane@example.com'),
      aboutRoast('m3', 'Dark roast please'),
    ]);
    const [t1, t2, t3] = turns;
    expect(t1.texts.at(-1)).toBe(EMAIL_QUESTION);

    expect(t2.steps).toEqual(['set-email', 'save-answer', 'post:email', 'post:ask']);
    expect(saves(t2)).toEqual([['q-email', 'jane@example.com']]);
    expect(t2.texts).toEqual([texts.emailThanks('jane@example.com'), ROAST_QUESTION]);

    expect(saves(t3)).toEqual([['q-roast', 'Dark roast please']]);
    expect(t3.texts).toEqual([texts.answersComplete]);
    expect(t3.state.answered).toEqual(['q-email', 'q-roast']);
    expect(t3.state.pendingQuestionId).toBeNull();
    expect(asked(turns, EMAIL_QUESTION)).toBe(1);
    expect(asked(turns, ROAST_QUESTION)).toBe(1);
  });

  it('keeps the address alone as the answer, not the words around it', () => {
    const [, t2] = talk(roastery, [hello, email('m2', 'Sure, my email is Jane@Example.com')]);
    expect(saves(t2)).toEqual([['q-email', 'jane@example.com']]);
  });

  it('takes an answer to another question given out of order, and asks for the email again', () => {
    const turns = talk(roastery, [
      hello,
      aboutRoast('m2', 'Dark roast please'),
      email('m3', 'jane@example.com'),
    ]);
    const [, t2, t3] = turns;
    expect(saves(t2)).toEqual([['q-roast', 'Dark roast please']]);
    expect(t2.texts).toEqual([texts.ask(EMAIL_QUESTION, true)]);
    expect(saves(t3)).toEqual([['q-email', 'jane@example.com']]);
    expect(t3.texts).toEqual([texts.emailThanks('jane@example.com')]);
    expect(t3.state.answered.sort()).toEqual(['q-email', 'q-roast']);
    expect(asked(turns, ROAST_QUESTION)).toBe(0);
  });

  it('takes two answers from one message, whichever question is waiting', () => {
    const [, t2] = talk(roastery, [
      hello,
      aboutRoast('m2', 'jane@example.com, and dark roast please', {
        confidence: 0.42,
        email: 'jane@example.com',
      }),
    ]);
    expect(saves(t2)).toEqual([
      ['q-email', 'jane@example.com'],
      ['q-roast', 'dark roast please'],
    ]);
    expect(t2.texts).toEqual([texts.emailThanks('jane@example.com'), texts.answersComplete]);

    // The roast question waiting (the email question was answered in the widget's form).
    const [, r2] = talk(
      roastery,
      [hello, aboutRoast('m2', 'Medium, and my email is jane@example.com', { email: 'jane@example.com' })],
      [{ type: 'AnswersSaved', questionIds: ['q-email'] }],
    );
    expect(saves(r2)).toEqual([
      ['q-email', 'jane@example.com'],
      ['q-roast', 'Medium'],
    ]);
  });

  it('lets the visitor refuse: the question is passed over for good, and the next one asked', () => {
    const turns = talk(roastery, [
      hello,
      { id: 'm2', text: "I'd rather not say", engine: engine.offersPerson() },
      aboutRoast('m3', 'Dark roast please'),
      { id: 'm4', text: 'do you ship on Mondays?', engine: engine.answers('question', 'Yes.') },
    ]);
    const [, t2, t3, t4] = turns;
    expect(saves(t2)).toEqual([]);
    expect(t2.texts).toEqual([texts.skipped, ROAST_QUESTION]);
    expect(t2.outcome.decision).toMatchObject({ declined: ['q-email'], unresolved: 0, offeredPerson: false });
    expect(saves(t3)).toEqual([['q-roast', 'Dark roast please']]);
    expect(t3.texts).toEqual([texts.answersComplete]);
    expect(t4.texts).toEqual(['Yes.']);
    expect(asked(turns, EMAIL_QUESTION)).toBe(1);

    for (const no of ['no', 'No thanks', 'skip', 'prefer not to say', "I don't want to share it"]) {
      const [, r] = talk(roastery, [hello, { id: 'm2', text: no, engine: engine.clarifies() }]);
      expect(r.outcome.decision.declined).toEqual(['q-email']);
    }
    // A plain "no" answers a yes/no question; it refuses only a question for the email.
    const [, gift] = talk(
      knowledge({ filterQuestions: [{ id: 'q-gift', question: 'Is it a gift?', answer: 'x' }] }),
      [hello, { id: 'm2', text: 'no', engine: engine.clarifies() }],
    );
    expect(saves(gift)).toEqual([['q-gift', 'no']]);
  });

  it('does not take something that is not an email as the email: says so and asks again, not twice in a row', () => {
    const turns = talk(roastery, [
      hello,
      { id: 'm2', text: 'jane@example', engine: engine.clarifies() },
      email('m3', 'jane@example.com'),
    ]);
    const [, t2, t3] = turns;
    expect(t2.steps).toEqual(['post:ask']);
    expect(t2.texts).toEqual([texts.notAnEmail(EMAIL_QUESTION)]);
    expect(t2.outcome.decision).toMatchObject({ asked: { id: 'q-email', times: 2 }, saved: [] });
    expect(saves(t3)).toEqual([['q-email', 'jane@example.com']]);

    // After an answer out of order (the email question asked twice now), still said and asked.
    const [, , o3] = talk(roastery, [
      hello,
      aboutRoast('m2', 'Dark roast please'),
      { id: 'm3', text: 'jane@example', engine: engine.clarifies() },
    ]);
    expect(o3.texts).toEqual([texts.notAnEmail(EMAIL_QUESTION)]);

    // Wrong twice in a row: the question is passed over and the next one asked.
    const [, , w3] = talk(roastery, [
      hello,
      { id: 'm2', text: 'jane at example', engine: engine.clarifies() },
      { id: 'm3', text: 'jane@example', engine: engine.clarifies() },
    ]);
    expect(w3.texts).toEqual([texts.noEmailGiven, ROAST_QUESTION]);
    expect(w3.outcome.decision.declined).toEqual(['q-email']);
  });

  it('lets the visitor change an answer: a new email, or "actually ..." about an earlier answer', () => {
    const turns = talk(roastery, [
      hello,
      email('m2', 'jane@example.com'),
      aboutRoast('m3', 'Dark roast please'),
      email('m4', 'actually my email is jane.doe@example.com', 'jane.doe@example.com'),
      aboutRoast('m5', 'Actually, make it medium roast'),
    ]);
    const [, , , t4, t5] = turns;
    expect(t4.steps).toContain('set-email');
    expect(saves(t4)).toEqual([['q-email', 'jane.doe@example.com']]);
    expect(saves(t5)).toEqual([['q-roast', 'Actually, make it medium roast']]);
    expect(t5.texts).toEqual([texts.answerChanged]);
  });

  it('answers the email question with an email the customer gave before, without asking it', () => {
    const [t1] = talk(roastery, [hello], [{ type: 'EmailSet', email: 'jane@example.com' }]);
    expect(saves(t1)).toEqual([['q-email', 'jane@example.com']]);
    expect(t1.texts.at(-1)).toBe(ROAST_QUESTION);
    expect(asked([t1], EMAIL_QUESTION)).toBe(0);
  });

  it('still asks the question after a real question, and keeps the answer when it comes', () => {
    const [, t2, t3] = talk(roastery, [
      hello,
      { id: 'm2', text: 'do you roast to order?', engine: engine.answers('question', 'Every Monday.') },
      email('m3', 'jane@example.com'),
    ]);
    expect(t2.texts).toEqual(['Every Monday.', EMAIL_QUESTION]);
    expect(saves(t3)).toEqual([['q-email', 'jane@example.com']]);
  });
});

describe('policy with the retrieval engine: issue 10’s dialogue', () => {
  /** Each message read by the real retrieval engine, then decided on the room as it stands. */
  async function converse(messages: string[]): Promise<Said[]> {
    const retrieval = createRetrievalEngine();
    let state = initialConversationState;
    const turns: Said[] = [];
    for (const [i, text] of messages.entries()) {
      const id = `m${i + 1}`;
      const understanding = retrieval.understand(roastery, text, []);
      const reply = await retrieval.answer({
        knowledge: roastery,
        message: text,
        history: [],
        understanding,
      });
      const outcome = decide(state, {
        message: { id, text },
        knowledge: roastery,
        usage: { allowed: true },
        engine: { ok: true, engine: 'retrieval', understanding, reply },
      });
      state = [visitor(id, text), ...outcomeFacts(outcome)].reduce(evolve, state);
      const posts = outcome.actions.filter((a) => a.type === 'post');
      turns.push({
        outcome,
        state,
        posts,
        texts: posts.map((p) => p.content),
        steps: outcome.actions.map((a) => (a.type === 'post' ? `post:${a.part}` : a.type)),
      });
    }
    return turns;
  }
  const savedIn = (turns: Said[]) => turns.flatMap(saves);

  it('as reported: email, then "Dark roast please"', async () => {
    const turns = await converse(['Hello', 'jane@example.com', 'Dark roast please']);
    expect(savedIn(turns)).toEqual([
      ['q-email', 'jane@example.com'],
      ['q-roast', 'Dark roast please'],
    ]);
    expect(asked(turns, EMAIL_QUESTION)).toBe(1);
    expect(asked(turns, ROAST_QUESTION)).toBe(1);
  });

  it('out of order, and both in one message', async () => {
    expect(savedIn(await converse(['Hello', 'Dark roast please', 'jane@example.com']))).toEqual([
      ['q-roast', 'Dark roast please'],
      ['q-email', 'jane@example.com'],
    ]);
    expect(savedIn(await converse(['Hello', 'jane@example.com, and dark roast please']))).toEqual([
      ['q-email', 'jane@example.com'],
      ['q-roast', 'dark roast please'],
    ]);
  });

  it('a refusal and an invalid email store nothing', async () => {
    const refused = await converse(['Hello', "I'd rather not say", 'Medium']);
    expect(savedIn(refused)).toEqual([['q-roast', 'Medium']]);
    const invalid = await converse(['Hello', 'jane@example']);
    expect(savedIn(invalid)).toEqual([]);
    expect(invalid[1]!.texts).toEqual([texts.notAnEmail(EMAIL_QUESTION)]);
  });

  it('a changed roast', async () => {
    const turns = await converse([
      'Hello',
      'jane@example.com',
      'Dark roast please',
      'Actually, make it medium roast',
    ]);
    expect(savedIn(turns)).toEqual([
      ['q-email', 'jane@example.com'],
      ['q-roast', 'Dark roast please'],
      ['q-roast', 'Actually, make it medium roast'],
    ]);
    expect(turns.at(-1)!.texts).toEqual([texts.answerChanged]);
  });
});
