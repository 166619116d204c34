import type { DomainConfig } from '@parley/contracts';
import { optionAvailable } from '@parley/contracts/validation';
import { currencyOf, type DomainKnowledge, type ProductItem, type SourceRef } from '../knowledge/model';
import { discountedPrice, formatPrice, isOnSale } from '../retrieval/products';
import { KNOWN_TIMES } from '../retrieval/shipping';

/**
 * The domain's facts as plain text for the prompt. Only what the owner entered, worded neutrally:
 * the model may restate these and nothing else, so every number and name it can quote comes from
 * here. No URLs: links and product cards are attached by the system, never written by the model.
 */

/** Keeps one long article from crowding the others out of the prompt. */
const ITEM_CHARS = 1_500;

const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const PRESET_REGIONS: Record<string, string> = {
  domestic: 'domestic',
  domestic_international: 'domestic and international',
  worldwide: 'worldwide',
};
const region = (r: string) => PRESET_REGIONS[r] ?? r;

export function shippingFacts(config: DomainConfig | null): string {
  if (!config?.shippingEnabled) return 'Shipping: the business has not given shipping details.';
  const lines = ['Shipping:'];
  if (config.shippingTime)
    lines.push(`- delivery time: ${KNOWN_TIMES[config.shippingTime] ?? config.shippingTime}`);
  if (config.shippingRegions.length)
    lines.push(`- ships to: ${config.shippingRegions.map(region).join(', ')}`);
  for (const [r, cost] of Object.entries(config.shippingCosts)) {
    lines.push(`- shipping cost (${region(r)}): ${cost === 0 ? 'free' : formatPrice(cost)}`);
  }
  lines.push(
    config.freeShippingThreshold > 0
      ? `- free shipping on orders of ${formatPrice(config.freeShippingThreshold)} or more`
      : '- no free-shipping threshold',
  );
  return lines.join('\n');
}

export function businessFacts(knowledge: DomainKnowledge): string {
  const description = oneLine(knowledge.config?.businessDescription ?? '');
  const lines = [`Business: ${knowledge.domain}`];
  if (knowledge.config) lines.push(`Industry: ${knowledge.config.industry}`);
  lines.push(`Currency of every price and cost: ${currencyOf(knowledge)}`);
  if (description) lines.push(`About the business: ${clip(description, ITEM_CHARS)}`);
  return lines.join('\n');
}

function productText(p: ProductItem): string {
  const parts = [`Product: ${p.name}`];
  if (p.productType) parts.push(`type: ${p.productType}`);
  if (isOnSale(p)) {
    const sale = discountedPrice(p);
    parts.push(
      `price: ${formatPrice(sale)} (${formatPrice(p.discount)}% off the regular ${formatPrice(p.price)})`,
    );
  } else {
    parts.push(`price: ${formatPrice(p.price)}`);
  }
  for (const v of p.variants) {
    const options = v.options.map((o) => {
      const extra = o.priceAdjustment
        ? ` (${o.priceAdjustment > 0 ? '+' : ''}${formatPrice(o.priceAdjustment)})`
        : '';
      const out = optionAvailable(v, o) ? '' : ' (out of stock)';
      return `${o.value}${extra}${out}`;
    });
    if (options.length) parts.push(`${v.name}: ${options.join(', ')}`);
  }
  if (p.description) parts.push(`description: ${oneLine(p.description)}`);
  return parts.join('; ');
}

/** One knowledge item as text, or null when the source no longer exists in this domain. */
export function itemText(knowledge: DomainKnowledge, source: SourceRef): string | null {
  switch (source.kind) {
    case 'article': {
      const a = knowledge.articles.find((x) => x.id === source.id);
      if (!a) return null;
      const body = [a.question && `Q: ${a.question}`, a.answer && `A: ${a.answer}`, a.content]
        .filter(Boolean)
        .map((s) => oneLine(String(s)));
      return clip(`Help article "${a.title}": ${body.join(' ')}`, ITEM_CHARS);
    }
    case 'faq': {
      const f = knowledge.filterQuestions.find((x) => x.id === source.id);
      return f ? clip(`Q: ${oneLine(f.question)} A: ${oneLine(f.answer)}`, ITEM_CHARS) : null;
    }
    case 'product': {
      const p = knowledge.products.find((x) => x.id === source.id);
      return p ? clip(productText(p), ITEM_CHARS) : null;
    }
    case 'appointment': {
      const t = knowledge.appointmentTypes.find((x) => x.id === source.id);
      if (!t) return null;
      const price = t.price > 0 ? `price ${t.price}` : 'free';
      return clip(`Appointment type "${t.name}" (${oneLine(t.appointmentType)}; ${price})`, ITEM_CHARS);
    }
    case 'shipping':
      return shippingFacts(knowledge.config);
    case 'business':
      return businessFacts(knowledge);
  }
}
