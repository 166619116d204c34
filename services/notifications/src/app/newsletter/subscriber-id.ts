import { createHash } from 'node:crypto';

/** The subscription's id: no address in the subject, and the same for any letter case. */
export function subscriberIdOf(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

export const SUBSCRIBER_ID_PATTERN = /^[0-9a-f]{64}$/;
