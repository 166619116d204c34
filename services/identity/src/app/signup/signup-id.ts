import { signupNotFound } from '../../domain/shared/errors';
import { UUID_PATTERN } from '../ids';

/** A sign-up id that cannot exist is simply not found (clients hold ids, they do not type them). */
export function knownSignupId(value: unknown): string {
  if (typeof value !== 'string' || !UUID_PATTERN.test(value)) throw signupNotFound();
  return value.toLowerCase();
}
