import type { NextFunction, Request, Response } from 'express';
import { StripeApiError } from '../errors';

const KEEP_MS = 24 * 3600 * 1000;

/**
 * Stripe's idempotent requests: a POST repeated with the same `Idempotency-Key` gets the first
 * answer back (status and body, with `Idempotent-Replayed: true`) and changes nothing; the same
 * key with other parameters is refused.
 */
export function idempotency(clock: () => number) {
  const seen = new Map<string, { fingerprint: string; status: number; body: unknown; at: number }>();
  return (req: Request, res: Response, next: NextFunction) => {
    const key = req.headers['idempotency-key'];
    if (req.method !== 'POST' || typeof key !== 'string' || key === '') return next();
    const scope = `${String(res.locals.keyKind)}:${key}`;
    const fingerprint = `${req.path}?${JSON.stringify(req.body)}`;
    const now = clock();
    for (const [k, v] of seen) if (now - v.at > KEEP_MS) seen.delete(k);
    const earlier = seen.get(scope);
    if (earlier) {
      if (earlier.fingerprint !== fingerprint)
        return next(
          new StripeApiError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          }),
        );
      res.setHeader('Idempotent-Replayed', 'true');
      res.status(earlier.status).json(earlier.body);
      return;
    }
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode < 500) seen.set(scope, { fingerprint, status: res.statusCode, body, at: clock() });
      return json(body);
    };
    next();
  };
}
