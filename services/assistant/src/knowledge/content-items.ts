import type { ContentKind } from '@parley/contracts';
import { appointmentTypeSchema, helpArticleSchema, productSchema } from '@parley/contracts/validation';
import type { AppointmentTypeItem, ArticleItem, ProductItem } from './model';

/** What the read model keeps of one content item: the model's shape, and whether it is shown. */
export type KnownItem =
  | { kind: 'product'; published: true; item: ProductItem }
  | { kind: 'article'; published: boolean; item: ArticleItem }
  | { kind: 'appointment'; published: true; item: AppointmentTypeItem };

/**
 * A content event's body (the kind's shared schema output, without domainId) as the assistant's
 * model: parsed again with the same schema, so a body content would refuse is refused here too.
 */
export function knownItem(kind: ContentKind, id: string, body: unknown): KnownItem {
  // The schemas require domainId; the body leaves it out (the aggregate carries it).
  const input = { ...(body as Record<string, unknown>), domainId: 'unused' };
  switch (kind) {
    case 'product': {
      const p = productSchema.parse(input);
      return {
        kind,
        published: true,
        item: {
          id,
          name: p.name,
          description: p.description,
          productType: p.productType,
          price: p.price,
          hasDiscount: p.hasDiscount,
          discount: p.discount,
          productUrl: p.productUrl ?? null,
          variants: p.variants.map((v) => ({
            name: v.name,
            trackQuantity: v.trackQuantity,
            options: v.options.map((o) => ({
              value: o.value,
              priceAdjustment: o.priceAdjustment,
              ...(o.quantity === undefined ? {} : { quantity: o.quantity }),
            })),
          })),
        },
      };
    }
    case 'article': {
      const a = helpArticleSchema.parse(input);
      return {
        kind,
        published: a.isPublished,
        item: {
          id,
          title: a.title,
          question: a.question,
          answer: a.answer,
          content: a.content,
          category: a.category,
          tags: a.tags,
          questionVariants: a.questionVariants,
        },
      };
    }
    case 'appointment': {
      const t = appointmentTypeSchema.parse(input);
      return {
        kind,
        published: true,
        item: { id, name: t.name, appointmentType: t.appointmentType, price: t.price },
      };
    }
  }
}
