import {
  ces,
  dan,
  deu,
  eng,
  fin,
  fra,
  ita,
  jpn,
  kor,
  nld,
  nob,
  pol,
  por,
  rus,
  spa,
  swe,
  tur,
  ukr,
  zho,
} from 'stopword';

/**
 * The insights panel's key topics: the words the customer used most that an owner would call
 * topics. Contact details, links, numbers and ids are taken out whole before the text is split
 * into words (an address is not the words 'jane', 'example' and 'com'); the little words of the
 * message's own language, greetings and chat filler are left out; a word and its plural count
 * as one. Pure: plain text in (HTML already taken out), topics out.
 */

export interface TopicMessage {
  role: 'user' | 'assistant';
  /** Plain text. */
  text: string;
  isNote?: boolean;
}

/**
 * Greetings, thanks and the verbs of asking, which a stop-word list leaves in; for English also
 * the function words its list lacks (does, when, why, will, not, mine...).
 */
const FILLER: Record<string, string> = {
  eng:
    'does doing done will shall not no yes when why whom whose she hers herself itself its mine yours ' +
    'yourself yourselves ours ourselves theirs themselves myself am im ive id ill dont cant wont isnt ' +
    'doesnt didnt couldnt wouldnt shouldnt thats whats theres ' +
    'hi hello hey hiya thanks thank thx cheers please pls plz ok okay yeah yep nope sure just really ' +
    'maybe perhaps know want wanted wants need needed needs cannot let gets getting going one ones thing ' +
    'things something anything everything nothing someone anyone anybody lot lots bit little every again ' +
    'even already soon today tomorrow yesterday whether wondering wonder question questions ask asking ' +
    'asked help helping tell told say see look looking think thought fine sorry use using used made try ' +
    'trying tried find found dear morning afternoon evening guys folks hope anyway though',
  deu: 'hallo moin servus danke bitte möchte möchten habe hat kann können ja nein gibt guten tag frage fragen',
  fra: 'bonjour bonsoir salut merci voudrais veux peux peut oui non svp besoin savoir question',
  spa: 'hola gracias quiero quisiera puedo puede tengo tiene es son está estoy hay sí favor buenos buenas días cuándo cómo dónde qué pregunta',
  ita: 'ciao salve grazie vorrei voglio posso può sono è buongiorno buonasera domanda',
  por: 'olá oi obrigado obrigada quero gostaria posso pode tenho tem está sim bom boa dia pergunta',
  nld: 'hallo hoi bedankt dank graag wil kan ja nee vraag',
  zho: '你好 您好 谢谢 请问 我想 我要 可以 什么 怎么 是否',
};

const LISTS: Record<string, string[]> = {
  eng,
  deu,
  fra,
  spa,
  ita,
  por,
  nld,
  swe,
  dan,
  nob,
  fin,
  pol,
  ces,
  tur,
  rus,
  ukr,
  jpn,
  zho,
  kor,
};

const STOP_WORDS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries(LISTS).map(([language, list]) => [
    language,
    new Set([...list, ...(FILLER[language]?.split(' ') ?? [])].map((w) => w.toLowerCase())),
  ]),
);
const ENGLISH = STOP_WORDS.get('eng')!;

/** Scripts written without spaces (or in syllables): their words are shorter. */
const DENSE_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
/** Japanese written in hiragana alone is grammar (particles, endings), not a topic. */
const HIRAGANA_ONLY = /^\p{Script=Hiragana}+$/u;

/** "my email is", "e-mail address:" before an address: the words are about the address. */
const EMAIL_LEAD_IN = /\b(?:e-?mail|mail)(?:\s+address)?\s*(?:is\b|:)?\s*(?=\S+@)/giu;
const SCHEME_OR_WWW = /^(?:[a-z][a-z0-9+.-]*:\/\/|www\.)/i;
const TOP_LEVEL_DOMAINS =
  'com|net|org|info|biz|io|co|ai|app|dev|shop|store|online|site|me|tv|uk|us|ca|au|nz|ie|de|at|ch|fr|be|nl|' +
  'lu|es|pt|it|eu|se|no|dk|fi|is|pl|cz|sk|hu|ro|gr|tr|ru|ua|jp|cn|kr|in|br|mx|ar|za';
const BARE_DOMAIN = new RegExp(`^(?:[\\p{L}\\p{N}_-]+\\.)+(?:${TOP_LEVEL_DOMAINS})(?:[/:?#].*)?$`, 'iu');
const EDGE_PUNCTUATION = /^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu;

/**
 * Whether a whitespace-separated piece of text is contact data or an identifier rather than
 * words: an email address or handle, a link or domain, a tag or reference (#...), and, outside
 * the scripts written without spaces, anything with a digit in it (prices, dates, times, phone
 * numbers, order and tracking ids such as ORD-2024-0042 or 1Z999AA1).
 */
function notWords(chunk: string): boolean {
  const bare = chunk.replace(EDGE_PUNCTUATION, '');
  if (!bare) return false;
  if (chunk.includes('@') || chunk.startsWith('#')) return true;
  if (SCHEME_OR_WWW.test(bare) || BARE_DOMAIN.test(bare)) return true;
  return /\p{N}/u.test(bare) && !DENSE_SCRIPT.test(bare);
}

let segmenter: Intl.Segmenter | null | undefined;

interface Found {
  word: string;
  /** First of its sentence, so its capital letter says nothing about the word. */
  opensSentence: boolean;
}

const SENTENCE_END = /[.!?¿¡…。！？]\s*$/u;

/** Words by the browser's word boundaries (which also split Chinese and Japanese); else letters. */
function splitWords(text: string): Found[] {
  if (segmenter === undefined) {
    segmenter =
      typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'word' }) : null;
  }
  const found = segmenter
    ? [...segmenter.segment(text)].filter((s) => s.isWordLike).map((s) => ({ word: s.segment, at: s.index }))
    : [...text.matchAll(/[\p{L}\p{M}\p{N}'’]+/gu)].map((m) => ({ word: m[0], at: m.index }));
  return found.map(({ word, at }) => {
    const before = text.slice(0, at);
    return { word, opensSentence: !before.trim() || SENTENCE_END.test(before) };
  });
}

/**
 * One word as it can count: the possessive 's goes ("customer's"), an elided article goes
 * ("l'adresse", "dell'ordine"), and an English contraction ("don't", "we're") is left with a
 * stub too short to count.
 */
function wordForm(raw: string): string {
  const word = raw.replace(/’/g, "'");
  const at = word.indexOf("'");
  if (at < 0) return word;
  const before = word.slice(0, at);
  const after = word.slice(at + 1);
  if (after.toLowerCase() === 's') return before;
  return before.length <= 4 && !after.includes("'") ? after : '';
}

/** Longer than any word an owner would call a topic (German compounds included): a pasted token or a key held down. */
const MAX_TOPIC_LENGTH = 40;
/** One letter four times in a row ("aaaa", "pleeeease"): a key held down or a shout, not a topic. */
const HELD_KEY = /(\p{L})\1{3}/u;

function longEnough(word: string): boolean {
  return (
    word.length >= (DENSE_SCRIPT.test(word) ? 2 : 3) &&
    word.length <= MAX_TOPIC_LENGTH &&
    !HELD_KEY.test(word)
  );
}

/**
 * The stop words for one message: English always (customers mix it in), and the list of the
 * language whose little words the message uses most, when that beats English. Chosen per
 * message, so "hat" stays a topic in an English message though it is a German stop word.
 */
function stopWordsFor(words: string[]): ReadonlySet<string>[] {
  const lower = words.map((w) => w.toLowerCase());
  const hits = (set: ReadonlySet<string>) => lower.reduce((n, w) => n + (set.has(w) ? 1 : 0), 0);
  const english = hits(ENGLISH);
  let best: ReadonlySet<string> | null = null;
  let bestHits = english;
  for (const [language, set] of STOP_WORDS) {
    if (language === 'eng') continue;
    const n = hits(set);
    if (n > bestHits) {
      best = set;
      bestHits = n;
    }
  }
  return best ? [ENGLISH, best] : [ENGLISH];
}

/**
 * The words of one message that may be topics, as written (a sentence's first word in lower
 * case: its capital is the sentence's).
 */
export function topicWords(text: string): string[] {
  const kept = text
    .replace(EMAIL_LEAD_IN, ' ')
    .split(/\s+/)
    .filter((chunk) => chunk && !notWords(chunk))
    .join(' ');
  const words = splitWords(kept)
    .map((f) => {
      const word = wordForm(f.word);
      return f.opensSentence ? word.toLowerCase() : word;
    })
    .filter((w) => w && !/\p{N}/u.test(w) && longEnough(w) && !HIRAGANA_ONLY.test(w));
  const stop = stopWordsFor(words);
  return words.filter((w) => !stop.some((set) => set.has(w.toLowerCase())));
}

/** The singular a plural of another counted word stands for ("mugs", "boxes", "batteries"). */
function singularAmong(word: string, counted: ReadonlyMap<string, unknown>): string | null {
  const candidates = [
    word.endsWith('ies') ? `${word.slice(0, -3)}y` : null,
    word.endsWith('es') ? word.slice(0, -2) : null,
    word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : null,
  ];
  return candidates.find((c): c is string => !!c && c !== word && counted.has(c)) ?? null;
}

interface Tally {
  count: number;
  /** How often each written form (case kept) was used. */
  forms: Map<string, number>;
}

const mostUsed = (forms: Map<string, number>) =>
  [...forms.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];

/**
 * The name a topic shows with: its most used spelling (of the singular and the plural), in lower
 * case unless the customer always capitalised it (names, German nouns).
 */
function topicName(group: Tally[]): string {
  const byWord = new Map<string, { count: number; forms: Map<string, number> }>();
  for (const tally of group) {
    for (const [form, n] of tally.forms) {
      const key = form.toLowerCase();
      const entry = byWord.get(key) ?? { count: 0, forms: new Map<string, number>() };
      entry.count += n;
      entry.forms.set(form, (entry.forms.get(form) ?? 0) + n);
      byWord.set(key, entry);
    }
  }
  const [word, entry] = [...byWord.entries()].sort(
    (a, b) => b[1].count - a[1].count || a[0].length - b[0].length,
  )[0]!;
  const alwaysCapital = [...entry.forms.keys()].every((f) => f[0] !== f[0]!.toLowerCase());
  return alwaysCapital ? mostUsed(entry.forms) : word;
}

/** The customer's topics, most used first (ties alphabetical); notes and the team's words are not read. */
export function keyTopics(messages: TopicMessage[], limit = 5): string[] {
  const tallies = new Map<string, Tally>();
  for (const m of messages) {
    if (m.role !== 'user' || m.isNote) continue;
    for (const word of topicWords(m.text)) {
      const key = word.toLowerCase();
      const tally = tallies.get(key) ?? { count: 0, forms: new Map<string, number>() };
      tally.count += 1;
      tally.forms.set(word, (tally.forms.get(word) ?? 0) + 1);
      tallies.set(key, tally);
    }
  }
  const groups = new Map<string, Tally[]>();
  for (const [key, tally] of tallies) {
    const root = singularAmong(key, tallies) ?? key;
    groups.set(root, [...(groups.get(root) ?? []), tally]);
  }
  return [...groups.entries()]
    .map(([root, group]) => ({ root, count: group.reduce((n, t) => n + t.count, 0), name: topicName(group) }))
    .sort((a, b) => b.count - a.count || a.root.localeCompare(b.root))
    .slice(0, limit)
    .map((t) => t.name);
}
