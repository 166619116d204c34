import { z } from 'zod';
import type { WebhookEndpointInput } from '@parley/contracts/validation';
import { api } from '@/lib/api/client';

/** docs/api/webhooks.md. */
export const endpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  secret: z.string(),
  eventTypes: z.array(z.string()),
  enabled: z.boolean(),
  disabledAt: z.string().nullable(),
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof endpointSchema>;

export const deliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  lastStatus: z.number().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof deliverySchema>;

const one = z.object({ data: endpointSchema });
const id = encodeURIComponent;

export const fetchEndpoints = (signal?: AbortSignal) =>
  api('/webhooks', { schema: z.object({ data: z.array(endpointSchema) }), signal });
export const createEndpoint = (body: WebhookEndpointInput) =>
  api('/webhooks', { method: 'POST', body, schema: one });
export const deleteEndpoint = (endpointId: string) =>
  api(`/webhooks/${id(endpointId)}`, { method: 'DELETE' });
export const enableEndpoint = (endpointId: string) =>
  api(`/webhooks/${id(endpointId)}/enable`, { method: 'POST', schema: one });
export const fetchDeliveries = (endpointId: string, signal?: AbortSignal) =>
  api(`/webhooks/${id(endpointId)}/deliveries`, {
    schema: z.object({ data: z.array(deliverySchema) }),
    signal,
  });
export const resendDelivery = (endpointId: string, deliveryId: string) =>
  api(`/webhooks/${id(endpointId)}/deliveries/${id(deliveryId)}/resend`, { method: 'POST' });
