import type { DomainConfig } from '@parley/contracts';
import { formatPrice } from './products';
import { normalise } from './text/analyse';

/** The delivery times the dashboard offers, by the value it stores. */
export const KNOWN_TIMES: Record<string, string> = {
  '1-2': '1-2 business days',
  '3-5': '3-5 business days',
  '5-7': '5-7 business days',
  '7-14': '7-14 business days',
};

const regionName = (r: string): string =>
  r === 'domestic'
    ? 'within the country'
    : r === 'domestic_international'
      ? 'within the country and internationally'
      : r === 'worldwide'
        ? 'worldwide'
        : r;

const GENERAL_REGIONS = new Set(['domestic', 'domestic_international', 'worldwide']);

const listOf = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

const TIME_WORDS = /\b(how long|when|time|days?|fast|quick|quickly|arrive|take|takes|soon|dispatch)\b/;
const COST_WORDS = /\b(how much|cost|costs|price|fee|charge|expensive|postage|free|pay)\b/;

/** Which of the shipping facts a message asks about first. */
type Topic = 'time' | 'cost' | 'where';

/**
 * The shipping answer from the domain configuration, the facts the message asks about first.
 * Returns the sentences in order; the caller's response style decides how many are shown.
 */
export function shippingFacts(config: DomainConfig, message: string): string[] {
  if (!config.shippingEnabled) return ["We don't ship orders at the moment."];
  const t = normalise(message);
  const regions = config.shippingRegions.filter((r) => r !== 'custom');
  const named = regions.filter((r) => t.includes(normalise(r)));
  const costs = Object.entries(config.shippingCosts);

  const time =
    KNOWN_TIMES[config.shippingTime] ?? (config.shippingTime !== 'custom' ? config.shippingTime : '');
  const timeSentence = time ? `Delivery takes ${time}.` : null;
  const general = regions.filter((r) => GENERAL_REGIONS.has(r)).map(regionName);
  const places = regions.filter((r) => !GENERAL_REGIONS.has(r));
  const whereParts = [...general, ...(places.length ? [`to ${listOf(places)}`] : [])];
  const whereSentence = whereParts.length ? `We ship ${whereParts.join(' and ')}.` : null;
  const namedCosts = costs.filter(([r]) => named.some((n) => normalise(n) === normalise(r)));
  const costSentence = namedCosts.length
    ? namedCosts.map(([r, c]) => `Shipping to ${r} costs ${formatPrice(c)}.`).join(' ')
    : costs.length
      ? `Shipping costs ${listOf(costs.map(([r, c]) => `${formatPrice(c)} to ${r}`))}.`
      : null;
  const freeSentence =
    config.freeShippingThreshold > 0
      ? `Shipping is free on orders over ${formatPrice(config.freeShippingThreshold)}.`
      : null;

  const order: Topic[] = [];
  if (named.length || /\b(to|ship to|deliver to|post to)\b/.test(t)) order.push('where');
  const asksTime = TIME_WORDS.test(t);
  const asksCost = COST_WORDS.test(t);
  if (asksCost && (!asksTime || t.search(COST_WORDS) < t.search(TIME_WORDS))) order.push('cost', 'time');
  else order.push('time', 'cost');
  if (!order.includes('where')) order.push('where');

  const out: string[] = [];
  for (const topic of order) {
    if (topic === 'time' && timeSentence) out.push(timeSentence);
    if (topic === 'where' && whereSentence && !namedCosts.length) out.push(whereSentence);
    if (topic === 'cost') {
      if (costSentence) out.push(costSentence);
      if (freeSentence) out.push(freeSentence);
    }
  }
  if (topicOnlyFree(t) && freeSentence) return [freeSentence, ...out.filter((s) => s !== freeSentence)];
  return out.length ? out : ['Please ask us about shipping to your address.'];
}

const topicOnlyFree = (t: string): boolean => /\bfree (shipping|delivery|postage)\b|\bfor free\b/.test(t);
