import express, { type RequestHandler } from 'express';

/**
 * JSON bodies up to `limit`, and up to `largerLimit` under the given path prefixes: a blog post
 * or a job listing carries its rich text (up to 200,000 characters), far above a form's 100 kB.
 */
export function jsonBodies(
  limit: string,
  larger: { prefixes: readonly string[]; limit: string },
): RequestHandler {
  const usual = express.json({ limit });
  const big = express.json({ limit: larger.limit });
  return (req, res, next) =>
    (larger.prefixes.some((p) => req.path === p || req.path.startsWith(`${p}/`)) ? big : usual)(
      req,
      res,
      next,
    );
}
