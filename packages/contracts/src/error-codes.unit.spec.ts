import { AppError, type AppErrorKind, type FieldError } from './errors';
import { BILLING_ERROR_CODES, billingError, isBillingErrorCode } from './billing/error-codes';
import { CONTENT_ERROR_CODES, contentError } from './content/error-codes';
import { DOMAINS_ERROR_CODES, domainsError } from './domains/error-codes';
import { IDENTITY_ERROR_CODES, identityError, isIdentityRefusal } from './identity/error-codes';
import {
  isNotificationsRefusal,
  NOTIFICATIONS_ERROR_CODES,
  notificationsError,
} from './notifications/error-codes';

type Factory = (kind: AppErrorKind, message: string, code: never, fields?: FieldError[]) => AppError;

const contexts: [string, readonly string[], Factory][] = [
  ['identity', IDENTITY_ERROR_CODES, identityError],
  ['billing', BILLING_ERROR_CODES, billingError],
  ['domains', DOMAINS_ERROR_CODES, domainsError],
  ['content', CONTENT_ERROR_CODES, contentError],
  ['notifications', NOTIFICATIONS_ERROR_CODES, notificationsError],
];

describe.each(contexts)("the %s context's error codes", (_name, codes, factory) => {
  it('names each code once, in the upper-case form clients read', () => {
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z][A-Z_]*[A-Z]$/);
  });

  it('makes an AppError with its kind, message, code and fields', () => {
    const fields = [{ field: 'email', message: 'Taken' }];
    const error = factory('conflict', 'Taken', codes[0] as never, fields);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ kind: 'conflict', message: 'Taken', code: codes[0], fields });
    expect(factory('not_found', 'Gone', codes[0] as never).fields).toEqual([]);
  });
});

describe('identityError', () => {
  it('carries the seconds to wait of a rate-limited refusal', () => {
    const error = identityError('rate_limited', 'Please wait 30 seconds', 'RESEND_TOO_SOON', [], 30);
    expect(error.retryAfter).toBe(30);
  });
});

describe('isIdentityRefusal and isNotificationsRefusal', () => {
  it('tell a refusal by its code, and nothing else', () => {
    const taken = identityError('conflict', 'Taken', 'EMAIL_TAKEN');
    expect(isIdentityRefusal(taken, 'EMAIL_TAKEN')).toBe(true);
    expect(isIdentityRefusal(taken, 'USER_NOT_FOUND')).toBe(false);
    expect(isIdentityRefusal(new Error('EMAIL_TAKEN'), 'EMAIL_TAKEN')).toBe(false);
    const expired = notificationsError('precondition', 'Expired', 'NEWSLETTER_LINK_EXPIRED');
    expect(isNotificationsRefusal(expired, 'NEWSLETTER_LINK_EXPIRED')).toBe(true);
    expect(isNotificationsRefusal(expired, 'NEWSLETTER_LINK_INVALID')).toBe(false);
    expect(isNotificationsRefusal(undefined, 'NEWSLETTER_LINK_INVALID')).toBe(false);
  });
});

describe('isBillingErrorCode', () => {
  it("knows billing's codes and nothing else", () => {
    expect(isBillingErrorCode('CARD_DECLINED')).toBe(true);
    expect(isBillingErrorCode('EMAIL_TAKEN')).toBe(false);
    expect(isBillingErrorCode(undefined)).toBe(false);
  });
});

/** Never called: the type-check (npm run typecheck, tsc) fails if a misspelt or foreign code compiles. */
export function misspeltCodesDoNotCompile(): AppError[] {
  return [
    // @ts-expect-error a misspelt code
    identityError('conflict', 'x', 'EMAIL_TAKN'),
    // @ts-expect-error another context's code
    billingError('not_found', 'x', 'DOMAIN_NOT_FOUND'),
    // @ts-expect-error a misspelt code
    domainsError('not_found', 'x', 'DOMAIN_NOTFOUND'),
    // @ts-expect-error another context's code
    contentError('conflict', 'x', 'EMAIL_TAKEN'),
    // @ts-expect-error a misspelt code
    notificationsError('not_found', 'x', 'WEBHOOK_NOT_FOUNT'),
  ];
}
