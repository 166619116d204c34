import { AppError, type AppErrorKind, type FieldError } from '@parley/contracts';
import { isDependencyOutage } from '@parley/grpc';
import { valueOfCode, type CodeTable } from './error-codes';
import { malformedUrl } from './input-safety';

export interface ErrorBody {
  error: { code: string; message: string; fields?: FieldError[] };
}

export interface HttpError {
  status: number;
  headers: Record<string, string>;
  body: ErrorBody;
  /** True for failures the client did not cause; those are logged with their stack. */
  unexpected: boolean;
}

const statusOfKind: Record<AppErrorKind, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  precondition: 409,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

/** Reasons docs/api.md answers with a status other than their kind's. */
const statusOfCode: CodeTable<number> = {
  REGISTRATION_DISABLED: 403,
  LOGIN_DISABLED: 403,
  MAINTENANCE: 503,
  // The careers form's CV (docs/api/editorial.md), like an image's size and type.
  CV_TOO_LARGE: 413,
  CV_TYPE: 415,
  UNSUPPORTED_ENCODING: 415,
  // /api/v1: the same Idempotency-Key with a different request (docs/api/public-api.md).
  IDEMPOTENCY_KEY_REUSED: 422,
};

const INTERNAL_MESSAGE = 'An unexpected error occurred';
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/**
 * Errors raised by express's body parser (body-parser / raw-body, through http-errors): a 4xx
 * `status`, and a `type` saying what failed, except for a body that does not decompress (the
 * zlib error itself, with its `errno`).
 */
interface BodyParserError {
  type?: string;
  status: number;
  errno?: number;
}
const isBodyParserError = (e: unknown): e is BodyParserError =>
  typeof e === 'object' &&
  e !== null &&
  typeof (e as { status?: unknown }).status === 'number' &&
  (typeof (e as { type?: unknown }).type === 'string' ||
    typeof (e as { errno?: unknown }).errno === 'number');

function fromBodyParser(error: BodyParserError): { app: AppError; status?: number } | undefined {
  switch (error.type) {
    case 'entity.parse.failed':
      return { app: new AppError('validation', 'Request body is not valid JSON', [], 'MALFORMED_JSON') };
    case 'entity.too.large':
      return {
        app: new AppError('validation', 'Request body is too large', [], 'PAYLOAD_TOO_LARGE'),
        status: 413,
      };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return {
        app: new AppError('validation', 'Unsupported request body encoding', [], 'UNSUPPORTED_ENCODING'),
        status: 415,
      };
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return { app: new AppError('validation', 'Request body could not be read', [], 'BAD_REQUEST') };
    case undefined:
      // gzip, deflate or br that is not: the decompressor's own error, which body-parser gives a 400.
      return error.status === 400 && error.errno !== undefined
        ? {
            app: new AppError(
              'validation',
              'Request body does not match its Content-Encoding',
              [],
              'MALFORMED_BODY',
            ),
          }
        : undefined;
    default:
      return undefined;
  }
}

/** The router's own refusal of a path parameter that does not percent-decode (input-safety.ts runs first). */
const isUndecodablePath = (e: unknown): boolean =>
  e instanceof URIError && (e as URIError & { status?: unknown }).status === 400;

/**
 * The one place an error becomes an HTTP answer. AppErrors keep their message (the spec's text);
 * anything else is a 500 whose body says nothing about what went wrong inside.
 */
export function toHttpError(error: unknown): HttpError {
  let app: AppError | undefined;
  let statusOverride: number | undefined;
  // Redis (sessions, rate limits) away: the request was fine and will work again, so 503, logged.
  const outage = !(error instanceof AppError) && isDependencyOutage(error);
  if (error instanceof AppError) app = error;
  else if (outage) app = new AppError('unavailable', 'Service temporarily unavailable. Please try again.');
  else if (isUndecodablePath(error)) app = malformedUrl();
  else if (isBodyParserError(error)) {
    const parsed = fromBodyParser(error);
    app = parsed?.app;
    statusOverride = parsed?.status;
  }
  if (!app || app.kind === 'internal') {
    return {
      status: 500,
      headers: {},
      body: { error: { code: 'INTERNAL', message: INTERNAL_MESSAGE } },
      unexpected: true,
    };
  }
  const code = app.code ?? app.kind.toUpperCase();
  const status = statusOverride ?? valueOfCode(statusOfCode, code) ?? statusOfKind[app.kind];
  const headers: Record<string, string> = {};
  if (status === 429) {
    const seconds =
      app.retryAfter !== undefined && Number.isFinite(app.retryAfter)
        ? app.retryAfter
        : DEFAULT_RETRY_AFTER_SECONDS;
    headers['Retry-After'] = String(Math.max(1, Math.ceil(seconds)));
  }
  const body: ErrorBody = { error: { code, message: app.message } };
  if (app.fields.length > 0) body.error.fields = app.fields;
  return { status, headers, body, unexpected: outage };
}
