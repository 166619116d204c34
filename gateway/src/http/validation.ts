import { AppError } from '@parley/contracts';
import { assertSafeText, fieldErrors } from '@parley/contracts/validation';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Parses a request body with one of the shared schemas. Failures become one `validation` AppError
 * whose message is the first field's message (the spec's text) and whose fields list them all.
 * A missing body (no JSON content type) is read as `{}` so each required field reports its own message.
 * Text with a NUL or an unpaired surrogate is refused first (INVALID_TEXT): REST bodies were judged so
 * already, socket payloads meet it here.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const input = body === undefined ? {} : body;
  if (!isPlainObject(input)) {
    throw new AppError('validation', 'Request body must be a JSON object', [], 'VALIDATION');
  }
  assertSafeText(input);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  const message = fields[0]?.message ?? 'Invalid request';
  throw new AppError('validation', message, fields, 'VALIDATION');
}

/**
 * A route handler that receives its body already validated. The gateway validates before it calls
 * any service, and before it spends a rate-limit point: malformed input costs nothing downstream.
 */
export function withBody<S extends z.ZodType>(
  schema: S,
  handler: (input: z.output<S>, req: Request, res: Response, next: NextFunction) => Promise<void>,
): RequestHandler {
  return async (req, res, next) => {
    const input = parseBody(schema, req.body);
    await handler(input, req, res, next);
  };
}
