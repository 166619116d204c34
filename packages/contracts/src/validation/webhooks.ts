import { z } from 'zod';

/** The events an outgoing webhook endpoint may subscribe to (issue 17). */
export const WEBHOOK_EVENT_TYPES = [
  'conversation.started',
  'message.created',
  'handoff.requested',
  'booking.made',
  'order.paid',
  'contact.captured',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_MESSAGES = {
  url: 'Enter an http:// or https:// address',
  urlTooLong: 'The address can be at most 2,000 characters long',
  eventTypes: 'Choose at least one event',
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  privateUrl: 'The address must be reachable on the internet',
  tooMany: 'An account can have at most 10 webhook endpoints',
  planRequired: 'Webhooks are part of the Pro plan. Upgrade to Pro to use them.',
} as const;

export const MAX_WEBHOOK_ENDPOINTS = 10;

export const webhookEndpointSchema = z.object({
  url: z
    .string({ error: WEBHOOK_MESSAGES.url })
    .trim()
    .max(2000, { error: WEBHOOK_MESSAGES.urlTooLong })
    .refine(
      (v) => {
        try {
          const u = new URL(v);
          return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
        } catch {
          return false;
        }
      },
      { error: WEBHOOK_MESSAGES.url },
    ),
  eventTypes: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_MESSAGES.eventTypes }), {
      error: WEBHOOK_MESSAGES.eventTypes,
    })
    .min(1, { error: WEBHOOK_MESSAGES.eventTypes })
    .max(WEBHOOK_EVENT_TYPES.length)
    .transform((types) => [...new Set(types)]),
});
export type WebhookEndpointInput = z.infer<typeof webhookEndpointSchema>;
