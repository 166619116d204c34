import { optionAvailable } from '@parley/contracts/validation';
import {
  currencyOf,
  type AppointmentTypeItem,
  type DomainKnowledge,
  type ProductItem,
  type SourceKind,
  type SourceRef,
} from '../knowledge/model';
import type { EngineReply, ReplyPart, Retrieved } from '../engine/types';
import { articleLink, labelOf } from './labels';
import { discountedPrice, filters, formatMoney, formatPrice, isOnSale, ordered, passes } from './products';
import type { SearchIndex } from './search/bm25';
import { shippingFacts } from './shipping';
import { MATCH_CONFIDENCE, shoppingKindOf, topicTerms, type Reading } from './understand';
import { splitQuestions } from './parts';
import { normalise, termOf } from './text/analyse';
import { settleKindTie, tied } from './ties';
import { homeCountry } from './places';
import { dress, dressAll, sentences, voice } from './wording';

/** At or above: answer from the best entry. */
export const ANSWER_AT = 0.3;
/** Between this and ANSWER_AT: ask which entry the visitor means; below: offer a person. */
export const CLARIFY_AT = 0.2;
/** A leading entry answers from this confidence when its score is LEAD times the next one's. */
const LEADING_AT = 0.25;
const LEADING_SCORE = 2;
const LEAD = 1.15;

const termsOf = (list: string): Set<string> => new Set(list.split(/\s+/).map(termOf));
/** Booking words: they say "a booking", not which appointment type. */
const BOOKING_TERMS = termsOf(
  'book booking schedule appointment reserve reservation slot meeting call consultation session visit arrange ' +
    'time next week day morning afternoon evening weekend monday tuesday wednesday thursday friday saturday ' +
    'sunday join sign register enrol enroll attend available availability soon',
);
const PRICE_TERM = termOf('price');
const ONLY = (kind: SourceKind) => new Set<SourceKind>([kind]);

const replyOf = (
  kind: EngineReply['kind'],
  text: string,
  r: Reading,
  extra: Partial<EngineReply> = {},
): EngineReply => ({
  kind,
  text,
  source: null,
  link: null,
  productIds: [],
  confidence: r.confidence,
  candidates: r.results.slice(0, 3),
  ...extra,
});

export function compose(index: SearchIndex, k: DomainKnowledge, r: Reading): EngineReply {
  if (r.parts && r.intent === 'question') return answerParts(index, k, r, r.parts);
  switch (r.intent) {
    case 'email':
      return replyOf(
        'answer',
        voice(
          k.config,
          `Thank you. We will reach you at ${r.cues.email}.`,
          `Thanks! We'll get back to you at ${r.cues.email}.`,
        ),
        r,
      );
    case 'handoff':
      return offerPerson(k, r, "I'll ask a person from the team to join this chat.");
    case 'chitchat':
      return replyOf('answer', smallTalk(k, r), r, { confidence: r.confidence });
    case 'booking':
      return booking(index, k, r);
    case 'purchase':
      return products(index, k, r) ?? question(index, k, r);
    case 'question':
      return question(index, k, r);
  }
}

/** The facts as the owner's style dresses them; one part of several gets its first sentences alone. */
const dressed = (k: DomainKnowledge, r: Reading, facts: string, more = ''): string =>
  r.bare ? sentences(facts).slice(0, 2).join(' ') : dress(k.config, facts, more);

/** The intents whose reply can be one answer among others. */
const ANSWERING = new Set<Reading['intent']>(['question', 'purchase', 'booking']);

/**
 * The message's reading with its parts when it asks several things (at most MAX_PARTS) and at
 * least two of them are answered, each from a different entry: then its intent is `question`
 * (unless it gives an email or asks for a person), and `compose` answers every part.
 */
export function partsOf(
  index: SearchIndex,
  k: DomainKnowledge,
  whole: Reading,
  readPart: (text: string) => Reading,
): Reading {
  if (whole.intent === 'email' || whole.intent === 'handoff') return whole;
  const pieces = splitQuestions(whole.message);
  if (pieces.length >= 2) return answeredApart(index, k, whole, pieces, readPart) ?? whole;
  // One question about two things ("do you do nail trims and dental cleaning?"): its two halves,
  // when each is answered from a different entry and the whole is not one entry's subject.
  const halves = conjoined(whole.message);
  if (!halves || whole.intent !== 'question' || (whole.results[0]?.confidence ?? 0) >= 1) return whole;
  return answeredApart(index, k, whole, halves, readPart) ?? whole;
}

/** The message with its parts read apart, when at least two are answered from different entries. */
function answeredApart(
  index: SearchIndex,
  k: DomainKnowledge,
  whole: Reading,
  pieces: string[],
  readPart: (text: string) => Reading,
): Reading | null {
  const parts = pieces.map((text) => ({ ...readPart(text), bare: true }));
  const sources = new Set<string>();
  for (const part of parts) {
    if (!ANSWERING.has(part.intent)) continue;
    const reply = compose(index, k, part);
    if (reply.kind === 'answer' && reply.source) sources.add(`${reply.source.kind}:${reply.source.id}`);
  }
  if (sources.size < 2) return null;
  return { ...whole, intent: 'question', parts };
}

/**
 * A question cut at its one "and" / "or" / "&" / "+": the words before it stay with the first
 * half, and the second half is read on its own ("how much is a deep clean and an oven clean"
 * -> "how much is a deep clean", "an oven clean"); null without exactly one such joint.
 */
function conjoined(message: string): string[] | null {
  const t = normalise(message).replace(/[?!.]+\s*$/, '');
  const joints = [...t.matchAll(/\s+(?:and|or|&|\+)\s+/g)];
  if (joints.length !== 1) return null;
  const at = joints[0]!;
  const first = t.slice(0, at.index).trim();
  const second = t.slice(at.index! + at[0].length).trim();
  return first.split(/\s+/).length >= 2 && second.split(/\s+/).length >= 1 ? [first, second] : null;
}

/** Every part of a message that asks several things, answered in one reply, in the message's order. */
function answerParts(index: SearchIndex, k: DomainKnowledge, r: Reading, parts: Reading[]): EngineReply {
  const replies = parts.map((part) => (ANSWERING.has(part.intent) ? compose(index, k, part) : null));
  const seen = new Set<string>();
  const answered: EngineReply[] = [];
  const listed: ReplyPart[] = parts.map((part, i) => {
    const reply = replies[i];
    const key = reply?.source ? `${reply.source.kind}:${reply.source.id}` : '';
    const fresh = reply?.kind === 'answer' && reply.source !== null && !seen.has(key);
    if (fresh) {
      seen.add(key);
      answered.push(reply);
    }
    return {
      text: part.message,
      kind: fresh || reply?.kind === 'answer' ? 'answer' : (reply?.kind ?? 'offer-person'),
      source: reply?.kind === 'answer' ? reply.source : null,
      confidence: reply?.confidence ?? 0,
    };
  });
  const first = answered[0]!;
  return replyOf(
    'answer',
    dressAll(
      k.config,
      answered.map((a) => a.text),
    ),
    r,
    {
      source: first.source,
      link: answered.find((a) => a.link)?.link ?? null,
      productIds: [...new Set(answered.flatMap((a) => a.productIds))].slice(0, 4),
      confidence: Math.min(...answered.map((a) => a.confidence)),
      parts: listed,
    },
  );
}

function offerPerson(k: DomainKnowledge, r: Reading, text: string): EngineReply {
  return replyOf('offer-person', text, r);
}

function smallTalk(k: DomainKnowledge, r: Reading): string {
  const t = r.message.toLowerCase();
  if (/\b(bye|goodbye|see (you|ya))\b/.test(t))
    return voice(k.config, 'Goodbye, and thank you for visiting.', 'Bye! Have a great day.');
  if (/\b(thanks?|thank you|thx|ty|cheers)\b/.test(t))
    return voice(
      k.config,
      'You are welcome. Is there anything else I can help with?',
      "You're welcome! Anything else I can help with?",
    );
  if (/\b(bot|robot|ai|human|real)\b/.test(t))
    return `I'm the ${k.domain} assistant. I answer from the team's own information, and a person from the team can take over whenever you like.`;
  // Never the welcome message again: the widget shows it above the chat.
  if (r.cues.greeting)
    return voice(k.config, 'Hello again. What can I help you with?', 'Hi again! What can I help you with?');
  return voice(k.config, 'How can I help you today?', 'Happy to chat! What can I help you with?');
}

function question(index: SearchIndex, k: DomainKnowledge, r: Reading): EngineReply {
  // Browsing ("anything on sale?", "any mugs under $30", "your cheapest coffee", "do you sell
  // lights?"): the catalogue, when products match or the message filters it.
  const shopping = r.cues.shop && shoppingKindOf(index, r.query, r.results) === 'product';
  if (k.products.length && (filters(r.filter) || r.filter.order || shopping)) {
    const listed = products(index, k, r);
    if (listed && listed.kind === 'answer') return listed;
  }
  const topic = topicTerms(r.query.terms);
  // "How much does it cost?" names no item: the catalogue is the answer.
  // "What do you sell?", "show me what you've got": the catalogue too.
  if (topic.length === 0 && (r.query.terms.includes(PRICE_TERM) || r.cues.shop) && k.products.length) {
    const listed = products(index, k, r, true);
    if (listed) return listed;
  }
  // "How much are private lessons?": a price asked of something a product is named for goes to
  // the product (articles rarely carry prices), even where an article shares more of the words.
  if (topic.length && r.query.terms.includes(PRICE_TERM) && k.products.length) {
    const topicQuery = { ...r.query, terms: topic };
    const best = index.search(topicQuery)[0];
    const named = index.search(topicQuery, ONLY('product'))[0];
    if (
      named &&
      best &&
      named.confidence >= MATCH_CONFIDENCE &&
      named.confidence >= best.confidence - 0.03 &&
      !quotesAPrice(k, best.source)
    ) {
      const listed = products(index, k, r);
      if (listed && listed.kind === 'answer') return listed;
    }
  }
  const settledTie = settleKindTie(r.results, shopping || r.query.terms.includes(PRICE_TERM));
  if (settledTie.settled) r = { ...r, results: settledTie.results };
  const top = r.results[0];
  if (!top || top.confidence < CLARIFY_AT) {
    return offerPerson(
      k,
      r,
      "I'm not sure I can answer that from what I know. Would you like me to bring in a person from the team?",
    );
  }
  // Several close products are shown as cards together: better than asking which one.
  const next = r.results[1];
  const productsClose = next?.source.kind === 'product' && next.confidence >= CLARIFY_AT;
  if (top.source.kind === 'product' && (productsClose || confident(r.results))) {
    return products(index, k, r) ?? answerFrom(index, k, r, top);
  }
  if (!confident(r.results) || (tied(r.results) && !settledTie.settled))
    return clarify(
      k,
      r,
      r.results.filter((x) => x.confidence >= CLARIFY_AT),
    );
  if (top.source.kind === 'appointment') return appointmentAnswer(k, r, top.source);
  return answerFrom(index, k, r, top);
}

/** The appointment type named like the entry the message is about, when one clearly is. */
function viaSubject(index: SearchIndex, k: DomainKnowledge, r: Reading): SourceRef | null {
  const subject = r.results.find((x) => x.source.kind !== 'appointment' && x.confidence >= ANSWER_AT);
  if (!subject) return null;
  const title = labelOf(k, subject.source);
  const terms = index.query(title).terms.filter((t) => !BOOKING_TERMS.has(t));
  if (!terms.length) return null;
  const [best, next] = index.search({ terms }, ONLY('appointment'));
  if (!best || best.confidence < MATCH_CONFIDENCE) return null;
  return !next || best.score >= 1.2 * next.score ? best.source : null;
}

/** Whether an entry other than a product states an amount itself ("whitening costs £250"): then it answers "how much". */
function quotesAPrice(k: DomainKnowledge, source: SourceRef): boolean {
  const text =
    source.kind === 'article'
      ? k.articles.find((a) => a.id === source.id)?.answer
      : source.kind === 'faq'
        ? k.filterQuestions.find((f) => f.id === source.id)?.answer
        : undefined;
  return text !== undefined && /\d/.test(text);
}

/**
 * Sure enough to answer: the best entry covers most of the message, or it covers a fair part and
 * is well ahead of the next one (the rest of the message is the visitor's own words).
 */
export function confident(results: Retrieved[]): boolean {
  const [top, next] = results;
  if (!top) return false;
  if (top.confidence >= ANSWER_AT) return true;
  return (
    top.confidence >= LEADING_AT && top.score >= LEADING_SCORE && (!next || top.score >= LEAD * next.score)
  );
}

function clarify(k: DomainKnowledge, r: Reading, candidates: Retrieved[]): EngineReply {
  const names = candidates.slice(0, 3).map((c) => labelOf(k, c.source).replace(/[?.!]+$/, ''));
  const list =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
  return replyOf('clarify', `Just to be sure I help with the right thing: do you mean ${list}?`, r, {
    candidates: candidates.slice(0, 3),
    confidence: candidates[0]?.confidence ?? 0,
  });
}

/** The facts of one entry and the extra detail a detailed style may add. */
function factsOf(k: DomainKnowledge, r: Reading, source: SourceRef): { facts: string; more: string } {
  switch (source.kind) {
    case 'article': {
      const a = k.articles.find((x) => x.id === source.id)!;
      return { facts: a.answer, more: a.content };
    }
    case 'faq':
      return { facts: k.filterQuestions.find((x) => x.id === source.id)!.answer, more: '' };
    case 'shipping': {
      const all = k.config
        ? shippingFacts(k.config, r.message, {
            currency: currencyOf(k),
            home: homeCountry(k.config.businessDescription, k.domain, currencyOf(k)),
          })
        : ['Please ask us about shipping.'];
      return { facts: all.slice(0, 2).join(' '), more: all.slice(2).join(' ') };
    }
    case 'business':
      return { facts: k.config?.businessDescription ?? '', more: '' };
    case 'product':
      return {
        facts: productFacts(
          k.products.find((x) => x.id === source.id)!,
          currencyOf(k),
        ),
        more: '',
      };
    case 'appointment': {
      const t = k.appointmentTypes.find((x) => x.id === source.id)!;
      return { facts: `${appointmentLabel(t, currencyOf(k))}: ${t.appointmentType}.`, more: '' };
    }
  }
}

function answerFrom(index: SearchIndex, k: DomainKnowledge, r: Reading, top: Retrieved): EngineReply {
  const { facts, more } = factsOf(k, r, top.source);
  const text = dressed(k, r, facts, more);
  return replyOf('answer', text, r, {
    source: top.source,
    link: top.source.kind === 'article' ? articleLink(k, top.source.id) : null,
    productIds: top.source.kind === 'product' ? [top.source.id] : [],
    confidence: top.confidence,
  });
}

/** "Bike fit (120)", "Demo (free)": the price is all content knows besides the name and type. */
function appointmentLabel(t: AppointmentTypeItem, currency: string): string {
  return `${t.name} (${t.price > 0 ? formatMoney(t.price, currency) : 'free'})`;
}

function productFacts(p: ProductItem, currency: string): string {
  const money = (n: number) => formatMoney(n, currency);
  // The price first: a concise reply keeps two sentences, and the price is what is asked most.
  const price = isOnSale(p)
    ? `${formatPrice(p.discount)}% off: ${money(discountedPrice(p))} instead of ${money(p.price)}.`
    : `${money(p.price)}.`;
  const options = p.variants
    .map((v) => {
      const open = v.options.filter((o) => optionAvailable(v, o)).map((o) => o.value);
      return open.length ? `${v.name}: ${open.join(', ')}.` : '';
    })
    .filter(Boolean)
    .join(' ');
  const description = /[.!?]$/.test(p.description.trim()) ? p.description.trim() : `${p.description.trim()}.`;
  return `${p.name}, ${price} ${description}${options ? ` ${options}` : ''}`;
}

const listLine = (p: ProductItem, currency: string): string =>
  isOnSale(p)
    ? `${p.name} (${formatMoney(discountedPrice(p), currency)}, ${formatPrice(p.discount)}% off)`
    : `${p.name} (${formatMoney(p.price, currency)})`;

const ORDER_WORDS = {
  cheapest: 'cheapest',
  dearest: 'most expensive',
  smallest: 'smallest',
  largest: 'largest',
};

/**
 * Product cards for a shopping message: the products its topic words match (or the whole
 * catalogue when it names none but filters by price or sale), filtered. Null when the message
 * names nothing in the catalogue and sets no filter: then it is not a product question.
 */
function products(index: SearchIndex, k: DomainKnowledge, r: Reading, catalogue = false): EngineReply | null {
  if (!k.products.length) return null;
  const f = r.filter;
  const topic = topicTerms(r.query.terms);
  const matched = topic.length ? index.search({ ...r.query, terms: topic }, ONLY('product'), 50) : [];
  const relevant = matched.filter((m) => m.confidence >= CLARIFY_AT);
  const filtering =
    f.maxPrice !== null ||
    f.minPrice !== null ||
    f.saleOnly ||
    f.order !== null ||
    (f.mentionsDiscount && r.intent === 'purchase');
  const sale = f.saleOnly || f.mentionsDiscount;
  const byId = new Map(k.products.map((p) => [p.id, p]));
  let candidates: ProductItem[];
  if (relevant.length) candidates = relevant.map((m) => byId.get(m.source.id)!).filter(Boolean);
  else if (filtering || catalogue || topic.length === 0) {
    candidates = [...k.products].sort((a, b) =>
      sale ? b.discount - a.discount : discountedPrice(a) - discountedPrice(b),
    );
  } else return null;
  const shown = candidates.filter((p) =>
    passes(p, { ...f, saleOnly: f.saleOnly || (sale && r.intent === 'purchase') }),
  );
  if (f.order && shown.length) {
    const best = ordered(shown, f.order)[0] ?? shown[0]!;
    const facts = `The ${ORDER_WORDS[f.order]} is the ${productFacts(best, currencyOf(k))}`;
    return replyOf('answer', dressed(k, r, facts), r, {
      source: { kind: 'product', id: best.id },
      productIds: [best.id],
      confidence: Math.max(relevant[0]?.confidence ?? 0, MATCH_CONFIDENCE),
    });
  }
  if (!shown.length) {
    return offerPerson(
      k,
      r,
      "I couldn't find a product that matches. Would you like me to ask a person from the team?",
    );
  }
  const single =
    !filtering &&
    !catalogue &&
    relevant.length > 0 &&
    (relevant.length === 1 || relevant[0]!.score >= 1.5 * relevant[1]!.score);
  const cards = single ? shown.slice(0, 1) : shown.slice(0, 4);
  const first = cards[0]!;
  const text = single
    ? dressed(k, r, productFacts(first, currencyOf(k)))
    : dressed(
        k,
        r,
        `Here ${cards.length === 1 ? 'is what I found' : `are ${cards.length} options`}: ${cards.map((p) => listLine(p, currencyOf(k))).join(', ')}.`,
      );
  return replyOf('answer', text, r, {
    source: { kind: 'product', id: first.id },
    productIds: cards.map((p) => p.id),
    confidence: relevant[0]?.confidence ?? r.confidence,
  });
}

function appointmentAnswer(k: DomainKnowledge, r: Reading, source: SourceRef): EngineReply {
  const { facts } = factsOf(k, r, source);
  return replyOf('answer', dressed(k, r, `You can book this in the chat. ${facts}`), r, {
    source,
    confidence: Math.max(r.confidence, MATCH_CONFIDENCE),
  });
}

function booking(index: SearchIndex, k: DomainKnowledge, r: Reading): EngineReply {
  const types = k.appointmentTypes;
  if (!types.length) {
    return offerPerson(
      k,
      r,
      "Bookings aren't available in this chat yet. Would you like me to ask a person from the team?",
    );
  }
  const topic = r.query.terms.filter((t) => !BOOKING_TERMS.has(t));
  const matched = topic.length ? index.search({ ...r.query, terms: topic }, ONLY('appointment')) : [];
  const best = matched[0];
  const clear = best && (matched.length === 1 || best.score >= 1.2 * matched[1]!.score);
  if (clear) return appointmentAnswer(k, r, best.source);
  // "Talk to someone about straightening my teeth": no appointment type shares the words, but the
  // entry the message is about (the Invisalign article) names the one to book.
  const via = viaSubject(index, k, r);
  if (via) return appointmentAnswer(k, r, via);
  if (types.length === 1) return appointmentAnswer(k, r, { kind: 'appointment', id: types[0]!.id });
  const list = types.map((t) => appointmentLabel(t, currencyOf(k)));
  return replyOf(
    'clarify',
    dressed(
      k,
      r,
      `You can book ${list.slice(0, -1).join(', ')} or ${list[list.length - 1]}. Which one would you like?`,
    ),
    r,
    {
      candidates: types
        .slice(0, 3)
        .map((t) => ({ source: { kind: 'appointment', id: t.id }, score: 0, confidence: 0 })),
    },
  );
}
