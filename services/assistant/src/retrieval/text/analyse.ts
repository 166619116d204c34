import { CONCEPTS } from './concepts';
import { stem } from './stemmer';
import { PHRASES, synonymOf } from './synonyms';

/**
 * Words that carry no topic: function words and the politeness and filler visitors wrap their
 * questions in ("hi, could you please tell me…"). Removing them keeps a message's score about
 * what it asks.
 */
export const STOP_WORDS = new Set(
  (
    'a an the and or but if then so of to in on at by for with from into onto about as is are was were be been ' +
    'being am do does did doing done have has had having i me my mine we us our ours you your yours u ur r he ' +
    'him his she her it its they them their this that these those there here what which who whom whose when ' +
    'where why how can could would should will shall may might must just also too very really quite please ' +
    'pls plz hi hello hey hiya yo thanks thank thx ok okay yes no not dont doesnt didnt cant wont im ive id ' +
    'youre its thats whats theres hows any anything some something all get got know tell want wanted like ' +
    'would need needs needed one ones thing things guys bit lot much many more most other else still even ' +
    'again now today tomorrow yesterday week ago soon way sure well actually maybe tbh lol haha right mean ' +
    'wondering wonder question help let make makes ' +
    // Everyday verbs that go with any topic ("can I put…", "do you take…").
    'take takes put puts come go goes going see use using try keep give find'
  ).split(/\s+/),
);

/**
 * Chat spellings, written out ("appt" → "appointment", "tmrw" → "tomorrow", "wanna" → "want to"),
 * so every reader of a message (search, cues, the split into questions) sees the words. Only
 * forms with one reading; digits alone ("4", "2") are left as they are.
 */
const CHAT_SPELLINGS: Record<string, string> = {
  u: 'you',
  ya: 'you',
  r: 'are',
  ur: 'your',
  appt: 'appointment',
  appts: 'appointments',
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  tmrow: 'tomorrow',
  '2moro': 'tomorrow',
  '2morrow': 'tomorrow',
  '2day': 'today',
  '2nite': 'tonight',
  tonite: 'tonight',
  wknd: 'weekend',
  wkend: 'weekend',
  hrs: 'hours',
  mins: 'minutes',
  ppl: 'people',
  rn: 'right now',
  b4: 'before',
  l8r: 'later',
  gr8: 'great',
  pw: 'password',
  pwd: 'password',
  acct: 'account',
  deets: 'details',
  pics: 'photos',
  pic: 'photo',
  msg: 'message',
  txt: 'text',
  convo: 'conversation',
  gonna: 'going to',
  wanna: 'want to',
  gotta: 'have to',
  lemme: 'let me',
  gimme: 'give me',
  cos: 'because',
  coz: 'because',
  cuz: 'because',
  tho: 'though',
  smth: 'something',
  sth: 'something',
  thru: 'through',
  nite: 'night',
  pmt: 'payment',
  qty: 'quantity',
  govt: 'government',
};
const CHAT_SPELLING = new RegExp(
  `(?<![\\p{L}\\p{N}@.])(?:${Object.keys(CHAT_SPELLINGS).join('|')})(?![\\p{L}\\p{N}@.])`,
  'gu',
);

/** How many texts' readings are kept (normalised, and their words). */
const RECENT_LIMIT = 512;

/** The last texts normalised: a message is normalised by each of its readers (cues, split, search). */
const normalised = new Map<string, string>();

/** Lower case, accents removed, apostrophes dropped ("don't" → "dont"), chat spellings written out. */
export function normalise(text: string): string {
  const cached = normalised.get(text);
  if (cached !== undefined) return cached;
  const out = text
    .normalize('NFKD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(CHAT_SPELLING, (w) => CHAT_SPELLINGS[w] ?? w);
  if (text.length <= 500) {
    if (normalised.size >= RECENT_LIMIT) normalised.delete(normalised.keys().next().value!);
    normalised.set(text, out);
  }
  return out;
}

/** The token a concept's phrase is read as: a digit in it keeps typo correction off it. */
const conceptToken = (name: string): string => `cx0${name}`;

/**
 * Every concept's phrases as one pattern, a group per concept: one scan of the text instead of one
 * per phrase (an index build reads every field of every entry through here).
 */
const PHRASED = CONCEPTS.filter((c) => c.phrases?.length);
const CONCEPT_PHRASES = new RegExp(
  PHRASED.map((c) => `(${c.phrases!.map((p) => p.source).join('|')})`).join('|'),
  'g',
);

/** The text with each concept phrase followed by its token; the phrase's own words stay ("first visit"). */
function withConcepts(text: string): string {
  return text.replace(CONCEPT_PHRASES, (match: string, ...groups: unknown[]) => {
    const i = groups.findIndex((g, j) => j < PHRASED.length && g !== undefined);
    return i >= 0 ? `${match} ${conceptToken(PHRASED[i]!.name)} ` : match;
  });
}

/**
 * Texts read lately, with their words: reading a message reads the same text several times (the
 * whole message, its clauses, its parts), and the concept phrases make each read cost more.
 */
const recent = new Map<string, readonly string[]>();

/**
 * Words of letters or digits, normalised, phrase synonyms and concept phrases applied. Concepts
 * are what visitors say: an entry's long text (its body) is read without them, which keeps an
 * index build of 1,000 entries from scanning every answer for visitor phrasings.
 */
export function words(text: string, concepts = true): string[] {
  if (!concepts) {
    let t = normalise(text);
    for (const [pattern, replacement] of PHRASES) t = t.replace(pattern, replacement);
    return t.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  }
  const cached = recent.get(text);
  if (cached) return [...cached];
  let t = normalise(text);
  for (const [pattern, replacement] of PHRASES) t = t.replace(pattern, replacement);
  const out = withConcepts(t)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (text.length <= 500) {
    if (recent.size >= RECENT_LIMIT) recent.delete(recent.keys().next().value!);
    recent.set(text, out);
  }
  return [...out];
}

/** A word's index term: stemmed and mapped to its synonym group. */
export const termOf = (word: string): string => synonymOf(stem(word));

/** Per term of a concept (its phrase token or one of its visitor words), the owner-side terms it means. */
const CONCEPT_TERMS = new Map<string, string[]>();
for (const c of CONCEPTS) {
  const means = [...new Set(c.means.split(/\s+/).filter(Boolean).map(termOf))];
  for (const key of [conceptToken(c.name), ...(c.words ?? [])].map(termOf)) {
    CONCEPT_TERMS.set(key, [...new Set([...(CONCEPT_TERMS.get(key) ?? []), ...means])]);
  }
}

/** The owner-side terms a visitor's term stands for (concepts.ts); empty for most terms. */
export const conceptTermsOf = (term: string): readonly string[] => CONCEPT_TERMS.get(term) ?? [];

/** The index terms of a text: stop words dropped, stemmed, synonyms merged. */
export function analyse(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) if (!STOP_WORDS.has(w)) out.push(termOf(w));
  return out;
}
