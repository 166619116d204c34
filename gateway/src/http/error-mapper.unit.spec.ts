import { AppError, type AppErrorKind } from '@parley/contracts';
import { toHttpError } from './error-mapper';

describe('toHttpError', () => {
  it.each<[AppErrorKind, number]>([
    ['validation', 400],
    ['unauthenticated', 401],
    ['forbidden', 403],
    ['not_found', 404],
    ['conflict', 409],
    ['precondition', 409],
    ['rate_limited', 429],
    ['unavailable', 503],
  ])('maps kind %s to %i with the upper-cased kind as code', (kind, status) => {
    const mapped = toHttpError(new AppError(kind, 'Something specific'));
    expect(mapped.status).toBe(status);
    expect(mapped.body).toEqual({ error: { code: kind.toUpperCase(), message: 'Something specific' } });
    expect(mapped.unexpected).toBe(false);
  });

  it('keeps a specific reason code and the per-field messages', () => {
    const fields = [
      { field: 'email', message: 'Incorrect email format' },
      { field: 'password', message: 'Your password must be atleast 8 characters long' },
    ];
    const mapped = toHttpError(new AppError('validation', 'Incorrect email format', fields, 'VALIDATION'));
    expect(mapped.status).toBe(400);
    expect(mapped.body).toEqual({ error: { code: 'VALIDATION', message: 'Incorrect email format', fields } });
  });

  it('answers the documented statuses for settings reasons whatever their kind', () => {
    expect(toHttpError(new AppError('precondition', 'off', [], 'REGISTRATION_DISABLED')).status).toBe(403);
    expect(toHttpError(new AppError('precondition', 'off', [], 'LOGIN_DISABLED')).status).toBe(403);
    expect(toHttpError(new AppError('forbidden', 'off', [], 'MAINTENANCE')).status).toBe(503);
    expect(toHttpError(new AppError('conflict', 'taken', [], 'EMAIL_TAKEN')).status).toBe(409);
  });

  it('sets Retry-After in whole seconds for rate_limited, with a default when the service gave none', () => {
    expect(toHttpError(new AppError('rate_limited', 'slow down', [], undefined, 12.2)).headers).toEqual({
      'Retry-After': '13',
    });
    expect(toHttpError(new AppError('rate_limited', 'slow down', [], undefined, 0)).headers).toEqual({
      'Retry-After': '1',
    });
    expect(toHttpError(new AppError('rate_limited', 'slow down')).headers).toEqual({ 'Retry-After': '60' });
    expect(toHttpError(new AppError('conflict', 'x', [], undefined, 5)).headers).toEqual({});
  });

  it('hides the details of unknown errors and of internal AppErrors', () => {
    for (const error of [
      new Error('connection string postgres://secret'),
      new AppError('internal', 'pool exhausted'),
      'boom',
      null,
    ]) {
      const mapped = toHttpError(error);
      expect(mapped.status).toBe(500);
      expect(mapped.body).toEqual({ error: { code: 'INTERNAL', message: 'An unexpected error occurred' } });
      expect(mapped.unexpected).toBe(true);
    }
  });

  it('turns body-parser failures into clean 400 and 413 answers', () => {
    const malformed = Object.assign(new SyntaxError('Unexpected token } in JSON at position 7'), {
      type: 'entity.parse.failed',
      status: 400,
    });
    expect(toHttpError(malformed)).toMatchObject({
      status: 400,
      body: { error: { code: 'MALFORMED_JSON', message: 'Request body is not valid JSON' } },
    });
    const tooLarge = Object.assign(new Error('request entity too large'), {
      type: 'entity.too.large',
      status: 413,
    });
    expect(toHttpError(tooLarge)).toMatchObject({
      status: 413,
      body: { error: { code: 'PAYLOAD_TOO_LARGE' } },
    });
    const charset = Object.assign(new Error('unsupported charset "UTF-7"'), {
      type: 'charset.unsupported',
      status: 415,
    });
    expect(toHttpError(charset).status).toBe(415);
  });

  it('answers 400 MALFORMED_BODY for a body that does not decompress as its Content-Encoding says', () => {
    // What body-parser passes on: zlib's own error, given a 400 by http-errors.
    const zlib = Object.assign(new Error('incorrect header check'), {
      errno: -3,
      code: 'Z_DATA_ERROR',
      status: 400,
    });
    expect(toHttpError(zlib)).toMatchObject({
      status: 400,
      body: {
        error: { code: 'MALFORMED_BODY', message: 'Request body does not match its Content-Encoding' },
      },
      unexpected: false,
    });
    // Any other error that happens to carry a status is still a 500.
    expect(toHttpError(Object.assign(new Error('x'), { status: 400 })).status).toBe(500);
  });

  it("answers 400 MALFORMED_URL for the router's undecodable path parameter", () => {
    const undecodable = Object.assign(new URIError("Failed to decode param '%ff'"), { status: 400 });
    expect(toHttpError(undecodable)).toMatchObject({
      status: 400,
      body: { error: { code: 'MALFORMED_URL', message: 'The address is not valid percent-encoded UTF-8' } },
    });
  });

  it('answers 503, logged, when a store the gateway uses (Redis) cannot be reached', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
    expect(toHttpError(refused)).toEqual({
      status: 503,
      headers: {},
      body: { error: { code: 'UNAVAILABLE', message: 'Service temporarily unavailable. Please try again.' } },
      unexpected: true,
    });
  });
});
