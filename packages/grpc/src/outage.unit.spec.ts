import * as grpc from '@grpc/grpc-js';
import { AppError } from '@parley/contracts';
import { toServiceError } from './errors';
import { isDependencyOutage } from './outage';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDependencyOutage', () => {
  it.each([
    ['PostgreSQL shutting down (57P01)', withCode('57P01')],
    ['PostgreSQL starting up (57P03)', withCode('57P03')],
    ['PostgreSQL connection failure (08006)', withCode('08006')],
    ['too many connections (53300)', withCode('53300')],
    ['a refused socket', withCode('ECONNREFUSED')],
    ['a closed NATS connection', withCode('CONNECTION_CLOSED')],
    ['node-postgres losing its socket', new Error('Connection terminated unexpectedly')],
    ['a wrapped cause', new Error('append failed', { cause: withCode('ECONNRESET') })],
  ])('%s is an outage', (_what, error) => {
    expect(isDependencyOutage(error)).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', withCode('23505')],
    ['a text PostgreSQL cannot store (22P05)', withCode('22P05')],
    ['a syntax error (42601)', withCode('42601')],
    ['a plain defect', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error at all', 'boom'],
    ['nothing', undefined],
  ])('%s is not', (_what, error) => {
    expect(isDependencyOutage(error)).toBe(false);
  });
});

describe('toServiceError', () => {
  it('answers UNAVAILABLE with the kind unavailable when the database is away', () => {
    const mapped = toServiceError(withCode('57P01', 'terminating connection due to administrator command'));
    expect(mapped.code).toBe(grpc.status.UNAVAILABLE);
    expect(mapped.metadata?.get('app-kind')).toEqual(['unavailable']);
    expect(mapped.details).toBe('Service temporarily unavailable. Please try again.');
  });

  it('keeps INTERNAL for a defect, and an AppError as it is', () => {
    expect(toServiceError(new TypeError('x')).code).toBe(grpc.status.INTERNAL);
    expect(toServiceError(new AppError('not_found', 'No such room')).code).toBe(grpc.status.NOT_FOUND);
  });

  it("maps the event store's errors by name: a lost race is a conflict, a cut-short batch unavailable", () => {
    const race = Object.assign(new Error('concurrent write to x: expected version 3'), {
      name: 'ConcurrencyError',
    });
    const conflict = toServiceError(race);
    expect(conflict.code).toBe(grpc.status.ALREADY_EXISTS);
    expect(conflict.metadata?.get('app-code')).toEqual(['CONCURRENT_CHANGE']);
    const partial = Object.assign(new Error('partially appended'), { name: 'PartialAppendError' });
    expect(toServiceError(partial).code).toBe(grpc.status.UNAVAILABLE);
  });
});
