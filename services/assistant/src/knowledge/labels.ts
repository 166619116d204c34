import type { DomainKnowledge, SourceRef } from './model';

/** A short human name for an entry, for clarifying questions and link titles. */
export function labelOf(k: DomainKnowledge, source: SourceRef): string {
  switch (source.kind) {
    case 'article':
      return k.articles.find((a) => a.id === source.id)?.title ?? 'an article';
    case 'faq':
      return k.filterQuestions.find((f) => f.id === source.id)?.question.replace(/\?$/, '') ?? 'a question';
    case 'product':
      return k.products.find((p) => p.id === source.id)?.name ?? 'a product';
    case 'appointment':
      return k.appointmentTypes.find((a) => a.id === source.id)?.name ?? 'an appointment';
    case 'shipping':
      return 'shipping and delivery';
    case 'business':
      return `about ${k.domain}`;
  }
}

const KIND_WORDS: Record<SourceRef['kind'], string> = {
  article: 'the help article',
  faq: 'the filter question',
  product: 'the product',
  appointment: 'the appointment type',
  shipping: 'the shipping settings',
  business: 'the business description',
};

/** "the help article “Shipping to Canada”": for the decision record people read. */
export function describeSource(k: DomainKnowledge, source: SourceRef): string {
  if (source.kind === 'shipping' || source.kind === 'business') return KIND_WORDS[source.kind];
  return `${KIND_WORDS[source.kind]} “${labelOf(k, source)}”`;
}
