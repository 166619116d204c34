import { parseDecision } from './decision';
import type { MessagePosted } from '@parley/contracts';
import { decide } from './decide';
import { outcomeFacts, roomFact } from './facts';
import { engine, given, knowledge, visitor } from './policy-spec';
import {
  evolve,
  historyOf,
  initialConversationState,
  RECENT_TURNS,
  storedState,
  type ConversationState,
  type PolicyFact,
} from './state';

const posted = (extra: Partial<MessagePosted>): { type: string; data: MessagePosted } => ({
  type: 'conversations.MessagePosted',
  data: {
    roomId: 'r1',
    audience: { accountId: 'a1', domainId: 'd1', customerId: 'c1', sharedWith: [] },
    messageId: 'id1',
    role: 'user',
    author: 'visitor',
    content: 'hello',
    isNote: false,
    productIds: [],
    postedAt: '2030-01-01T10:00:00.000Z',
    ...extra,
  },
});

describe('policy state: facts from room events', () => {
  it('maps visitor, bot and team messages; leaves out notes and system pills', () => {
    expect(roomFact(posted({}))).toEqual({ type: 'VisitorMessaged', id: 'id1', text: 'hello' });
    expect(roomFact(posted({ author: 'bot', role: 'assistant', clientId: 'm1:reply' }))).toEqual({
      type: 'BotReplied',
      id: 'm1:reply',
      text: 'hello',
      decision: null,
    });
    expect(roomFact(posted({ author: 'team', role: 'assistant', teamMemberId: 'u1' }))).toMatchObject({
      type: 'TeamReplied',
    });
    expect(
      roomFact(posted({ author: 'team', role: 'assistant', isNote: true, noteType: 'internal' })),
    ).toBeNull();
    expect(roomFact(posted({ author: 'system', role: 'assistant' }))).toBeNull();
    expect(roomFact({ type: 'conversations.RoomSeen', data: {} })).toBeNull();
  });

  it('maps live mode changes', () => {
    const data = {
      roomId: 'r1',
      audience: { accountId: 'a1', domainId: 'd1', customerId: 'c1', sharedWith: [] },
      live: true,
      changedBy: 'assistant',
      changedAt: '2030-01-01T10:00:00.000Z',
    };
    expect(roomFact({ type: 'conversations.LiveModeChanged', data })).toEqual({
      type: 'LiveSwitched',
      live: true,
    });
  });
});

describe('policy state: evolve', () => {
  it('applies the same decision twice to the same state (outcome facts, then the events)', () => {
    const turn = decide(initialConversationState, {
      message: { id: 'm1', text: 'a human please ann@example.com' },
      knowledge: knowledge(),
      usage: { allowed: true },
      engine: engine.understands('handoff', { email: 'ann@example.com' }),
    });
    const facts: PolicyFact[] = [visitor('m1', 'a human please'), ...outcomeFacts(turn)];
    const once = facts.reduce(evolve, initialConversationState);
    const twice = facts.reduce(evolve, once);
    expect(twice).toEqual(once);
    expect(once).toMatchObject({ live: true, email: 'ann@example.com', greeted: true });
  });

  it('forgets what the bot waited for when a team member replies', () => {
    const state = given(
      { type: 'BotReplied', id: 'b1', text: 'x', decision: null },
      { type: 'AnswersSaved', questionIds: [] },
    ).state;
    const asked = { ...state, pendingQuestionId: 'q1', unresolvedInARow: 3, offeredPerson: true };
    expect(evolve(asked, { type: 'TeamReplied', id: 't1', text: 'Hi' })).toMatchObject({
      pendingQuestionId: null,
      unresolvedInARow: 0,
      offeredPerson: false,
    });
  });

  it('keeps the last few turns for the engines, oldest first, without the message being answered', () => {
    const facts = Array.from({ length: RECENT_TURNS + 3 }, (_, i) => visitor(`m${i}`, `text ${i}`));
    const state = facts.reduce(evolve, initialConversationState);
    expect(state.recent).toHaveLength(RECENT_TURNS);
    const history = historyOf(state, `m${RECENT_TURNS + 2}`);
    expect(history[0]).toEqual({ from: 'visitor', text: 'text 3' });
    expect(history).toHaveLength(RECENT_TURNS - 1);
  });

  it('reads a state stored before refusals were kept, and an older decision record, as none refused', () => {
    const { declined: _, ...older } = initialConversationState;
    const state = storedState({ ...older, answered: ['q1'] } as Partial<ConversationState>);
    expect(state).toMatchObject({ declined: [], answered: ['q1'] });
    const { declined: __, ...olderRecord } = given().when({ id: 'm1', text: 'hi' }).outcome.decision;
    expect(parseDecision(JSON.parse(JSON.stringify(olderRecord)))?.declined).toEqual([]);
  });
});
