import { DOMAIN_SETTINGS_DEFAULTS } from '@parley/contracts';
import { outcomeFacts, roomFact } from './facts';
import { config, engine, given, knowledge, nth, talk, visitor } from './policy-spec';
import { evolve, initialConversationState } from './state';
import { texts } from './texts';

describe('policy: greeting', () => {
  it('answers a first question at once, without repeating the welcome the widget already shows', () => {
    const r = given().when({
      id: 'm1',
      text: 'how long is shipping',
      engine: engine.answers('question', '3-5 days.'),
    });
    expect(r.texts[0]).toBe('3-5 days.');
    expect(r.steps).toEqual(['post:reply', 'post:ask']);
    expect(r.texts).not.toContain('Welcome to Mugs! Ask us anything.');
    expect(r.outcome.decision).toMatchObject({ greeted: false, outcome: 'answer' });
  });

  it('greets a first hello in the domain personality, in words other than the welcome message', () => {
    const k = knowledge({ welcomeMessage: 'Welcome!', config: config({ personality: 'professional' }) });
    const r = given().when({ id: 'm1', text: 'hello', engine: engine.understands('chitchat') }, k);
    expect(r.texts[0]).toBe('Hello. What can I help you with today?');
    expect(r.posts[0]).toMatchObject({ clientId: 'm1:greeting', link: null, productIds: [] });
    expect(r.outcome.decision.why).toContain(
      'first visitor message: greeted (in words other than the welcome message)',
    );
  });

  it("never repeats the widget's welcome, the default one of a new domain included", () => {
    // A new domain: no welcome saved, so the widget shows the default one.
    const fresh = given().when(
      { id: 'm1', text: 'hello', engine: engine.understands('chitchat') },
      knowledge({ welcomeMessage: '', config: null, filterQuestions: [] }),
    );
    expect(fresh.texts).toHaveLength(1);
    expect(fresh.texts[0]).not.toBe(DOMAIN_SETTINGS_DEFAULTS.welcomeMessage);
    expect(fresh.texts[0]).not.toContain('How can we help you today?');
    // An owner whose welcome is the bot's own first wording gets the second one.
    const same = given().when(
      { id: 'm1', text: 'hi', engine: engine.understands('chitchat') },
      knowledge({ welcomeMessage: 'Hi! What can I help you with today?', config: null }),
    );
    expect(same.texts[0]).toBe('Hello again! What would you like to know?');
  });

  it('answers a first "hello" with the greeting, then the first filter question', () => {
    const r = given().when({
      id: 'm1',
      text: 'hello',
      engine: engine.understands('chitchat', { text: 'Hi!' }),
    });
    expect(r.steps).toEqual(['post:greeting', 'post:ask']);
    expect(r.texts).toEqual(['Hi! What can I help you with today?', 'What is your budget?']);
    expect(r.outcome.decision.outcome).toBe('greeting');
  });

  it('does not greet twice: not on the second message', () => {
    const [first, second] = talk(knowledge(), [
      { id: 'm1', text: 'hello', engine: engine.understands('chitchat') },
      { id: 'm2', text: 'how long is shipping?', engine: engine.answers('question', '3-5 days.') },
    ]);
    expect(first.steps[0]).toBe('post:greeting');
    expect(second.steps).not.toContain('post:greeting');
    expect(second.texts[0]).toBe('3-5 days.');
  });

  it('does not greet twice when the bot messages come back as events after being applied at once', () => {
    const first = given().when({ id: 'm1', text: 'hello', engine: engine.understands('chitchat') });
    const applied = [visitor('m1', 'hello'), ...outcomeFacts(first.outcome)].reduce(
      evolve,
      initialConversationState,
    );
    // The same greeting, now read from the room's MessagePosted event (client id echoed).
    const greeting = nth(first.posts, 0);
    const fromEvent = roomFact({
      type: 'conversations.MessagePosted',
      data: {
        roomId: 'r1',
        audience: { accountId: 'a1', domainId: 'd1', customerId: 'c1', sharedWith: [] },
        messageId: 'server-id-1',
        clientId: greeting.clientId,
        role: 'assistant',
        author: 'bot',
        content: greeting.content,
        isNote: false,
        productIds: [],
        decision: JSON.parse(JSON.stringify(greeting.decision)) as Record<string, unknown>,
        postedAt: '2030-01-01T10:00:00.000Z',
      },
    });
    const again = evolve(applied, fromEvent!);
    expect(again).toEqual(applied);
    expect(given(visitor('m1', 'hello')).state.greeted).toBe(false);
    const next = talk(
      knowledge(),
      [{ id: 'm2', text: 'hello?', engine: engine.understands('chitchat') }],
      [visitor('m1', 'hello'), ...outcomeFacts(first.outcome), fromEvent!],
    );
    expect(nth(next, 0).steps).not.toContain('post:greeting');
  });

  it('does not greet a visitor whose second message is decided before the first reply came back', () => {
    // The visitor wrote twice; the service evolved both messages but no bot reply yet.
    const r = given(visitor('m1', 'hello'), visitor('m2', 'anyone?')).when({
      id: 'm2',
      text: 'anyone?',
      engine: engine.understands('chitchat'),
    });
    expect(r.steps).not.toContain('post:greeting');
  });

  it('greets when the state already holds the message being decided (evolved before deciding)', () => {
    const r = given(visitor('m1', 'hello')).when({
      id: 'm1',
      text: 'hello',
      engine: engine.understands('chitchat'),
    });
    expect(r.steps[0]).toBe('post:greeting');
  });

  it('does not greet in a room where the bot already spoke', () => {
    const r = given({ type: 'BotReplied', id: 'b1', text: 'Hello', decision: null }).when({
      id: 'm1',
      text: 'hello',
      engine: engine.understands('chitchat'),
    });
    expect(r.steps).not.toContain('post:greeting');
  });

  it('does not greet when the first message asks for a person: only the handoff is said', () => {
    const r = given().when({ id: 'm1', text: 'human please', engine: engine.understands('handoff') });
    expect(r.texts).toEqual([texts.handoff(config())]);
  });
});
