import { callerFrom } from './caller';

const full = { userId: 'u1', role: 'OWNER', accountId: 'a1' };

describe('the caller from the request message', () => {
  it('reads user, role and account', () => {
    expect(callerFrom(full)).toEqual({ userId: 'u1', role: 'OWNER', accountId: 'a1' });
  });

  it.each([
    ['no caller', undefined],
    ['a null caller', null],
    ['an empty caller', {}],
    ['no user', { ...full, userId: '' }],
    ['an unknown role', { ...full, role: 'ROOT' }],
    ['no account', { ...full, accountId: '' }],
    ['an account that is not a subject token', { ...full, accountId: 'a.>' }],
  ])('refuses %s as unauthenticated', (_what, message) => {
    expect(() => callerFrom(message)).toThrow(
      expect.objectContaining({ kind: 'unauthenticated', code: 'NO_CALLER' }),
    );
  });
});
