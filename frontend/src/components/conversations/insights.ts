import { keyTopics } from './topics';

/**
 * The insights panel's "Conversation metadata" and "Conversation status" (spec, States), derived
 * on the client from the messages. Pure: messages in (their text already plain), facts out.
 * Key topics have their own file (topics.ts).
 */

export interface InsightMessage {
  role: 'user' | 'assistant';
  /** Plain text (HTML already taken out). */
  text: string;
  createdAt: string;
  isNote: boolean;
}

export type ConversationStatus = 'new' | 'in_progress';
export type Sentiment = 'Positive' | 'Negative' | 'Neutral';

/** Notes are the team's own; they are not part of the conversation with the visitor. */
const conversational = (messages: InsightMessage[]) => messages.filter((m) => !m.isNote);

/** new when one message or fewer, otherwise in_progress. */
export function conversationStatus(messages: InsightMessage[]): ConversationStatus {
  return conversational(messages).length <= 1 ? 'new' : 'in_progress';
}

export const OVERVIEW = {
  none: 'No messages yet',
  initial: 'Initial contact',
  liveWithContact: 'Live support requested with contact info',
  live: 'Live support requested',
  ongoing: 'Ongoing conversation',
  early: 'Conversation started',
} as const;

/**
 * The overview line, first rule that holds: initial contact (1 message); live support requested
 * with contact info (live and the customer's email known); live support requested; ongoing
 * conversation (over 5 messages). A short exchange that matches none is "Conversation started".
 */
export function overviewText(
  messages: InsightMessage[],
  live: boolean,
  customerEmail: string | null,
): string {
  const count = conversational(messages).length;
  if (count === 0) return OVERVIEW.none;
  if (count === 1) return OVERVIEW.initial;
  if (live && customerEmail) return OVERVIEW.liveWithContact;
  if (live) return OVERVIEW.live;
  if (count > 5) return OVERVIEW.ongoing;
  return OVERVIEW.early;
}

export const POSITIVE_WORDS = new Set([
  'thanks',
  'thank',
  'great',
  'good',
  'excellent',
  'awesome',
  'perfect',
  'love',
  'helpful',
  'happy',
  'amazing',
  'wonderful',
  'fantastic',
  'appreciate',
  'pleased',
  'glad',
  'nice',
  'works',
  'solved',
  'brilliant',
  'cool',
  'satisfied',
  'easy',
  'fast',
  'quick',
  'best',
]);
export const NEGATIVE_WORDS = new Set([
  'bad',
  'terrible',
  'awful',
  'horrible',
  'angry',
  'broken',
  'problem',
  'issue',
  'wrong',
  'disappointed',
  'hate',
  'worst',
  'slow',
  'refund',
  'complaint',
  'useless',
  'frustrated',
  'annoyed',
  'poor',
  'error',
  'fail',
  'failed',
  'late',
  'missing',
  'damaged',
  'cancel',
  'unhappy',
  'never',
]);

export function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .match(/[\p{L}\p{N}']+/gu)
      ?.map((w) => w.replace(/^'+|'+$/g, '')) ?? []
  );
}

/** The customer's words decide: more positive than negative is Positive, the reverse Negative. */
export function sentiment(messages: InsightMessage[]): Sentiment {
  let positive = 0;
  let negative = 0;
  for (const m of conversational(messages)) {
    if (m.role !== 'user') continue;
    for (const w of words(m.text)) {
      if (POSITIVE_WORDS.has(w)) positive++;
      else if (NEGATIVE_WORDS.has(w)) negative++;
    }
  }
  if (positive > negative) return 'Positive';
  if (negative > positive) return 'Negative';
  return 'Neutral';
}

const time = (m: InsightMessage) => Date.parse(m.createdAt);

/**
 * Average time from a customer's message to the first reply after it (ms); null when nothing
 * was answered yet. Several customer messages in a row count from the first of them.
 */
export function averageResponseMs(messages: InsightMessage[]): number | null {
  const ordered = conversational(messages).sort((a, b) => time(a) - time(b));
  const waits: number[] = [];
  let askedAt: number | null = null;
  for (const m of ordered) {
    if (m.role === 'user') askedAt ??= time(m);
    else if (askedAt !== null) {
      waits.push(Math.max(0, time(m) - askedAt));
      askedAt = null;
    }
  }
  return waits.length ? waits.reduce((a, b) => a + b, 0) / waits.length : null;
}

/** From the first message to the last (ms); null without messages. */
export function conversationDurationMs(messages: InsightMessage[]): number | null {
  const times = conversational(messages)
    .map(time)
    .filter((t) => !Number.isNaN(t));
  return times.length ? Math.max(...times) - Math.min(...times) : null;
}

/** "45s", "3m 20s", "2h 5m", "3d 4h"; an em dash for nothing. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  // The assistant answers within a second: "0s" would read as "not measured".
  if (ms < 1000) return '<1s';
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return s % 60 ? `${m}m ${s % 60}s` : `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 ? `${h}h ${m % 60}m` : `${h}h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d}d ${h % 24}h` : `${d}d`;
}

const ENQUIRY_TYPES: [string, string[]][] = [
  [
    'Order & shipping',
    ['order', 'shipping', 'delivery', 'deliver', 'track', 'tracking', 'package', 'shipped'],
  ],
  [
    'Billing & payment',
    ['payment', 'pay', 'invoice', 'refund', 'charge', 'charged', 'billing', 'price', 'card'],
  ],
  ['Booking', ['book', 'booking', 'appointment', 'schedule', 'meeting', 'call', 'slot']],
  ['Technical support', ['error', 'bug', 'broken', 'crash', 'login', 'password', 'working', 'install']],
  ['Product enquiry', ['product', 'products', 'stock', 'size', 'colour', 'color', 'available', 'buy']],
];

/** The first category whose words the customer used most; 'General enquiry' otherwise. */
export function enquiryType(messages: InsightMessage[]): string {
  const used = new Map<string, number>();
  for (const m of conversational(messages)) {
    if (m.role === 'user') for (const w of words(m.text)) used.set(w, (used.get(w) ?? 0) + 1);
  }
  let best = 'General enquiry';
  let bestScore = 0;
  for (const [label, list] of ENQUIRY_TYPES) {
    const score = list.reduce((sum, w) => sum + (used.get(w) ?? 0), 0);
    if (score > bestScore) {
      best = label;
      bestScore = score;
    }
  }
  return best;
}

export interface ConversationInsights {
  status: ConversationStatus;
  overview: string;
  sentiment: Sentiment;
  avgResponseTime: string;
  conversationDuration: string;
  messageCount: number;
  keyTopics: string[];
  enquiryType: string;
  firstInteractionTime: string | null;
}

export function deriveInsights(
  messages: InsightMessage[],
  live: boolean,
  customerEmail: string | null,
): ConversationInsights {
  const said = conversational(messages);
  const first = said.reduce<InsightMessage | null>((a, m) => (!a || time(m) < time(a) ? m : a), null);
  return {
    status: conversationStatus(messages),
    overview: overviewText(messages, live, customerEmail),
    sentiment: sentiment(messages),
    avgResponseTime: formatDuration(averageResponseMs(messages)),
    conversationDuration: formatDuration(conversationDurationMs(messages)),
    messageCount: said.length,
    keyTopics: keyTopics(messages),
    enquiryType: enquiryType(messages),
    firstInteractionTime: first?.createdAt ?? null,
  };
}
