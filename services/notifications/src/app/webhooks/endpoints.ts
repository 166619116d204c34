import { randomUUID } from 'node:crypto';
import { notificationsError } from '@parley/contracts';
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_MESSAGES, webhookEndpointSchema } from '@parley/contracts/validation';
import type { Caller } from '@parley/grpc';
import type { Pool } from 'pg';
import { newSigningSecret } from '../../domain/webhooks/signature';
import { marketingLimits } from '../../marketing/plan-limits';
import { parseInput, requireOwner } from '../marketing/deps';
import { isPrivateHost } from './private-address';

export interface WebhooksDeps {
  pool: Pool;
  allowPrivateUrls: boolean;
  clock: () => Date;
  /** A delivery was queued by hand: the deliverer should look now. */
  wake(): void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const endpointNotFound = () =>
  notificationsError('not_found', WEBHOOK_MESSAGES.notFound, 'WEBHOOK_NOT_FOUND');
const deliveryNotFound = () =>
  notificationsError('not_found', WEBHOOK_MESSAGES.deliveryNotFound, 'DELIVERY_NOT_FOUND');

interface EndpointRow {
  id: string;
  url: string;
  secret: string;
  event_types: string[];
  enabled: boolean;
  disabled_at: Date | null;
  failing_since: Date | null;
  created_at: Date;
}

const endpointView = (r: EndpointRow) => ({
  id: r.id,
  url: r.url,
  secret: r.secret,
  eventTypes: r.event_types,
  enabled: r.enabled,
  disabledAt: r.disabled_at?.toISOString() ?? null,
  failingSince: r.failing_since?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
});

async function requirePro(deps: WebhooksDeps, caller: Caller): Promise<void> {
  if ((await marketingLimits(deps.pool, caller.accountId)).plan !== 'PRO') {
    throw notificationsError('forbidden', WEBHOOK_MESSAGES.planRequired, 'PLAN_REQUIRED');
  }
}

async function ownEndpoint(deps: WebhooksDeps, caller: Caller, id: string): Promise<EndpointRow> {
  requireOwner(caller);
  if (!UUID.test(id)) throw endpointNotFound();
  const { rows } = await deps.pool.query<EndpointRow>(
    'SELECT * FROM webhook_endpoints WHERE id = $1 AND account_id = $2',
    [id, caller.accountId],
  );
  if (!rows[0]) throw endpointNotFound();
  return rows[0];
}

export async function listEndpoints(deps: WebhooksDeps, caller: Caller) {
  requireOwner(caller);
  const { rows } = await deps.pool.query<EndpointRow>(
    'SELECT * FROM webhook_endpoints WHERE account_id = $1 ORDER BY created_at, id',
    [caller.accountId],
  );
  return { data: rows.map(endpointView) };
}

/** PRO only; the signing secret is made here and shown with the endpoint. */
export async function createEndpoint(deps: WebhooksDeps, caller: Caller, inputJson: string) {
  requireOwner(caller);
  const input = parseInput(webhookEndpointSchema, inputJson);
  if (!deps.allowPrivateUrls && isPrivateHost(input.url)) {
    const message = WEBHOOK_MESSAGES.privateUrl;
    throw notificationsError('validation', message, 'VALIDATION', [{ field: 'url', message }]);
  }
  await requirePro(deps, caller);
  const { rows: count } = await deps.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM webhook_endpoints WHERE account_id = $1',
    [caller.accountId],
  );
  if ((count[0]?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) {
    throw notificationsError('conflict', WEBHOOK_MESSAGES.tooMany, 'TOO_MANY_WEBHOOKS');
  }
  const { rows } = await deps.pool.query<EndpointRow>(
    `INSERT INTO webhook_endpoints (id, account_id, url, secret, event_types, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [randomUUID(), caller.accountId, input.url, newSigningSecret(), input.eventTypes, deps.clock()],
  );
  return { data: endpointView(rows[0]!) };
}

export async function deleteEndpoint(deps: WebhooksDeps, caller: Caller, id: string) {
  await ownEndpoint(deps, caller, id);
  await deps.pool.query('DELETE FROM webhook_endpoints WHERE id = $1', [id]);
  return null;
}

/** Turns a disabled endpoint on again: its waiting deliveries are tried at once. */
export async function enableEndpoint(deps: WebhooksDeps, caller: Caller, id: string) {
  await ownEndpoint(deps, caller, id);
  await requirePro(deps, caller);
  const now = deps.clock();
  const { rows } = await deps.pool.query<EndpointRow>(
    `UPDATE webhook_endpoints SET enabled = true, disabled_at = NULL, failing_since = NULL WHERE id = $1 RETURNING *`,
    [id],
  );
  await deps.pool.query(
    `UPDATE webhook_deliveries SET next_attempt_at = $2, created_at = $2 WHERE endpoint_id = $1 AND status = 'pending'`,
    [id, now],
  );
  deps.wake();
  return { data: endpointView(rows[0]!) };
}

interface DeliveryRow {
  id: string;
  event_id: string;
  event_type: string;
  status: string;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: Date;
  created_at: Date;
  delivered_at: Date | null;
}

/** The endpoint's delivery log, newest first (the latest 100). */
export async function listDeliveries(deps: WebhooksDeps, caller: Caller, id: string) {
  await ownEndpoint(deps, caller, id);
  const { rows } = await deps.pool.query<DeliveryRow>(
    `SELECT id, event_id, event_type, status, attempts, last_status, last_error, next_attempt_at, created_at,
            delivered_at
     FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY created_at DESC, id LIMIT 100`,
    [id],
  );
  return {
    data: rows.map((r) => ({
      id: r.id,
      eventId: r.event_id,
      eventType: r.event_type,
      status: r.status,
      attempts: r.attempts,
      lastStatus: r.last_status,
      lastError: r.last_error,
      nextAttemptAt: r.status === 'pending' ? r.next_attempt_at.toISOString() : null,
      createdAt: r.created_at.toISOString(),
      deliveredAt: r.delivered_at?.toISOString() ?? null,
    })),
  };
}

/** The dashboard's "Resend": the delivery is sent again now, whatever became of it. */
export async function resendDelivery(deps: WebhooksDeps, caller: Caller, id: string, inputJson: string) {
  await ownEndpoint(deps, caller, id);
  const deliveryId = (JSON.parse(inputJson || '{}') as { deliveryId?: unknown }).deliveryId;
  if (typeof deliveryId !== 'string' || !UUID.test(deliveryId)) throw deliveryNotFound();
  const now = deps.clock();
  const updated = await deps.pool.query(
    `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = $3, created_at = $3
     WHERE id = $1 AND endpoint_id = $2`,
    [deliveryId, id, now],
  );
  if ((updated.rowCount ?? 0) === 0) throw deliveryNotFound();
  deps.wake();
  return null;
}
