import { stem } from './stemmer';

/**
 * Words visitors use for the same thing. Each group maps to its first word; documents and
 * queries go through the same mapping, so either side may use any word of a group. General
 * support and shop vocabulary only: nothing here names one business's items.
 */
const WORD_GROUPS: string[][] = [
  ['ship', 'shipping', 'deliver', 'delivery', 'post', 'postage', 'dispatch', 'courier'],
  ['price', 'cost', 'costs', 'fee', 'fees', 'charge', 'pricing', 'rate', 'expensive', 'cheap', 'cheaper'],
  ['refund', 'return', 'returns', 'reimburse'],
  ['book', 'booking', 'schedule', 'appointment', 'reserve', 'reservation', 'slot'],
  ['meeting', 'call', 'consultation', 'session'],
  ['human', 'person', 'agent', 'someone', 'somebody', 'representative', 'staff', 'operator'],
  ['cancel', 'cancellation', 'terminate'],
  ['broken', 'damaged', 'cracked', 'smashed', 'snapped', 'shattered'],
  ['buy', 'purchase'],
  ['discount', 'sale', 'offer', 'deal', 'promotion', 'promo', 'reduced'],
  ['hours', 'open', 'opening', 'closing'],
  ['location', 'address', 'located', 'based', 'directions'],
  ['pay', 'payment', 'paying', 'paid'],
  ['repair', 'fix', 'mend'],
  ['gift', 'present'],
  ['kid', 'child', 'children', 'son', 'daughter', 'toddler'],
  ['size', 'big', 'capacity', 'large', 'dimension'],
  ['guarantee', 'warranty', 'guaranteed'],
  ['login', 'log', 'signin'],
  ['tyre', 'tire'],
  ['colour', 'color'],
  ['email', 'mail', 'e-mail'],
  ['voucher', 'coupon'],
  ['clean', 'cleaning', 'wash'],
  ['collect', 'collection', 'pickup'],
  ['client', 'customer'],
  ['invoice', 'bill'],
  ['euro', 'eur'],
  ['dollar', 'usd'],
  ['pound', 'gbp'],
];

/** Phrases rewritten before tokenising (their words mean little alone). */
export const PHRASES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bhow much\b/g, 'price'],
  [/\bmoney back\b/g, 'refund'],
  [/\bsend (it|them) back\b/g, 'refund'],
  [/\bwhat time\b/g, 'hours'],
  [/\bwhere is my (order|parcel|package)\b/g, 'track order'],
  [/\bset up\b/g, 'setup'],
  [/\bsign in\b/g, 'login'],
  [/\blog in\b/g, 'login'],
  [/\bwhere are you\b/g, 'location'],
  [/\bgift card(s)?\b/g, 'giftcard'],
  [/\bpick(ed|ing)? (it |them |my \w+ )?up\b/g, 'pickup'],
  [/\bsign(ed|ing)? up\b/g, 'signup'],
  // "Who are you?" and its kin ask about the business itself: one token the business entry carries.
  [/\bwho (are|r) (you|u|ya)\b/g, 'aboutus'],
  [/\bwhat (do|does) (you|u)( guys| folks| all)?( actually| even)? do\b/g, 'aboutus'],
  [/\babout (you|your company|your business|yourselves)\b/g, 'aboutus'],
  [/\bwhat (kinds?|sorts?|types?) of (\w+ )?(do|does) (you|u) (offer|do|provide)\b/g, 'aboutus'],
  [/\bwhat (services|treatments|products) do (you|u) (offer|provide|have)\b/g, 'aboutus'],
];

const canonical = new Map<string, string>();
for (const group of WORD_GROUPS) {
  const head = stem(group[0]!);
  for (const word of group) canonical.set(stem(word), head);
}

/** The group head of a stemmed term (or the term itself). */
export const synonymOf = (stemmed: string): string => canonical.get(stemmed) ?? stemmed;
