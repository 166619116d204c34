import type { Request, Response } from 'express';

type EtagFn = (body: string, encoding: BufferEncoding) => string | undefined;

/** The ETag express would give this body (its `etag fn` setting), '' when ETags are off. */
export function jsonTextEtag(req: Request, body: string): string {
  const etagOf = req.app.get('etag fn') as EtagFn | undefined;
  return etagOf?.(body, 'utf8') ?? '';
}

/**
 * Sends JSON that is already text, with the headers `res.json` gives the same value (Content-Type
 * application/json; charset=utf-8, the ETag, 304 to a matching If-None-Match), for a body kept
 * from an earlier answer: the ETag is the one made then, not hashed again.
 */
export function sendJsonText(res: Response, body: string, etag: string): void {
  res.set('Content-Type', 'application/json');
  if (etag) res.set('ETag', etag);
  res.send(body);
}
