import { normalise } from './text/analyse';

/**
 * Countries by the names visitors use for them, so "do you ship to Ireland?" can be answered
 * with a clear no when Ireland is not where the business ships. Each entry: the country, then
 * other names it goes by. Parts of a country that people also call countries (England, Scotland,
 * Wales, Northern Ireland) are their own entries inside the United Kingdom.
 */
const COUNTRIES: ReadonlyArray<readonly string[]> = [
  ['united states', 'usa', 'us', 'america', 'united states of america', 'the states'],
  ['united kingdom', 'uk', 'great britain', 'britain', 'gb'],
  ['england'],
  ['scotland'],
  ['wales'],
  ['northern ireland'],
  ['ireland', 'republic of ireland', 'eire'],
  ['canada'],
  ['mexico'],
  ['australia'],
  ['new zealand'],
  ['france'],
  ['germany'],
  ['spain'],
  ['portugal'],
  ['italy'],
  ['netherlands', 'holland'],
  ['belgium'],
  ['luxembourg'],
  ['switzerland'],
  ['austria'],
  ['denmark'],
  ['sweden'],
  ['norway'],
  ['finland'],
  ['iceland'],
  ['poland'],
  ['czech republic', 'czechia'],
  ['slovakia'],
  ['hungary'],
  ['romania'],
  ['bulgaria'],
  ['greece'],
  ['croatia'],
  ['slovenia'],
  ['serbia'],
  ['estonia'],
  ['latvia'],
  ['lithuania'],
  ['ukraine'],
  ['turkey'],
  ['cyprus'],
  ['malta'],
  ['russia'],
  ['israel'],
  ['united arab emirates', 'uae', 'dubai'],
  ['saudi arabia'],
  ['qatar'],
  ['egypt'],
  ['morocco'],
  ['nigeria'],
  ['kenya'],
  ['south africa'],
  ['india'],
  ['pakistan'],
  ['bangladesh'],
  ['sri lanka'],
  ['china'],
  ['hong kong'],
  ['taiwan'],
  ['japan'],
  ['south korea', 'korea'],
  ['singapore'],
  ['malaysia'],
  ['thailand'],
  ['vietnam'],
  ['indonesia'],
  ['philippines'],
  ['brazil'],
  ['argentina'],
  ['chile'],
  ['colombia'],
  ['peru'],
  ['jamaica'],
  ['puerto rico'],
];

/** Countries that are part of another, for "do you ship to Scotland?" when the UK is served. */
const PART_OF: Record<string, string> = {
  england: 'united kingdom',
  scotland: 'united kingdom',
  wales: 'united kingdom',
  'northern ireland': 'united kingdom',
};

/**
 * Large cities visitors name instead of their country ("do you deliver to London?"), each read as
 * its country (the UK's as their part of it). Names that are also common words (Nice, Reading,
 * Bath, Split) are left out.
 */
const CITIES: Record<string, string> = {
  london: 'england',
  manchester: 'england',
  birmingham: 'england',
  liverpool: 'england',
  leeds: 'england',
  bristol: 'england',
  newcastle: 'england',
  edinburgh: 'scotland',
  glasgow: 'scotland',
  cardiff: 'wales',
  belfast: 'northern ireland',
  dublin: 'ireland',
  cork: 'ireland',
  galway: 'ireland',
  paris: 'france',
  lyon: 'france',
  marseille: 'france',
  berlin: 'germany',
  munich: 'germany',
  hamburg: 'germany',
  frankfurt: 'germany',
  madrid: 'spain',
  barcelona: 'spain',
  lisbon: 'portugal',
  rome: 'italy',
  milan: 'italy',
  amsterdam: 'netherlands',
  rotterdam: 'netherlands',
  brussels: 'belgium',
  zurich: 'switzerland',
  geneva: 'switzerland',
  vienna: 'austria',
  copenhagen: 'denmark',
  stockholm: 'sweden',
  oslo: 'norway',
  helsinki: 'finland',
  warsaw: 'poland',
  prague: 'czech republic',
  budapest: 'hungary',
  athens: 'greece',
  istanbul: 'turkey',
  'new york': 'united states',
  'los angeles': 'united states',
  chicago: 'united states',
  'san francisco': 'united states',
  toronto: 'canada',
  vancouver: 'canada',
  montreal: 'canada',
  sydney: 'australia',
  melbourne: 'australia',
  auckland: 'new zealand',
  tokyo: 'japan',
  mumbai: 'india',
  delhi: 'india',
};

const CANONICAL = new Map<string, string>();
for (const names of COUNTRIES) for (const name of names) CANONICAL.set(name, names[0]!);
for (const [city, country] of Object.entries(CITIES)) CANONICAL.set(city, country);
// Longest first, so "northern ireland" wins over "ireland".
const NAMES = [...CANONICAL.keys()].sort((a, b) => b.length - a.length);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ANY_COUNTRY = new RegExp(`\\b(?:${NAMES.map(escape).join('|')})\\b`, 'g');

/** The countries a text names, by their first name in the list (lower case), in order. */
export function countriesIn(text: string): string[] {
  const t = normalise(text);
  const out: string[] = [];
  for (const m of t.matchAll(ANY_COUNTRY)) {
    const name = m[0];
    // "us" is a word far more often than a country: only in capitals or after "to"/"in".
    if (name === 'us' && !/\b(?:to|in|within|across|the) us\b/.test(t)) continue;
    const country = CANONICAL.get(name)!;
    if (!out.includes(country)) out.push(country);
  }
  return out;
}

/** Whether `country` is `served` or part of it (Scotland is in the United Kingdom). */
export const within = (country: string, served: string): boolean =>
  country === served || PART_OF[country] === served || (REGIONS[served]?.includes(country) ?? false);

const EU = [
  'austria',
  'belgium',
  'bulgaria',
  'croatia',
  'cyprus',
  'czech republic',
  'denmark',
  'estonia',
  'finland',
  'france',
  'germany',
  'greece',
  'hungary',
  'ireland',
  'italy',
  'latvia',
  'lithuania',
  'luxembourg',
  'malta',
  'netherlands',
  'poland',
  'portugal',
  'romania',
  'slovakia',
  'slovenia',
  'spain',
  'sweden',
];
/** Regions owners ship to that are groups of countries. */
const REGIONS: Record<string, string[]> = {
  'european union': EU,
  eu: EU,
  europe: [...EU, 'united kingdom', 'switzerland', 'norway', 'iceland', 'serbia', 'ukraine'],
  'north america': ['united states', 'canada', 'mexico'],
  scandinavia: ['denmark', 'sweden', 'norway'],
};

/**
 * The countries a shipping region the owner typed stands for: itself, or the members of a group
 * ("European Union"); null when it names no country this list knows (a city, "Zone 2").
 */
export function countriesOf(region: string): string[] | null {
  const t = normalise(region).trim();
  if (REGIONS[t]) return [t];
  const named = countriesIn(t);
  return named.length ? named : null;
}

const BY_TLD: Record<string, string> = {
  uk: 'united kingdom',
  ie: 'ireland',
  us: 'united states',
  ca: 'canada',
  au: 'australia',
  nz: 'new zealand',
  de: 'germany',
  fr: 'france',
  es: 'spain',
  it: 'italy',
  nl: 'netherlands',
  be: 'belgium',
  ch: 'switzerland',
  at: 'austria',
  se: 'sweden',
  dk: 'denmark',
  no: 'norway',
  pl: 'poland',
  pt: 'portugal',
};
const BY_CURRENCY: Record<string, string> = {
  USD: 'united states',
  GBP: 'united kingdom',
  CAD: 'canada',
  AUD: 'australia',
  NZD: 'new zealand',
  CHF: 'switzerland',
  SEK: 'sweden',
  DKK: 'denmark',
  NOK: 'norway',
  PLN: 'poland',
  JPY: 'japan',
  INR: 'india',
};

/**
 * The business's own country, for "domestic" shipping: one its description names, else its
 * domain's country ending, else its currency's country; null when none tells.
 */
export function homeCountry(description: string, domain: string, currency: string): string | null {
  const named = countriesIn(description)[0];
  if (named) return PART_OF[named] ?? named;
  const tld = domain.toLowerCase().split('.').pop() ?? '';
  return BY_TLD[tld] ?? BY_CURRENCY[currency] ?? null;
}

const TITLE_WORDS = new Set(['of', 'and', 'the']);
/** "united kingdom" -> "the United Kingdom"; "canada" -> "Canada". */
export function countryName(country: string): string {
  const words = country
    .split(' ')
    .map((w, i) => (i > 0 && TITLE_WORDS.has(w) ? w : w[0]!.toUpperCase() + w.slice(1)));
  const name = words.join(' ');
  return /^(united|netherlands|philippines|czech|republic)/.test(country) ? `the ${name}` : name;
}
