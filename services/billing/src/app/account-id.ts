import { billingError } from '@parley/contracts';

/**
 * An account id must be one literal subject token (billing.account.<id>). Identity's ids are
 * UUIDs; the pattern is wider so an external identity provider's subject ids work too.
 */
const ACCOUNT_ID = /^[A-Za-z0-9_-]{1,128}$/;

export function parseAccountId(input: unknown): string {
  if (typeof input !== 'string' || !ACCOUNT_ID.test(input)) {
    throw billingError('validation', 'A valid account id is required', 'INVALID_ACCOUNT_ID');
  }
  return input;
}
