import { DOMAIN_MESSAGES as M, messageContentSchema } from '@parley/contracts/validation';
import { z } from 'zod';

/**
 * The public API's own shapes. Request schemas validate (parseBody) and, through z.toJSONSchema,
 * are the OpenAPI document's schemas too; response schemas describe what the views below build.
 */

const limit = z.coerce
  .number({ error: 'limit must be a whole number from 1 to 100' })
  .int({ error: 'limit must be a whole number from 1 to 100' })
  .min(1, { error: 'limit must be a whole number from 1 to 100' })
  .max(100, { error: 'limit must be a whole number from 1 to 100' })
  .default(20)
  .meta({ description: 'Items per page (1-100, default 20)' });
const cursor = z
  .string()
  .max(500)
  .optional()
  .meta({ description: "The previous page's nextCursor; absent for the first page" });
const domainId = z
  .string({ error: M.searchDomain })
  .trim()
  .min(1, { error: M.searchDomain })
  .max(200)
  .meta({ description: 'The domain (site) whose items to list' });

export const pageQuerySchema = z.object({ cursor, limit });
export const domainPageQuerySchema = z.object({ domainId, cursor, limit });
export const optionalDomainPageQuerySchema = z.object({
  domainId: z.string().trim().max(200).optional().meta({ description: 'Only this domain' }),
  cursor,
  limit,
});

/** A team reply sent through the API: text only (notes, links and product cards stay in the dashboard). */
export const apiReplySchema = z.object({ content: messageContentSchema });

const page = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), nextCursor: z.string().nullable() });

export const contactSchema = z.object({
  domainId: z.string(),
  domain: z.string(),
  email: z.string(),
  name: z.string(),
  firstSeen: z.string().meta({ description: 'ISO 8601' }),
  bookings: z.number().int(),
  orders: z.number().int(),
  subscribed: z.boolean(),
});

export const conversationSchema = z.object({
  id: z.string(),
  domainId: z.string(),
  domain: z.string(),
  customerId: z.string(),
  customerEmail: z.string().nullable(),
  live: z.boolean().meta({ description: 'A person has taken the chat over from the assistant' }),
  unread: z.boolean(),
  messageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const messageSchema = z.object({
  id: z.string(),
  role: z.string().meta({ description: 'user (the visitor), assistant (the bot) or team' }),
  content: z.string(),
  teamMemberName: z.string().nullable(),
  isNote: z.boolean(),
  createdAt: z.string(),
});

export const productOutSchema = z.looseObject({
  id: z.string(),
  domainId: z.string(),
  name: z.string(),
  price: z.number(),
  discountedPrice: z.number(),
  description: z.string(),
  productType: z.string(),
  imageIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const articleOutSchema = z.looseObject({
  id: z.string(),
  domainId: z.string(),
  title: z.string(),
  question: z.string(),
  answer: z.string(),
  articleType: z.string(),
  isPublished: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const contactPageSchema = page(contactSchema);
export const conversationPageSchema = page(conversationSchema);
export const messagePageSchema = page(messageSchema);
export const productPageSchema = page(productOutSchema);
export const articlePageSchema = page(articleOutSchema);

export const errorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  }),
});

export type Contact = z.infer<typeof contactSchema>;
export type Conversation = z.infer<typeof conversationSchema>;
export type Message = z.infer<typeof messageSchema>;
