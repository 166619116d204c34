import { AppError } from '@parley/contracts';
import { loginSchema, signupDetailsSchema } from '@parley/contracts/validation';
import { parseBody } from './validation';

function failure(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a validation error');
}

describe('parseBody', () => {
  it('returns the parsed input (trimmed, lower-cased email)', () => {
    expect(parseBody(loginSchema, { email: ' Ann@Example.COM ', password: 'secret-pass' })).toEqual({
      email: 'ann@example.com',
      password: 'secret-pass',
    });
  });

  it("reports the first field's message as the message and every field in form order", () => {
    const error = failure(() =>
      parseBody(signupDetailsSchema, {
        fullname: 'Al',
        email: 'nope',
        confirmEmail: 'nope',
        password: 'short',
        confirmPassword: 'short',
      }),
    );
    expect(error.kind).toBe('validation');
    expect(error.code).toBe('VALIDATION');
    expect(error.message).toBe('your full name must be atleast 4 characters long');
    expect(error.fields.map((f) => f.field)).toEqual(['fullname', 'email', 'password']);
  });

  it('reads a missing body as an empty object, so each field says what it needs', () => {
    expect(failure(() => parseBody(loginSchema, undefined)).message).toBe('You did not enter a valid email');
  });

  it('refuses a body that is not an object', () => {
    for (const body of [[], 'text', 42, null]) {
      expect(failure(() => parseBody(loginSchema, body)).message).toBe('Request body must be a JSON object');
    }
  });
});
