import {
  averageResponseMs,
  conversationDurationMs,
  conversationStatus,
  deriveInsights,
  enquiryType,
  formatDuration,
  OVERVIEW,
  overviewText,
  sentiment,
  type InsightMessage,
} from './insights';
import { keyTopics } from './topics';

let clock = Date.parse('2026-03-10T10:00:00Z');
function msg(role: 'user' | 'assistant', text: string, afterSeconds = 10, isNote = false): InsightMessage {
  clock += afterSeconds * 1000;
  return { role, text, createdAt: new Date(clock).toISOString(), isNote };
}
beforeEach(() => {
  clock = Date.parse('2026-03-10T10:00:00Z');
});

describe('status: new when one message or fewer, otherwise in_progress', () => {
  it('none and one are new', () => {
    expect(conversationStatus([])).toBe('new');
    expect(conversationStatus([msg('user', 'hi')])).toBe('new');
  });
  it('two are in progress', () =>
    expect(conversationStatus([msg('user', 'hi'), msg('assistant', 'hello')])).toBe('in_progress'));
  it('notes do not count', () =>
    expect(conversationStatus([msg('user', 'hi'), msg('assistant', 'n', 1, true)])).toBe('new'));
});

describe('overview text', () => {
  const two = () => [msg('user', 'hi'), msg('assistant', 'hello')];
  const six = () => [1, 2, 3, 4, 5, 6].map((i) => msg(i % 2 ? 'user' : 'assistant', `m${i}`));
  it('initial contact for one message (even when live)', () =>
    expect(overviewText([msg('user', 'hi')], true, 'a@b.co')).toBe(OVERVIEW.initial));
  it('live with contact info', () =>
    expect(overviewText(two(), true, 'a@b.co')).toBe(OVERVIEW.liveWithContact));
  it('live without contact info', () => expect(overviewText(two(), true, null)).toBe(OVERVIEW.live));
  it('ongoing over 5 messages', () => expect(overviewText(six(), false, null)).toBe(OVERVIEW.ongoing));
  it('exactly 5 messages is not ongoing', () =>
    expect(overviewText(six().slice(0, 5), false, null)).toBe(OVERVIEW.early));
  it('live wins over ongoing', () => expect(overviewText(six(), true, null)).toBe(OVERVIEW.live));
  it('no messages', () => expect(overviewText([], false, null)).toBe(OVERVIEW.none));
});

describe('sentiment: the customer words decide', () => {
  it('positive outnumber negative', () =>
    expect(sentiment([msg('user', 'Thanks, that was great! One small problem.')])).toBe('Positive'));
  it('negative outnumber positive', () =>
    expect(sentiment([msg('user', 'The mug arrived broken and the refund is late. Thanks.')])).toBe(
      'Negative',
    ));
  it('a tie is neutral', () => expect(sentiment([msg('user', 'great but broken')])).toBe('Neutral'));
  it('no sentiment words is neutral', () =>
    expect(sentiment([msg('user', 'Where is my parcel?')])).toBe('Neutral'));
  it('the assistant words do not count', () =>
    expect(sentiment([msg('user', 'ok'), msg('assistant', 'Sorry for the terrible problem')])).toBe(
      'Neutral',
    ));
});

describe('times', () => {
  it('average response: from the first of a run of customer messages to the next reply', () => {
    const list = [
      msg('user', 'a', 0),
      msg('user', 'b', 30),
      msg('assistant', 'c', 30),
      msg('user', 'd', 100),
      msg('assistant', 'e', 20),
    ];
    // (60 s + 20 s) / 2
    expect(averageResponseMs(list)).toBe(40_000);
  });
  it('no reply yet: no average', () => expect(averageResponseMs([msg('user', 'a')])).toBeNull());
  it('notes are not replies', () =>
    expect(averageResponseMs([msg('user', 'a'), msg('assistant', 'n', 5, true)])).toBeNull());
  it('duration from the first to the last message', () => {
    expect(conversationDurationMs([msg('user', 'a', 0), msg('assistant', 'b', 90)])).toBe(90_000);
    expect(conversationDurationMs([])).toBeNull();
  });
  it.each([
    [null, '—'],
    [0, '<1s'],
    [400, '<1s'],
    [1_000, '1s'],
    [45_000, '45s'],
    [200_000, '3m 20s'],
    [120_000, '2m'],
    [7_500_000, '2h 5m'],
    [2 * 86_400_000 + 3_600_000, '2d 1h'],
  ])('formats %p as %p', (ms, text) => expect(formatDuration(ms)).toBe(text));
});

describe('topics and enquiry type', () => {
  it('the customer most used meaningful words, stop words left out', () => {
    const list = [
      msg('user', 'Do you ship mugs to Norway? The mugs are for a gift.'),
      msg('user', 'Mugs shipping cost?'),
    ];
    expect(keyTopics(list)[0]).toBe('mugs');
    expect(keyTopics(list)).not.toContain('the');
  });
  it('enquiry type by the words used', () => {
    expect(enquiryType([msg('user', 'Where is my order? The tracking shows no delivery')])).toBe(
      'Order & shipping',
    );
    expect(enquiryType([msg('user', 'I want to book an appointment')])).toBe('Booking');
    expect(enquiryType([msg('user', 'hello there')])).toBe('General enquiry');
  });
});

it('deriveInsights puts it together', () => {
  const list = [
    msg('user', 'Hi, my order is late'),
    msg('assistant', 'Let me check', 30),
    msg('assistant', 'note', 5, true),
  ];
  expect(deriveInsights(list, false, null)).toMatchObject({
    status: 'in_progress',
    overview: OVERVIEW.early,
    sentiment: 'Negative',
    avgResponseTime: '30s',
    conversationDuration: '30s',
    messageCount: 2,
    enquiryType: 'Order & shipping',
    firstInteractionTime: list[0]!.createdAt,
  });
});
