/**
 * An error as Stripe's API answers it: `{ error: { type, code?, decline_code?, message, param? } }`
 * with Stripe's HTTP status (400 invalid request, 401 bad key, 402 card error, 404 missing object).
 * The SDK turns these into StripeInvalidRequestError, StripeCardError, ... by `type`.
 */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      type: 'invalid_request_error' | 'card_error' | 'api_error' | 'idempotency_error';
      message: string;
      code?: string;
      decline_code?: string;
      param?: string;
      payment_intent?: unknown;
      payment_method?: unknown;
    },
  ) {
    super(body.message);
  }
}

export const missing = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });

export const invalid = (message: string, param?: string) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });

export const required = (param: string) =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    message: `Missing required param: ${param}.`,
    param,
  });
