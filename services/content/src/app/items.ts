import { randomUUID } from 'node:crypto';
import { type ContentKind, contentError } from '@parley/contracts';
import {
  appointmentTypeSchema,
  assertSafeText,
  fieldErrors,
  helpArticleSchema,
  productSchema,
} from '@parley/contracts/validation';
import { executeCommand } from '@parley/eventstore';
import type { z } from 'zod';
import { itemDecider, itemNotFound, type ItemCommand } from '../domain/items/decider';
import type { Caller, ContentDeps } from './deps';
import { isUuid, requireDomain, requireImages } from './guards';

const SCHEMAS = {
  product: productSchema,
  article: helpArticleSchema,
  appointment: appointmentTypeSchema,
} as const satisfies Record<ContentKind, z.ZodType>;

export interface ItemView {
  id: string;
  kind: ContentKind;
  domainId: string;
  body: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/**
 * The kind's shared schema, here as at the gateway: the service trusts no caller's validation.
 * The body travels as JSON text, so the text rule (no NUL, no unpaired surrogate) is applied to
 * what it decodes to; the gRPC boundary only sees the escapes.
 */
export function parseItemInput(
  kind: ContentKind,
  json: string,
): { domainId: string; body: Record<string, unknown> } {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw contentError('validation', 'Request body must be a JSON object', 'VALIDATION');
  }
  assertSafeText(raw);
  const result = SCHEMAS[kind].safeParse(raw ?? {});
  if (!result.success) {
    const fields = fieldErrors(result.error);
    throw contentError('validation', fields[0]?.message ?? 'Invalid request', 'VALIDATION', fields);
  }
  const { domainId, ...body } = result.data as { domainId: string } & Record<string, unknown>;
  return { domainId, body };
}

async function requireItemImages(
  deps: ContentDeps,
  kind: ContentKind,
  accountId: string,
  body: Record<string, unknown>,
) {
  if (kind === 'product') await requireImages(deps.pool, accountId, body.images as string[], 'images');
  if (kind === 'appointment' && typeof body.image === 'string')
    await requireImages(deps.pool, accountId, [body.image], 'image');
}

async function run(deps: ContentDeps, kind: ContentKind, id: string, command: ItemCommand): Promise<void> {
  const { version } = await executeCommand(
    deps.store,
    deps.store.subject(kind, id),
    itemDecider(kind),
    command,
    {
      commandId: randomUUID(),
      meta: { actorId: command.actorId },
    },
  );
  await deps.items.waitFor(version);
}

export async function createItem(
  deps: ContentDeps,
  caller: Caller,
  kind: ContentKind,
  json: string,
): Promise<ItemView> {
  const { domainId, body } = parseItemInput(kind, json);
  await requireDomain(deps.pool, caller.accountId, domainId);
  await requireItemImages(deps, kind, caller.accountId, body);
  const id = randomUUID();
  await run(deps, kind, id, {
    type: 'Create',
    accountId: caller.accountId,
    domainId,
    body,
    actorId: caller.userId,
    now: deps.clock(),
  });
  return getItem(deps, caller, kind, id);
}

export async function updateItem(
  deps: ContentDeps,
  caller: Caller,
  kind: ContentKind,
  id: string,
  json: string,
): Promise<ItemView> {
  // Unknown ids answer 404 before the body is judged, as for another account's item.
  await getItem(deps, caller, kind, id);
  const { domainId, body } = parseItemInput(kind, json);
  await requireItemImages(deps, kind, caller.accountId, body);
  await run(deps, kind, id, {
    type: 'Update',
    accountId: caller.accountId,
    domainId,
    body,
    actorId: caller.userId,
    now: deps.clock(),
  });
  return getItem(deps, caller, kind, id);
}

export async function deleteItem(
  deps: ContentDeps,
  caller: Caller,
  kind: ContentKind,
  id: string,
): Promise<void> {
  await getItem(deps, caller, kind, id);
  await run(deps, kind, id, {
    type: 'Delete',
    accountId: caller.accountId,
    actorId: caller.userId,
    now: deps.clock(),
  });
}

/** A content_items row as the reads select it (id, kind, domain_id, body, created_at, updated_at). */
export interface ItemRow {
  id: string;
  kind: ContentKind;
  domain_id: string;
  body: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

export const itemView = (r: ItemRow): ItemView => ({
  id: r.id,
  kind: r.kind,
  domainId: r.domain_id,
  body: r.body,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

export async function getItem(
  deps: ContentDeps,
  caller: Caller,
  kind: ContentKind,
  id: string,
): Promise<ItemView> {
  if (!isUuid(id)) throw itemNotFound(kind);
  const { rows } = await deps.pool.query<ItemRow>(
    `SELECT id, kind, domain_id, body, created_at, updated_at FROM content_items
     WHERE id = $1 AND kind = $2 AND account_id = $3`,
    [id, kind, caller.accountId],
  );
  if (!rows[0]) throw itemNotFound(kind);
  return itemView(rows[0]);
}

/** Oldest first, the order they were added in. */
export async function listItems(
  deps: ContentDeps,
  caller: Caller,
  kind: ContentKind,
  domainId: string,
): Promise<ItemView[]> {
  await requireDomain(deps.pool, caller.accountId, domainId);
  const { rows } = await deps.pool.query<ItemRow>(
    `SELECT id, kind, domain_id, body, created_at, updated_at FROM content_items
     WHERE account_id = $1 AND domain_id = $2 AND kind = $3 ORDER BY created_at, id`,
    [caller.accountId, domainId, kind],
  );
  return rows.map(itemView);
}
