import type { DomainConfig } from '@parley/contracts';
import { countriesIn, countriesOf, countryName, within } from './places';
import { formatMoney } from './products';
import { normalise } from './text/analyse';

/** The delivery times the dashboard offers, by the value it stores. */
export const KNOWN_TIMES: Record<string, string> = {
  '1-2': '1-2 business days',
  '3-5': '3-5 business days',
  '5-7': '5-7 business days',
  '7-14': '7-14 business days',
};

const GENERAL_REGIONS = new Set(['domestic', 'domestic_international', 'worldwide']);

/**
 * A cost the owner keyed by a service level rather than a place ("Standard", "Express", "Next
 * day"): the dashboard asks for a cost per region, and owners put their delivery options there.
 */
const SERVICE_LEVEL =
  /^(?:standard|express|economy|economic|priority|next[- ]?day|overnight|same[- ]?day|tracked|signed(?: for)?|first[- ]class|second[- ]class|expedited|ground|rush|two[- ]day|2[- ]day|premium|saver|basic|regular|normal|fast|local(?: delivery)?|courier|click (?:and|&) collect)(?: (?:shipping|delivery|post|postage|mail|service))?$/i;
export const isServiceLevel = (key: string): boolean => SERVICE_LEVEL.test(key.trim());

const listOf = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const levelName = (key: string) =>
  key
    .trim()
    .toLowerCase()
    .replace(/ (?:shipping|delivery|postage|post|mail)$/, '');

const TIME_WORDS = /\b(how long|when|time|days?|fast|quick|quickly|arrive|take|takes|soon|dispatch)\b/;
const COST_WORDS = /\b(how much|cost|costs|price|fee|charge|expensive|postage|free|pay)\b/;

/** Which of the shipping facts a message asks about first. */
type Topic = 'time' | 'cost' | 'where';

/** What the answer needs besides the configuration. */
export interface ShippingContext {
  currency: string;
  /** The business's own country (for "domestic"), when known. */
  home: string | null;
}

/**
 * The shipping answer from the domain configuration, the facts the message asks about first.
 * Returns the sentences in order; the caller's response style decides how many are shown. A
 * country the business does not ship to gets a clear no first; costs keyed by a service level
 * ("Express") are said as that service's cost, not as a place.
 */
export function shippingFacts(
  config: DomainConfig,
  message: string,
  context: ShippingContext = { currency: 'USD', home: null },
): string[] {
  if (!config.shippingEnabled) return ["We don't ship orders at the moment."];
  const money = (n: number) => formatMoney(n, context.currency);
  const t = normalise(message);
  const regions = config.shippingRegions.filter((r) => r !== 'custom' && !isServiceLevel(r));
  const costs = Object.entries(config.shippingCosts);
  const named = costs.filter(([key]) => new RegExp(`\\b${escape(normalise(key).trim())}\\b`).test(t));

  const time =
    KNOWN_TIMES[config.shippingTime] ?? (config.shippingTime !== 'custom' ? config.shippingTime : '');
  const timeSentence = time ? `Delivery takes ${time}.` : null;
  const whereText = whereOf(regions, context.home);
  const whereSentence = whereText ? `We ship ${whereText}.` : null;
  const costOf = ([key, cost]: [string, number]) =>
    isServiceLevel(key) ? `${money(cost)} for ${levelName(key)} shipping` : `${money(cost)} to ${key}`;
  const costSentence = named.length
    ? named
        .map(([key, cost]) =>
          isServiceLevel(key)
            ? `${capital(levelName(key))} shipping costs ${money(cost)}.`
            : `Shipping to ${key} costs ${money(cost)}.`,
        )
        .join(' ')
    : costs.length
      ? `Shipping costs ${listOf(costs.map(costOf))}.`
      : null;
  const freeSentence =
    config.freeShippingThreshold > 0
      ? `Shipping is free on orders over ${money(config.freeShippingThreshold)}.`
      : null;

  const refusal = notShippedTo(t, regions, context.home, whereText);
  if (refusal) return [refusal, ...[timeSentence, costSentence].filter((x): x is string => !!x)];

  const namedPlace = named.some(([key]) => !isServiceLevel(key));
  const order: Topic[] = [];
  if (namedPlace || /\b(to|ship to|deliver to|post to)\b/.test(t)) order.push('where');
  const asksTime = TIME_WORDS.test(t);
  const asksCost = COST_WORDS.test(t) || named.length > 0;
  if (asksCost && (!asksTime || t.search(COST_WORDS) < t.search(TIME_WORDS))) order.push('cost', 'time');
  else order.push('time', 'cost');
  if (!order.includes('where')) order.push('where');

  const out: string[] = [];
  for (const topic of order) {
    if (topic === 'time' && timeSentence) out.push(timeSentence);
    if (topic === 'where' && whereSentence && !namedPlace) out.push(whereSentence);
    if (topic === 'cost') {
      if (costSentence) out.push(costSentence);
      if (freeSentence) out.push(freeSentence);
    }
  }
  if (topicOnlyFree(t) && freeSentence) return [freeSentence, ...out.filter((s) => s !== freeSentence)];
  return out.length ? out : ['Please ask us about shipping to your address.'];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "within the United Kingdom", "to Canada and the European Union", "worldwide"; null when unknown. */
function whereOf(regions: string[], home: string | null): string | null {
  const parts: string[] = [];
  for (const r of regions) {
    if (r === 'domestic') parts.push(home ? `within ${countryName(home)}` : 'within the country');
    else if (r === 'domestic_international') parts.push('within the country and internationally');
    else if (r === 'worldwide') parts.push('worldwide');
  }
  const places = regions.filter((r) => !GENERAL_REGIONS.has(r));
  if (places.length) parts.push(`to ${listOf(places)}`);
  return parts.length ? parts.join(' and ') : null;
}

/**
 * "Sorry, we don't ship to Ireland. We only ship within the United Kingdom." when the message
 * names a country outside every configured region; null when it names none, or when a region
 * is not one this engine can place (a city, "Zone 2"): then it cannot tell.
 */
function notShippedTo(
  t: string,
  regions: string[],
  home: string | null,
  whereText: string | null,
): string | null {
  if (!whereText || regions.some((r) => r === 'worldwide' || r === 'domestic_international')) return null;
  const asked = countriesIn(t);
  if (!asked.length) return null;
  const served: string[] = [];
  for (const r of regions) {
    if (r === 'domestic') {
      if (!home) return null;
      served.push(home);
      continue;
    }
    const countries = countriesOf(r);
    if (!countries) return null;
    served.push(...countries);
  }
  const outside = asked.find((c) => !served.some((s) => within(c, s)));
  if (!outside) return null;
  return `Sorry, we don't ship to ${countryName(outside)}. We only ship ${whereText}.`;
}

const topicOnlyFree = (t: string): boolean => /\bfree (shipping|delivery|postage)\b|\bfor free\b/.test(t);
