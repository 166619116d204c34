import { deciderSpec } from '@parley/testing';
import { visitorKeyDecider } from './decide';
import { VisitorKeyEventType as T } from './events';

const T0 = Date.parse('2030-01-01T10:00:00.000Z');
const AT = new Date(T0).toISOString();
const spec = deciderSpec(visitorKeyDecider);
const issue = {
  type: 'IssueKey',
  customerId: 'c1',
  domainId: 'd1',
  visitorId: 'c1',
  email: null,
  now: T0,
} as const;
const issued = {
  type: T.Issued,
  data: {
    customerId: 'c1',
    domainId: 'd1',
    issuedAt: AT,
    roomIds: [],
    answers: [],
    nextRoomId: 'r1',
    visitorId: 'c1',
    email: null,
  },
};
const answer = { questionId: 'q1', question: 'Size?', answer: '10', answeredAt: AT };

describe('visitor key', () => {
  it('is issued to one customer of one domain, reaching what it is given', () => {
    const state = spec
      .given([])
      .when({ ...issue, roomIds: [], answers: [], nextRoomId: 'r1' })
      .then([issued]);
    expect(state).toEqual({
      holder: { customerId: 'c1', domainId: 'd1' },
      roomIds: [],
      answers: {},
      nextRoomId: 'r1',
      visitorId: 'c1',
      email: null,
    });
    const continued = spec
      .given([])
      .when({ ...issue, roomIds: ['r0'], answers: [answer], nextRoomId: 'r1' })
      .then([{ ...issued, data: { ...issued.data, roomIds: ['r0'], answers: [answer] } }]);
    expect(continued.roomIds).toEqual(['r0']);
    expect(continued.answers).toEqual({ q1: answer });
  });

  it('records nothing when issued again to the same customer, and never moves to another', () => {
    const again = { ...issue, roomIds: [], answers: [], nextRoomId: 'r1' };
    spec.given([issued]).when(again).then([]);
    spec
      .given([issued])
      .when({ ...again, customerId: 'c2' })
      .thenThrows('KEY_TAKEN');
  });

  it('opens its fixed room once: a second first message lands in the same room', () => {
    const opened = { type: T.RoomOpened, data: { roomId: 'r1', openedAt: AT } };
    const state = spec
      .given([issued])
      .when({ type: 'OpenRoom', fallbackRoomId: 'other', now: T0 })
      .then([opened]);
    expect(state.roomIds).toEqual(['r1']);
    spec.given([issued, opened]).when({ type: 'OpenRoom', fallbackRoomId: 'other', now: T0 }).then([]);
  });

  it('a key issued before reach was recorded opens the fallback room and reaches nothing before', () => {
    const legacy = { type: T.Issued, data: { customerId: 'c1', domainId: 'd1', issuedAt: AT } };
    const state = spec
      .given([legacy])
      .when({ type: 'OpenRoom', fallbackRoomId: 'r9', now: T0 })
      .then([{ type: T.RoomOpened, data: { roomId: 'r9', openedAt: AT } }]);
    expect(state.roomIds).toEqual(['r9']);
  });

  it('records the answers given under it, only changed ones', () => {
    const given = { questionId: 'q1', question: 'Size?', answer: '10' };
    spec
      .given([issued])
      .when({ type: 'RecordAnswers', answers: [given], now: T0 })
      .then([{ type: T.AnswersRecorded, data: { answers: [answer] } }]);
    spec
      .given([issued, { type: T.AnswersRecorded, data: { answers: [answer] } }])
      .when({ type: 'RecordAnswers', answers: [given], now: T0 })
      .then([]);
  });

  it('continuing another key, keeps the visitor’s own id and takes the email just given', () => {
    const state = spec
      .given([])
      .when({
        ...issue,
        customerId: 'c2',
        roomIds: ['r0'],
        answers: [],
        nextRoomId: 'r1',
        email: 'a@x.example',
      })
      .then([
        { ...issued, data: { ...issued.data, customerId: 'c2', roomIds: ['r0'], email: 'a@x.example' } },
      ]);
    expect(state).toMatchObject({ holder: { customerId: 'c2' }, visitorId: 'c1', email: 'a@x.example' });
  });

  it('records an email written in its chat once; a key from before knew none', () => {
    const given = { type: T.EmailGiven, data: { email: 'b@x.example', givenAt: AT } };
    const state = spec
      .given([issued])
      .when({ type: 'GiveEmail', email: 'b@x.example', now: T0 })
      .then([given]);
    expect(state.email).toBe('b@x.example');
    spec.given([issued, given]).when({ type: 'GiveEmail', email: 'b@x.example', now: T0 }).then([]);
    const legacy = { type: T.Issued, data: { customerId: 'c1', domainId: 'd1', issuedAt: AT } };
    expect(
      spec.given([legacy]).when({ type: 'GiveEmail', email: 'b@x.example', now: T0 }).then([given]),
    ).toMatchObject({
      visitorId: null,
      email: 'b@x.example',
    });
  });

  it('is not found before it was issued', () => {
    spec.given([]).when({ type: 'OpenRoom', fallbackRoomId: 'r1', now: T0 }).thenThrows('CUSTOMER_NOT_FOUND');
  });
});
