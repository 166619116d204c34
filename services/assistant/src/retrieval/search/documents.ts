import type { DomainKnowledge, SourceRef } from '../../knowledge/model';

/**
 * The fields an entry is indexed by, most telling first. `asked` is the owner's other ways
 * visitors ask an article (its question variants).
 */
export const FIELDS = ['title', 'question', 'asked', 'tags', 'body', 'extra'] as const;
export type Field = (typeof FIELDS)[number];

/** How much a word counts in each field (BM25F weights). */
export const FIELD_WEIGHTS: Record<Field, number> = {
  title: 3,
  question: 2.5,
  asked: 2,
  tags: 2,
  body: 1,
  extra: 0.5,
};

export interface SearchDocument {
  source: SourceRef;
  fields: Partial<Record<Field, string>>;
}

const variantText = (variants: DomainKnowledge['products'][number]['variants']): string =>
  variants.map((v) => `${v.name} ${v.options.map((o) => o.value).join(' ')}`).join(' ');

const regionText = (regions: string[]): string =>
  regions
    .map((r) =>
      r === 'domestic_international'
        ? 'domestic international'
        : r === 'worldwide'
          ? 'worldwide international'
          : r,
    )
    .join(' ');

/** Every answerable entry of a domain, as text fields. */
export function documentsOf(k: DomainKnowledge): SearchDocument[] {
  const docs: SearchDocument[] = [];
  for (const a of k.articles) {
    docs.push({
      source: { kind: 'article', id: a.id },
      fields: {
        title: a.title,
        question: a.question,
        asked: (a.questionVariants ?? []).join('\n'),
        tags: a.tags.join(' '),
        body: a.answer,
        extra: `${a.content} ${a.category}`,
      },
    });
  }
  for (const f of k.filterQuestions) {
    docs.push({ source: { kind: 'faq', id: f.id }, fields: { question: f.question, body: f.answer } });
  }
  for (const p of k.products) {
    docs.push({
      source: { kind: 'product', id: p.id },
      fields: { title: p.name, tags: p.productType, body: `${p.description} ${variantText(p.variants)}` },
    });
  }
  for (const t of k.appointmentTypes) {
    docs.push({
      source: { kind: 'appointment', id: t.id },
      fields: { title: t.name, body: t.appointmentType, extra: 'appointment' },
    });
  }
  const c = k.config;
  if (c) {
    docs.push({
      source: { kind: 'shipping', id: k.domainId },
      fields: {
        title: 'Shipping and delivery',
        tags: 'shipping delivery postage international abroad overseas countries',
        body: `${regionText(c.shippingRegions)} ${Object.keys(c.shippingCosts).join(' ')} shipping cost delivery time free shipping`,
      },
    });
    if (c.businessDescription) {
      docs.push({
        source: { kind: 'business', id: k.domainId },
        fields: {
          title: 'aboutus',
          body: c.businessDescription,
          extra: `${k.domain} company business ${c.industry} location`,
        },
      });
    }
  }
  return docs;
}
