import type { FieldError } from '@parley/contracts';

/** An error answer of the gateway, `{ error: { code, message, fields } }`, with its HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: FieldError[] = [],
    /** Seconds to wait, from `Retry-After`, for 429 answers. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const FALLBACK_MESSAGES: Record<number, string> = {
  400: 'Some of the details are not valid.',
  401: 'Your session has ended. Please sign in again.',
  403: 'You are not allowed to do that.',
  404: 'We could not find what you were looking for.',
  409: 'That conflicts with something that already exists.',
  429: 'Too many attempts. Please wait a moment and try again.',
  502: 'Parley is not reachable right now. Please try again in a moment.',
  503: 'Parley is unavailable right now. Please try again in a moment.',
};

export function parseRetryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** Builds an ApiError from any answer, including ones that are not JSON (a proxy's HTML page). */
export function apiErrorFrom(status: number, body: unknown, retryAfterHeader: string | null): ApiError {
  const retryAfter = parseRetryAfter(retryAfterHeader);
  const error = (body as { error?: unknown } | null)?.error;
  if (error && typeof error === 'object') {
    const { code, message, fields } = error as { code?: unknown; message?: unknown; fields?: unknown };
    const fieldList = Array.isArray(fields)
      ? fields.filter((f): f is FieldError => typeof f?.field === 'string' && typeof f?.message === 'string')
      : [];
    return new ApiError(
      status,
      typeof code === 'string' ? code : `HTTP_${status}`,
      typeof message === 'string' && message ? message : fallbackMessage(status),
      fieldList,
      retryAfter,
    );
  }
  return new ApiError(status, `HTTP_${status}`, fallbackMessage(status), [], retryAfter);
}

export function fallbackMessage(status: number): string {
  return (
    FALLBACK_MESSAGES[status] ??
    (status >= 500 ? 'Something went wrong on our side. Please try again.' : 'The request failed.')
  );
}

/** "1 minute 5 seconds" style wait for rate-limit messages. */
export function describeWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const minutes = Math.floor(s / 60);
  const rest = s % 60;
  const parts: string[] = [];
  if (minutes) parts.push(`${minutes} minute${minutes === 1 ? '' : 's'}`);
  if (rest) parts.push(`${rest} second${rest === 1 ? '' : 's'}`);
  return parts.join(' ');
}

/** The sentence to show for an error that does not belong to one field. */
export function errorSentence(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429 && error.retryAfter !== undefined) {
      const base = error.message.replace(/[.\s]*$/, '');
      return `${base}. Try again in ${describeWait(error.retryAfter)}.`;
    }
    return error.message;
  }
  if (error instanceof TypeError) return 'We could not reach Parley. Check your connection and try again.';
  return 'An unexpected error occurred';
}
