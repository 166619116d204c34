import type { NextFunction, Request, Response } from 'express';
import { StripeApiError } from '../errors';

export type KeyKind = 'secret' | 'publishable';

/** The key a request was made with, as Stripe reads it: `Authorization: Bearer <key>` or Basic, or `key=` (Stripe.js). */
export function presentedKey(req: Request): string | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  if (header?.startsWith('Basic '))
    return Buffer.from(header.slice(6), 'base64').toString().split(':')[0] ?? null;
  const fromBody = (req.body as Record<string, unknown> | undefined)?.key ?? req.query.key;
  return typeof fromBody === 'string' ? fromBody : null;
}

const unauthorized = (key: string | null) =>
  new StripeApiError(401, {
    type: 'invalid_request_error',
    message: key
      ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
      : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
  });

/** Resolves the key's kind into res.locals.keyKind; anything else is Stripe's 401. */
export function authenticate(keys: { secret: string; publishable: string }) {
  return (req: Request, res: Response, next: NextFunction) => {
    const key = presentedKey(req);
    if (key === keys.secret) res.locals.keyKind = 'secret';
    else if (key === keys.publishable) res.locals.keyKind = 'publishable';
    else return next(unauthorized(key));
    next();
  };
}

/** Routes a browser may call with the publishable key (what Stripe.js does); the rest need the secret key. */
export function requireSecret(req: Request, res: Response, next: NextFunction) {
  if (res.locals.keyKind === 'secret') return next();
  next(
    new StripeApiError(401, {
      type: 'invalid_request_error',
      message:
        'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
    }),
  );
}
