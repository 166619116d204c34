import type { DomainKnowledge, SourceKind } from '../knowledge/model';
import type { Intent, Retrieved, Understanding } from '../engine/types';
import { cuesOf, SMALL_TALK_WORDS, type Cues } from './cues';
import { productFilterOf, type ProductFilter } from './products';
import type { Query, SearchIndex } from './search/bm25';
import { blend, type SemanticMatch } from './search/blend';
import { clausesOf } from './parts';
import { countriesIn } from './places';
import { settleNearTies } from './ties';
import { normalise, termOf } from './text/analyse';

/** Below this a search hit does not count as "the message is about this entry". */
export const MATCH_CONFIDENCE = 0.5;

/** Everything the engine reads from one message: cues, filters, the search over all entries. */
export interface Reading {
  message: string;
  cues: Cues;
  filter: ProductFilter;
  query: Query;
  results: Retrieved[];
  intent: Intent;
  confidence: number;
  /**
   * A message that asks several things, each answered from its own entry: the reading of each
   * question (see parts.ts). Absent when the message asks one thing, or only one part is answered.
   */
  parts?: Reading[];
  /** Composed as one part of several: the facts alone, without the style's opener and closer. */
  bare?: boolean;
}

/** The small talk left out, so "hi! do you ship to canada?" is read as its question. */
const withoutSmallTalk = (message: string): string => normalise(message).replace(SMALL_TALK_WORDS, ' ');

const termSet = (list: string): Set<string> => new Set(list.split(/\s+/).map(termOf));
/** Shopping words: they say "show me products", not which products. */
export const SHOPPING_TERMS = termSet(
  'under below less than over above more cheaper cheap max maximum sale sales discount discounted offer offers ' +
    'deal deals promo reduced clearance buy purchase order sell stock carry looking search shop shopping recommend ' +
    'suggest price cost dollars pounds euros bucks usd gbp eur special available moment signup per each month ' +
    'monthly year yearly week',
);
/** A query's terms about what is wanted, shopping words and numbers left out. */
export const topicTerms = (terms: string[]): string[] =>
  terms.filter((t) => !SHOPPING_TERMS.has(t) && !/^\d/.test(t));

const SENDING =
  /\b(?:ship|deliver|post|send|mail|courier|arrive|dispatch)\w*|\bget (?:it|them|one|this) to\b/;
/** How much a word of context ("i have small kids") counts against a word of the question. */
const CONTEXT_WEIGHT = 0.5;

/** The query with the words said only as context weighted down. */
function withContext(index: SearchIndex, query: Query, message: string): Query {
  const { questions, context } = clausesOf(message);
  if (!context.length) return query;
  const asked = new Set(questions.flatMap((q) => index.query(q).terms));
  const weights: Record<string, number> = {};
  for (const term of query.terms) if (!asked.has(term)) weights[term] = CONTEXT_WEIGHT;
  return Object.keys(weights).length ? { ...query, weights } : query;
}

/** Below this (the engine's answer threshold) a message may be searched again with its words read widely. */
const WIDEN_BELOW = 0.3;

/** BM25's candidates a semantic match re-ranks (more than are kept: similarity may lift a lower one). */
const BLENDED_CANDIDATES = 10;

/** The message read; with a semantic match (embeddings), the search is BM25 blended with similarity. */
export function read(
  index: SearchIndex,
  knowledge: DomainKnowledge,
  message: string,
  semantic?: SemanticMatch,
): Reading {
  const cues = cuesOf(message);
  const filter = productFilterOf(message);
  // A country named with a word of sending ("do you ship to Canada?") asks about shipping abroad.
  const abroad = countriesIn(message).length > 0 && SENDING.test(normalise(message));
  const query = withContext(index, index.query(abroad ? `${message} international` : message), message);
  let results = settleNearTies(
    semantic ? blend(index.search(query, undefined, BLENDED_CANDIDATES), semantic) : index.search(query),
  );
  if (index.widens && (results[0]?.confidence ?? 0) < WIDEN_BELOW) {
    const wide = settleNearTies(
      index.search(
        withContext(index, index.query(abroad ? `${message} international` : message, true), message),
      ),
    );
    if ((wide[0]?.confidence ?? 0) > (results[0]?.confidence ?? 0)) results = wide;
  }
  const [intent, confidence] = intentOf(index, knowledge, message, query, cues, filter, results);
  return { message, cues, filter, query, results, intent, confidence };
}

function intentOf(
  index: SearchIndex,
  knowledge: DomainKnowledge,
  message: string,
  query: Query,
  cues: Cues,
  filter: ProductFilter,
  results: Retrieved[],
): [Intent, number] {
  const top = results[0];
  const topKind = top && top.confidence >= MATCH_CONFIDENCE ? top.source.kind : null;
  if (cues.email) return ['email', 0.95];
  const bookable = knowledge.appointmentTypes.length > 0 && !cues.notBooking;
  // "Book a call with someone", "talk to someone about a deep clean": a person to talk *about*
  // something is a booking where the business has appointment types; a person instead of the bot
  // ("a real person", "not a bot", "put me through") stays a handoff.
  const wantsBooking = cues.bookingVerb || cues.bookingNoun || cues.aboutSomething || cues.timeWithUs;
  if (cues.handoff && !(bookable && wantsBooking && !cues.insteadOfBot)) return ['handoff', 0.9];
  if (bookable && wantsBooking) return ['booking', 0.85];
  if (!cues.notBooking && (cues.bookingVerb || cues.bookingNoun)) return ['booking', 0.85];
  if (cues.signUp && topKind === 'appointment') return ['booking', 0.75];
  // A stated wish to buy is a purchase; browsing (what is sold, on sale, under a price, the
  // cheapest) is a question, answered with the products all the same (docs/assistant.md).
  if (cues.buy) return ['purchase', 0.85];
  const hasProducts = knowledge.products.length > 0;
  if (hasProducts && (cues.signUp || cues.wantThing) && shoppingKindOf(index, query, results) === 'product') {
    return ['purchase', 0.7];
  }
  // Small talk is small talk when what is left once its words are gone names nothing indexed.
  if (
    (cues.smallTalk || cues.greeting) &&
    !index.query(withoutSmallTalk(message)).terms.some((t) => index.has(t))
  ) {
    return ['chitchat', 0.8];
  }
  if (cues.praise) return ['chitchat', 0.7];
  if (query.terms.length === 0) return ['chitchat', 0.5];
  return ['question', top ? Math.max(0.3, top.confidence) : 0.3];
}

/** What a shopping message is about, without its shopping words ("do you sell bike lights"). */
export function shoppingKindOf(index: SearchIndex, query: Query, results: Retrieved[]): SourceKind | null {
  const shopping = index.search({ ...query, terms: topicTerms(results.length ? query.terms : []) })[0];
  return shopping && shopping.confidence >= MATCH_CONFIDENCE ? shopping.source.kind : null;
}

export const understandingOf = (r: Reading): Understanding => ({
  intent: r.intent,
  confidence: r.confidence,
  email: r.cues.email,
});
