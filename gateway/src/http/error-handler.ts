import { AppError } from '@parley/contracts';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { toHttpError } from './error-mapper';

/** Any path nobody answers, in the one error shape. */
export const notFound: RequestHandler = (req) => {
  throw new AppError('not_found', `No route for ${req.method} ${req.path}`, [], 'NOT_FOUND');
};

/** The last middleware: every thrown error leaves the gateway through toHttpError. */
export const errorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) {
    next(error);
    return;
  }
  const mapped = toHttpError(error);
  if (mapped.unexpected) req.log.error({ err: error }, 'request failed unexpectedly');
  // pino-http's response line then says why the request was refused.
  res.locals.errorCode = mapped.body.error.code;
  res.set(mapped.headers).status(mapped.status).json(mapped.body);
};
