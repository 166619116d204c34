import { z } from 'zod';
import { DOMAIN_MESSAGES as M } from './domain-messages';
import { httpUrlSchema } from './domains';

/** A price typed as text: decimal digits with an optional fraction, nothing else (no sign, exponent or 0x). */
const DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/** '12.50' -> 12.5; text that is not a plain decimal number -> NaN (refused), blank -> missing. */
const priceFromText = (text: string): number | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return DECIMAL.test(trimmed) ? Number(trimmed) : Number.NaN;
};

/**
 * Money as a number of currency units with at most 2 decimals; blank or missing is 'Price is
 * required', and so is text JavaScript would read as a number but a person would not write as a
 * price ('0x10', '0b11', '1e3', ' '): Number() takes all of those.
 */
const price = z.preprocess(
  (v) => (v === null ? undefined : typeof v === 'string' ? priceFromText(v) : v),
  z
    .number({ error: M.price })
    .finite({ error: M.price })
    .nonnegative({ error: M.price })
    .max(1_000_000, { error: M.price })
    .transform((n) => Math.round(n * 100) / 100),
);

const imageId = z.string().trim().min(1).max(64);

export const variantOptionSchema = z.object({
  value: z.string().trim().min(1).max(80),
  priceAdjustment: z.number().finite().min(-1_000_000).max(1_000_000).default(0),
  quantity: z.number().int().nonnegative().optional(),
});

export const variantSchema = z.object({
  name: z.string().trim().min(1).max(80),
  trackQuantity: z.boolean().default(false),
  options: z.array(variantOptionSchema).min(1).max(50),
});

import { discountedPriceOf, optionAvailable } from '../content/pricing';

export { discountedPriceOf, optionAvailable };

export const productSchema = z
  .object({
    domainId: z.string().trim().min(1),
    name: z.string({ error: M.productName }).trim().min(1, { error: M.productName }).max(200),
    images: z.array(imageId).max(10).default([]),
    price,
    hasDiscount: z.boolean().default(false),
    discount: z.number().finite().min(0).max(100).default(0),
    productUrl: z.union([z.literal('').transform(() => undefined), httpUrlSchema]).optional(),
    productType: z.string({ error: M.productType }).trim().min(1, { error: M.productType }).max(80),
    description: z.string({ error: M.description }).trim().min(1, { error: M.description }).max(10_000),
    variants: z.array(variantSchema).max(10).default([]),
  })
  .transform((p) => ({
    ...p,
    // Derived, never trusted from the client.
    discountedPrice: discountedPriceOf(p),
  }));
export type ProductInput = z.infer<typeof productSchema>;

export const ARTICLE_TYPES = ['faq', 'article', 'guide'] as const;

/** Most other ways of asking one help article can have, and the longest one. */
export const MAX_QUESTION_VARIANTS = 10;
export const MAX_QUESTION_VARIANT_LENGTH = 200;

/**
 * "Other ways visitors ask this": the owner's own paraphrases of the article's question, which the
 * assistant matches visitors' messages against as well (the visitor's words are not the owner's).
 */
const questionVariants = z
  .array(
    z
      .string({ error: M.questionVariantEmpty })
      .trim()
      .min(1, { error: M.questionVariantEmpty })
      .max(MAX_QUESTION_VARIANT_LENGTH, { error: M.questionVariantLong }),
  )
  .max(MAX_QUESTION_VARIANTS, { error: M.questionVariantsMany })
  .default([]);

export const helpArticleSchema = z.object({
  domainId: z.string().trim().min(1),
  title: z.string({ error: M.articleTitle }).trim().min(1, { error: M.articleTitle }).max(200),
  question: z.string({ error: M.articleQuestion }).trim().min(1, { error: M.articleQuestion }).max(500),
  answer: z.string({ error: M.articleAnswer }).trim().min(1, { error: M.articleAnswer }).max(10_000),
  content: z.string().trim().max(50_000).default(''),
  articleType: z.enum(ARTICLE_TYPES).default('faq'),
  category: z.string().trim().max(80).default(''),
  tags: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
  questionVariants,
  isPublished: z.boolean().default(true),
  isPinned: z.boolean().default(false),
});

export const appointmentTypeSchema = z.object({
  domainId: z.string().trim().min(1),
  name: z.string({ error: M.appointmentName }).trim().min(1, { error: M.appointmentName }).max(200),
  image: imageId.optional(),
  price,
  appointmentType: z.string({ error: M.appointmentType }).trim().min(1, { error: M.appointmentType }).max(80),
});
