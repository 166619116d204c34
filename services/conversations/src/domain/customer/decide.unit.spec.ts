import { deciderSpec } from '@parley/testing';
import { customerDecider } from './decide';
import type { CustomerEvent } from './events';
import { CustomerEventType as T } from './events';

const T0 = Date.parse('2030-01-01T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const spec = deciderSpec(customerDecider);
const facts = { customerId: 'c1', accountId: 'a1', domainId: 'd1' };
const registered: CustomerEvent = {
  type: T.Registered,
  data: { ...facts, roomId: 'r1', registeredAt: iso(T0) },
};
const register = { type: 'Register' as const, ...facts, roomId: 'r1', now: T0 };

describe('customer', () => {
  it('registers once, with its room id fixed', () => {
    const state = spec.given([]).when(register).then([registered]);
    expect(state).toMatchObject({ status: 'active', roomIds: ['r1'], email: null });
    spec.given([registered]).when(register).then([]);
  });

  it('refuses anything on a customer that does not exist', () => {
    spec.given([]).when({ type: 'SetEmail', email: 'a@b.co', now: T0 }).thenThrows('CUSTOMER_NOT_FOUND');
  });

  it('sets the email, and records nothing for the same email again', () => {
    const set: CustomerEvent = {
      type: T.EmailSet,
      data: { ...facts, email: 'ann@example.com', setAt: iso(T0) },
    };
    const state = spec
      .given([registered])
      .when({ type: 'SetEmail', email: 'ann@example.com', now: T0 })
      .then([set]);
    expect(state.email).toBe('ann@example.com');
    spec.given([registered, set]).when({ type: 'SetEmail', email: 'ann@example.com', now: T0 }).then([]);
  });

  it('saves only answers that changed; a later answer replaces the earlier', () => {
    const first: CustomerEvent = {
      type: T.AnswersSaved,
      data: {
        ...facts,
        answers: [{ questionId: 'q1', question: 'Size?', answer: 'M', answeredAt: iso(T0) }],
        savedAt: iso(T0),
      },
    };
    spec
      .given([registered])
      .when({ type: 'SaveAnswers', answers: [{ questionId: 'q1', question: 'Size?', answer: 'M' }], now: T0 })
      .then([first]);
    spec
      .given([registered, first])
      .when({ type: 'SaveAnswers', answers: [{ questionId: 'q1', question: 'Size?', answer: 'M' }], now: T0 })
      .then([]);
    const state = spec
      .given([registered, first])
      .when({
        type: 'SaveAnswers',
        answers: [{ questionId: 'q1', question: 'Size?', answer: 'L' }],
        now: T0 + 1,
      })
      .then([
        {
          type: T.AnswersSaved,
          data: {
            ...facts,
            answers: [{ questionId: 'q1', question: 'Size?', answer: 'L', answeredAt: iso(T0 + 1) }],
            savedAt: iso(T0 + 1),
          },
        },
      ]);
    expect(state.answers.q1?.answer).toBe('L');
  });

  it('records where an answer was given: the same answer given in a room’s chat is recorded with the room', () => {
    const m = { questionId: 'q1', question: 'Size?', answer: 'M' };
    const inChat = {
      type: T.AnswersSaved,
      data: { ...facts, answers: [{ ...m, roomId: 'r1', answeredAt: iso(T0) }], savedAt: iso(T0) },
    };
    spec
      .given([registered])
      .when({ type: 'SaveAnswers', answers: [{ ...m, roomId: 'r1' }], now: T0 })
      .then([inChat]);
    spec
      .given([registered, inChat])
      .when({ type: 'SaveAnswers', answers: [{ ...m, roomId: 'r1' }], now: T0 })
      .then([]);
    const state = spec
      .given([registered, inChat])
      .when({ type: 'SaveAnswers', answers: [m], now: T0 + 1 })
      .then([
        {
          type: T.AnswersSaved,
          data: { ...facts, answers: [{ ...m, answeredAt: iso(T0 + 1) }], savedAt: iso(T0 + 1) },
        },
      ]);
    expect(state.answers.q1?.roomId).toBeUndefined();
  });

  it('records article feedback', () => {
    spec
      .given([registered])
      .when({ type: 'GiveArticleFeedback', articleId: 'art1', helpful: false, now: T0 })
      .then([
        {
          type: T.ArticleFeedbackGiven,
          data: { ...facts, articleId: 'art1', helpful: false, givenAt: iso(T0) },
        },
      ]);
  });

  it('absorbs another customer’s rooms once, and is merged into another once', () => {
    const absorbed: CustomerEvent = {
      type: T.Absorbed,
      data: { ...facts, fromCustomerId: 'c2', roomIds: ['r2'], at: iso(T0) },
    };
    const state = spec
      .given([registered])
      .when({ type: 'Absorb', fromCustomerId: 'c2', roomIds: ['r2'], now: T0 })
      .then([absorbed]);
    expect(state.roomIds).toEqual(['r1', 'r2']);
    spec
      .given([registered, absorbed])
      .when({ type: 'Absorb', fromCustomerId: 'c2', roomIds: ['r2'], now: T0 })
      .then([]);
    spec.given([registered]).when({ type: 'Absorb', fromCustomerId: 'c2', roomIds: [], now: T0 }).then([]);

    const merged: CustomerEvent = {
      type: T.MergedInto,
      data: { ...facts, intoCustomerId: 'c3', at: iso(T0) },
    };
    const after = spec
      .given([registered])
      .when({ type: 'MergeInto', intoCustomerId: 'c3', now: T0 })
      .then([merged]);
    expect(after).toMatchObject({ status: 'merged', mergedInto: 'c3' });
    spec.given([registered, merged]).when({ type: 'MergeInto', intoCustomerId: 'c3', now: T0 }).then([]);
  });

  it('adds a room opened under a later key once (its registration room is already there)', () => {
    const added: CustomerEvent = { type: T.RoomAdded, data: { ...facts, roomId: 'r5', at: iso(T0) } };
    const state = spec.given([registered]).when({ type: 'AddRoom', roomId: 'r5', now: T0 }).then([added]);
    expect(state.roomIds).toEqual(['r1', 'r5']);
    spec.given([registered, added]).when({ type: 'AddRoom', roomId: 'r5', now: T0 }).then([]);
    spec.given([registered]).when({ type: 'AddRoom', roomId: 'r1', now: T0 }).then([]);
  });
});
