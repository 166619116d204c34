import type { EngineReply } from '../engine/types';
import type { DomainKnowledge, ProductItem } from '../knowledge/model';
import { texts } from './texts';

/**
 * The message link that opens the widget's booking flow. It has no href on purpose: the widget's
 * generic link card ignores a link without one, and the chat tab reads `action` instead.
 */
export interface BookingLink {
  action: 'booking';
  title: string;
  /** The appointment type the visitor asked about, when the engine matched one. */
  appointmentTypeId?: string;
}

export function bookingLink(reply: EngineReply | null, knowledge: DomainKnowledge): string {
  const id = reply?.source?.kind === 'appointment' ? reply.source.id : null;
  const type = id ? knowledge.appointmentTypes.find((a) => a.id === id) : undefined;
  const link: BookingLink = type
    ? { action: 'booking', title: texts.bookingAppointmentTitle(type.name), appointmentTypeId: type.id }
    : { action: 'booking', title: texts.bookingLinkTitle };
  return JSON.stringify(link);
}

export const MAX_PRODUCT_CARDS = 6;
const FALLBACK_PRODUCT_CARDS = 3;

/**
 * Product cards for a visitor who wants to buy: the engine's matches, else its best-ranked
 * products, else (nothing matched) the products on sale first, in the owner's order.
 */
export function productsToOffer(
  reply: EngineReply | null,
  knowledge: DomainKnowledge,
): { ids: string[]; from: 'engine' | 'candidates' | 'catalogue' } {
  const known = new Set(knowledge.products.map((p) => p.id));
  const matched = (reply?.productIds ?? []).filter((id) => known.has(id)).slice(0, MAX_PRODUCT_CARDS);
  if (matched.length) return { ids: matched, from: 'engine' };
  const ranked = (reply?.candidates ?? [])
    .filter((c) => c.source.kind === 'product' && known.has(c.source.id))
    .map((c) => c.source.id)
    .slice(0, FALLBACK_PRODUCT_CARDS);
  if (ranked.length) return { ids: ranked, from: 'candidates' };
  const onSaleFirst = [
    ...knowledge.products.filter((p) => p.hasDiscount),
    ...knowledge.products.filter((p) => !p.hasDiscount),
  ];
  return { ids: onSaleFirst.slice(0, FALLBACK_PRODUCT_CARDS).map((p) => p.id), from: 'catalogue' };
}

/**
 * The product to open the payment flow for: the one product the visitor named (the engine matched
 * exactly one), when the domain takes payments. Null means cards, and 'Buy Now' from there.
 */
export function checkoutProduct(
  offer: ReturnType<typeof productsToOffer>,
  knowledge: DomainKnowledge,
): ProductItem | null {
  if (!knowledge.paymentsOn || offer.from !== 'engine' || offer.ids.length !== 1) return null;
  return knowledge.products.find((p) => p.id === offer.ids[0]) ?? null;
}

/** Nothing the engines could answer from: no article, product, fact, appointment or settings. */
export function hasNoKnowledge(knowledge: DomainKnowledge): boolean {
  const config = knowledge.config;
  return (
    knowledge.articles.length === 0 &&
    knowledge.products.length === 0 &&
    knowledge.filterQuestions.length === 0 &&
    knowledge.appointmentTypes.length === 0 &&
    (!config || (!config.businessDescription.trim() && !config.shippingEnabled))
  );
}
