import type * as grpc from '@grpc/grpc-js';
import { AppError } from '@parley/contracts';
import { fromItemError, fromServiceError, toItemError, toServiceError } from './errors';

const named = (name: string) => Object.assign(new Error('boom'), { name });

/** What the gateway rebuilds from a single call's status and app-* metadata. */
const viaSingleCall = (error: unknown) => fromServiceError(toServiceError(error) as grpc.ServiceError);
const asPlain = (e: AppError) => ({
  kind: e.kind,
  message: e.message,
  fields: e.fields,
  code: e.code,
  retryAfter: e.retryAfter,
});

describe('a batch item error', () => {
  it.each([
    [
      'a validation error with fields',
      new AppError('validation', 'Empty message', [{ field: 'content', message: 'Empty message' }]),
    ],
    ['a coded not found', new AppError('not_found', 'Customer not found', [], 'CUSTOMER_NOT_FOUND')],
    [
      'a rate limit with its retry-after',
      new AppError('rate_limited', 'Too many requests', [], 'RATE_LIMITED', 12),
    ],
    ['a coded unavailable', new AppError('unavailable', 'Down for a moment', [], 'SOMETHING')],
    ['a lost race', named('ConcurrencyError')],
    ['a cut-short append', named('PartialAppendError')],
    ['a defect', new TypeError('x is undefined')],
    ['a thrown string', 'nope'],
  ])('is rebuilt as the single call would be: %s', (_name, error) => {
    expect(asPlain(fromItemError(toItemError(error)))).toEqual(asPlain(viaSingleCall(error)));
  });

  it('of a kind the gateway does not know is unavailable', () => {
    expect(asPlain(fromItemError({ kind: 'weird', message: 'x', fieldsJson: '', code: '' }))).toMatchObject({
      kind: 'unavailable',
      message: 'Service temporarily unavailable. Please try again.',
    });
  });
});
