import { ROOMS_MAX_PAGE_SIZE, ROOMS_PAGE_SIZE } from '@parley/contracts';
import { CONVERSATION_MESSAGES } from '@parley/contracts/validation';
import { z } from 'zod';
import { invalidField } from '../domain/shared/errors';
import type { RoomPosition } from '../projections/queries';

/**
 * The conversation list's cursor: the last row's place in the list's order, written as base64url
 * JSON so callers treat it as opaque. The time is whole microseconds since the epoch, as the read
 * model keeps it: a millisecond Date would land between two rooms of the same millisecond.
 */
const cursorSchema = z.object({
  t: z.string().regex(/^-?\d{1,19}$/),
  p: z.string().regex(/^\d{1,19}$/),
  id: z.string().min(1).max(200),
});

const badCursor = () => invalidField('cursor', CONVERSATION_MESSAGES.roomsCursor);

export function encodeRoomCursor(position: RoomPosition): string {
  const body = { t: position.updatedMicros, p: position.lastPosition, id: position.roomId };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

/** The position a cursor names; a cursor this service did not write is a validation error. */
export function decodeRoomCursor(cursor: string): RoomPosition {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  const parsed = cursorSchema.safeParse(json);
  if (!parsed.success) throw badCursor();
  return { updatedMicros: parsed.data.t, lastPosition: parsed.data.p, roomId: parsed.data.id };
}

/** The page asked for: 0 (proto's unset) is the default size; an empty cursor the first page. */
export function roomsPage(input: { limit?: number; cursor?: string }): {
  limit: number;
  after: RoomPosition | null;
} {
  const limit = input.limit || ROOMS_PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < 1 || limit > ROOMS_MAX_PAGE_SIZE) {
    throw invalidField('limit', CONVERSATION_MESSAGES.roomsLimit);
  }
  return { limit, after: input.cursor ? decodeRoomCursor(input.cursor) : null };
}
