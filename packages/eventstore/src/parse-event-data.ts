import { MalformedEventError } from './errors';

/**
 * What parseEventData needs of a schema: zod's `safeParse`, typed by shape so the event store
 * does not depend on zod.
 */
export interface EventDataSchema<T> {
  safeParse(
    data: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * A recorded event's payload checked against its contract. A payload that breaks it throws,
 * MalformedEventError, naming the event and every issue: a projection runner dead-letters it at
 * once, since no later attempt would make it valid.
 */
export function parseEventData<T>(
  schema: EventDataSchema<T>,
  recorded: { type: string; eventId: string; data: unknown },
): T {
  const parsed = schema.safeParse(recorded.data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new MalformedEventError(recorded.type, recorded.eventId, issues);
  }
  return parsed.data;
}
