import type { DomainConfig } from '@parley/contracts';
import { config, engine, given, knowledge, talk, type Say } from './policy-spec';
import { texts } from './texts';

const withHandoff = (handoff: DomainConfig['handoff']) => knowledge({ config: config({ handoff }) });
const unclear = (n: number): Say[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `m${i + 1}`,
    text: `hm thing ${i + 1}?`,
    engine: engine.clarifies(),
  }));

describe('policy: handoff', () => {
  it('hands off when the visitor asks for a person: reply, request handoff, mark mailed, in that order', () => {
    const r = given().when({
      id: 'm1',
      text: 'can I talk to a human',
      engine: engine.understands('handoff'),
    });
    expect(r.steps).toEqual(['post:handoff', 'request-handoff', 'mark-mailed']);
    expect(r.texts).toEqual(['Sure thing! A person from our team will join you here shortly.']);
    expect(r.outcome.actions[1]).toEqual({
      type: 'request-handoff',
      reason: 'The visitor asked for a person',
    });
    expect(r.outcome.decision).toMatchObject({
      outcome: 'handoff',
      intent: 'handoff',
      handoff: { reason: 'asked', setting: 'moderate' },
    });
    expect(r.outcome.decision.why).toContain('handoff: the visitor asked for a person');
  });

  it('outside business hours offers the offline form instead: no handoff, no mail, the bot stays', () => {
    const r = given().when({
      id: 'm1',
      text: 'can I talk to a human',
      engine: engine.understands('handoff'),
      outOfHours: true,
    });
    expect(r.steps).toEqual(['post:offline']);
    expect(r.texts).toEqual([texts.offline]);
    const post = r.outcome.actions[0];
    expect(post?.type === 'post' && JSON.parse(post.link ?? '{}')).toMatchObject({ action: 'offline-form' });
    expect(r.outcome.decision).toMatchObject({ outcome: 'offline-form', handoff: null });
    // The same visitor inside hours is handed off as before.
    const inHours = given().when({
      id: 'm1',
      text: 'can I talk to a human',
      engine: engine.understands('handoff'),
    });
    expect(inHours.steps).toEqual(['post:handoff', 'request-handoff', 'mark-mailed']);
  });

  it('words the handoff in the domain personality', () => {
    const say = { id: 'm1', text: 'agent', engine: engine.understands('handoff') };
    const wording = (['professional', 'friendly', 'humorous', 'empathetic'] as const).map(
      (personality) => given().when(say, knowledge({ config: config({ personality }) })).texts[0],
    );
    expect(new Set(wording).size).toBe(4);
    expect(wording[0]).toBe('Certainly. A member of our team will join this conversation shortly.');
  });

  it.each([
    ['quick', 2],
    ['moderate', 4],
    ['extensive', 6],
  ] as const)('%s: hands off at %i unresolved messages in a row, not before', (setting, threshold) => {
    const turns = talk(withHandoff(setting), unclear(threshold));
    turns.slice(0, -1).forEach((t, i) => {
      expect(t.steps).not.toContain('request-handoff');
      expect(t.outcome.decision.unresolved).toBe(i + 1);
    });
    const last = turns[turns.length - 1]!;
    expect(last.steps).toEqual(['post:handoff', 'request-handoff', 'mark-mailed']);
    expect(last.outcome.decision.handoff).toEqual({ reason: 'setting', setting, threshold });
    expect(last.outcome.actions[1]).toMatchObject({
      reason: 'The assistant could not resolve the visitor’s messages',
    });
  });

  it('uses moderate (4) until the owner saved a configuration', () => {
    const turns = talk(knowledge({ config: null }), unclear(4));
    expect(turns[2]!.steps).not.toContain('request-handoff');
    expect(turns[3]!.outcome.decision.handoff).toMatchObject({ setting: 'moderate', threshold: 4 });
  });

  it('starts counting again after an answer', () => {
    const turns = talk(withHandoff('quick'), [
      { id: 'm1', text: 'hm?', engine: engine.clarifies() },
      { id: 'm2', text: 'shipping time?', engine: engine.answers('question', '3-5 days.') },
      { id: 'm3', text: 'hm?', engine: engine.clarifies() },
    ]);
    expect(turns[1].outcome.decision.unresolved).toBe(0);
    expect(turns[2].steps).not.toContain('request-handoff');
    expect(turns[2].outcome.decision.unresolved).toBe(1);
  });

  it('counts offers of a person and engine failures as unresolved', () => {
    const turns = talk(withHandoff('quick'), [
      { id: 'm1', text: 'x?', engine: engine.offersPerson() },
      { id: 'm2', text: 'y?', engine: engine.fails() },
    ]);
    expect(turns[0].outcome.decision).toMatchObject({
      outcome: 'offer-person',
      unresolved: 1,
      offeredPerson: true,
    });
    expect(turns[1].outcome.decision.handoff).toMatchObject({ reason: 'setting', threshold: 2 });
  });

  it('hands off when the visitor accepts the offer of a person', () => {
    const turns = talk(knowledge(), [
      { id: 'm1', text: 'warranty on refurbished kilns?', engine: engine.offersPerson() },
      { id: 'm2', text: 'yes please', engine: engine.understands('chitchat') },
    ]);
    expect(turns[1].steps).toEqual(['post:handoff', 'request-handoff', 'mark-mailed']);
    expect(turns[1].outcome.decision.handoff?.reason).toBe('offer-accepted');
  });

  it('lets the offer of a person lapse when the visitor writes something else first', () => {
    const turns = talk(knowledge(), [
      { id: 'm1', text: 'warranty on kilns?', engine: engine.offersPerson() },
      { id: 'm2', text: 'never mind, lovely shop', engine: engine.understands('chitchat') },
      { id: 'm3', text: 'yes', engine: engine.understands('chitchat') },
    ]);
    expect(turns[1].outcome.decision.offeredPerson).toBe(false);
    expect(turns[2].steps).not.toContain('request-handoff');
  });

  it('does not take "yes" for a person when no person was offered', () => {
    const turns = talk(knowledge(), [
      { id: 'm1', text: 'hm?', engine: engine.clarifies() },
      { id: 'm2', text: 'yes', engine: engine.clarifies() },
    ]);
    expect(turns[1].steps).not.toContain('request-handoff');
  });

  it.each(['quick', 'moderate'] as const)(
    '%s: hands off when the visitor says the answer did not help',
    (setting) => {
      const turns = talk(withHandoff(setting), [
        {
          id: 'm1',
          text: 'my mug leaks, how to fix?',
          engine: engine.answers('question', 'Tighten the lid.'),
        },
        {
          id: 'm2',
          text: "that didn't help, it still leaks",
          engine: engine.answers('question', 'Tighten the lid.'),
        },
      ]);
      expect(turns[1].steps).toEqual(['post:handoff', 'request-handoff', 'mark-mailed']);
      expect(turns[1].outcome.decision.handoff?.reason).toBe('not-helped');
    },
  );

  it('extensive: "did not help" is one more unresolved message, not a handoff', () => {
    const turns = talk(withHandoff('extensive'), [
      { id: 'm1', text: 'my mug leaks, how to fix?', engine: engine.answers('question', 'Tighten the lid.') },
      { id: 'm2', text: 'did not help', engine: engine.answers('question', 'Tighten the lid.') },
    ]);
    expect(turns[1].steps).not.toContain('request-handoff');
    expect(turns[1].outcome.decision).toMatchObject({ outcome: 'clarify', unresolved: 1 });
  });

  it('hands off when it cannot answer at all: the domain has no knowledge', () => {
    const empty = knowledge({
      config: null,
      articles: [],
      products: [],
      filterQuestions: [],
      appointmentTypes: [],
    });
    const r = given().when({ id: 'm1', text: 'what do you sell?', engine: engine.offersPerson() }, empty);
    expect(r.steps).toEqual(['post:handoff', 'request-handoff', 'mark-mailed']);
    expect(r.outcome.decision.handoff?.reason).toBe('no-knowledge');
  });

  it('still picks up an email given with the request, without thanking for it', () => {
    const r = given().when({
      id: 'm1',
      text: 'human please, I am ann@example.com',
      engine: engine.understands('handoff', { email: 'ann@example.com' }),
    });
    expect(r.steps).toEqual(['set-email', 'post:handoff', 'request-handoff', 'mark-mailed']);
    expect(r.texts).toEqual([texts.handoff(config())]);
  });

  it('forgets the pending question and the count once handed off', () => {
    const turns = talk(knowledge(), [
      { id: 'm1', text: 'hi', engine: engine.understands('chitchat') },
      { id: 'm2', text: 'a person please', engine: engine.understands('handoff') },
    ]);
    expect(turns[1].state).toMatchObject({ live: true, pendingQuestionId: null, unresolvedInARow: 0 });
  });
});
