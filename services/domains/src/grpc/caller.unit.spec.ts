import { Metadata } from '@grpc/grpc-js';
import { callerOf } from './caller';

const metadata = (values: Record<string, string>) => {
  const md = new Metadata();
  for (const [k, v] of Object.entries(values)) md.set(k, v);
  return md;
};
const full = { 'x-user-id': 'u1', 'x-user-role': 'OWNER', 'x-account-id': 'a1' };

describe('the caller from gRPC metadata', () => {
  it('reads user, role and account', () => {
    expect(callerOf(metadata(full))).toEqual({ userId: 'u1', role: 'OWNER', accountId: 'a1' });
  });

  it.each([
    ['no user', { ...full, 'x-user-id': '' }],
    ['an unknown role', { ...full, 'x-user-role': 'ROOT' }],
    ['no account', { ...full, 'x-account-id': '' }],
    ['an account that is not a subject token', { ...full, 'x-account-id': 'a.>' }],
  ])('refuses %s as unauthenticated', (_what, values) => {
    expect(() => callerOf(metadata(values))).toThrow(expect.objectContaining({ kind: 'unauthenticated' }));
  });
});
