import { engine, given, visitor } from './policy-spec';

describe('policy: a turn the room going live interrupts', () => {
  it('posts nothing and records `aborted`, with the engine’s fallback reason', () => {
    const r = given().when({
      id: 'm1',
      text: 'how long does shipping take?',
      engine: engine.answers('question', 'Shipping takes 3-5 business days.', { fallbackReason: 'aborted' }),
      interrupted: true,
    });
    expect(r.outcome.actions).toEqual([]);
    expect(r.outcome.decision).toMatchObject({
      outcome: 'aborted',
      engine: 'retrieval',
      fallback: 'aborted',
      greeted: false,
    });
    expect(r.outcome.decision.why.join(' ')).toContain('went live');
  });

  it('hands nothing over and asks nothing either, even for a visitor asking for a person', () => {
    const r = given(visitor('m0', 'hi')).when({
      id: 'm1',
      text: 'can I talk to a real person?',
      engine: engine.understands('handoff'),
      interrupted: true,
    });
    expect(r.steps).toEqual([]);
    expect(r.outcome.decision.handoff).toBeNull();
  });

  it('answers as usual when not interrupted (the same input)', () => {
    const r = given().when({
      id: 'm1',
      text: 'how long does shipping take?',
      engine: engine.answers('question', 'Shipping takes 3-5 business days.'),
    });
    expect(r.texts[0]).toBe('Shipping takes 3-5 business days.');
    expect(r.outcome.decision.outcome).toBe('answer');
  });
});
