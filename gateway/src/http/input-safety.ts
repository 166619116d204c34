import { AppError } from '@parley/contracts';
import { assertSafeText, invalidTextError, isSafeText } from '@parley/contracts/validation';
import type { RequestHandler } from 'express';

export const MALFORMED_URL_MESSAGE = 'The address is not valid percent-encoded UTF-8';
export const malformedUrl = () => new AppError('validation', MALFORMED_URL_MESSAGE, [], 'MALFORMED_URL');

/**
 * Every path segment must percent-decode to UTF-8 (the router decodes ids and would otherwise
 * throw its own error, a 500 here) and, like the query string, hold no NUL or unpaired surrogate
 * (docs/api.md: text no store can keep). Runs before any route, for every path the gateway serves.
 */
export const refuseUnsafeAddress: RequestHandler = (req, _res, next) => {
  const path = req.url.split('?')[0] ?? '';
  for (const segment of path.split('/')) {
    if (!segment.includes('%')) {
      if (!isSafeText(segment)) throw invalidTextError();
      continue;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw malformedUrl();
    }
    if (!isSafeText(decoded)) throw invalidTextError();
  }
  // Query values are decoded leniently (a broken escape stays as it was): only their text is judged.
  assertSafeText(req.query);
  next();
};

/** A parsed JSON body with a NUL or an unpaired surrogate anywhere, in a value or a key, is refused whole. */
export const refuseUnsafeBody: RequestHandler = (req, _res, next) => {
  assertSafeText(req.body);
  next();
};
