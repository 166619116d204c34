import { AppError } from '../errors';
import { CONVERSATIONS_ERROR_CODES, conversationsError } from './error-codes';

describe('conversationsError', () => {
  it('is an AppError with its kind, message, fields and code', () => {
    const error = conversationsError('conflict', 'Taken', 'SLOT_TAKEN', [
      { field: 'slot', message: 'Taken' },
    ]);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      kind: 'conflict',
      message: 'Taken',
      code: 'SLOT_TAKEN',
      fields: [{ field: 'slot', message: 'Taken' }],
    });
  });

  it('names each code once', () => {
    expect(new Set(CONVERSATIONS_ERROR_CODES).size).toBe(CONVERSATIONS_ERROR_CODES.length);
  });
});
