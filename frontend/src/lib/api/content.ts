import { z } from 'zod';
import { api } from './client';

/** Content shapes of docs/api/content.md; unknown extra fields pass through. */
const option = z.looseObject({
  value: z.string(),
  priceAdjustment: z.number().nullish(),
  quantity: z.number().nullish(),
});
const variant = z.looseObject({
  name: z.string(),
  trackQuantity: z.boolean().nullish(),
  options: z.array(option),
});

export const productSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  hasDiscount: z.boolean().nullish(),
  discount: z.number().nullish(),
  discountedPrice: z.number().nullish(),
  productUrl: z.string().nullish(),
  productType: z.string(),
  description: z.string(),
  variants: z.array(variant).nullish(),
  imageIds: z.array(z.string()).nullish(),
  images: z.array(z.string()).nullish(),
  image: z.string().nullish(),
});
export type Product = z.infer<typeof productSchema>;

export const helpArticleSchema = z.looseObject({
  id: z.string(),
  title: z.string(),
  question: z.string(),
  answer: z.string(),
  content: z.string().nullish(),
  articleType: z.string().nullish(),
  category: z.string().nullish(),
  tags: z.array(z.string()).nullish(),
  questionVariants: z.array(z.string()).nullish(),
  isPublished: z.boolean().nullish(),
  isPinned: z.boolean().nullish(),
});
export type HelpArticle = z.infer<typeof helpArticleSchema>;

export const appointmentTypeSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  appointmentType: z.string(),
  imageId: z.string().nullish(),
  image: z.string().nullish(),
});
export type AppointmentType = z.infer<typeof appointmentTypeSchema>;

export const searchHitSchema = z.looseObject({
  kind: z.string(),
  id: z.string(),
  title: z.string(),
  snippet: z.string().nullish(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/** list / get / create / update / delete of one content collection under /api/<path>. */
export function collection<T>(path: string, schema: z.ZodType<T>) {
  const one = z.object({ data: schema });
  return {
    list: (domainId: string, signal?: AbortSignal) =>
      api(`/${path}?domainId=${encodeURIComponent(domainId)}`, {
        schema: z.object({ data: z.array(schema) }),
        signal,
      }),
    get: (id: string, signal?: AbortSignal) =>
      api(`/${path}/${encodeURIComponent(id)}`, { schema: one, signal }),
    create: (body: unknown) => api(`/${path}`, { method: 'POST', body, schema: one }),
    update: (id: string, body: unknown) =>
      api(`/${path}/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: one }),
    remove: (id: string) => api(`/${path}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  };
}

export const products = collection('products', productSchema);
export const helpArticles = collection('help-articles', helpArticleSchema);
export const appointmentTypes = collection('appointment-types', appointmentTypeSchema);

export const search = (domainId: string, query: string, signal?: AbortSignal) =>
  api(`/search?domainId=${encodeURIComponent(domainId)}&query=${encodeURIComponent(query)}`, {
    schema: z.object({ data: z.array(searchHitSchema) }),
    signal,
  });
