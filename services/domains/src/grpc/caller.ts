import type { Metadata } from '@grpc/grpc-js';
import { AppError } from '@parley/contracts';
import type { Caller } from '../app/deps';

/** Account ids become subject tokens: no dots, wildcards or spaces. */
const TOKEN = /^[A-Za-z0-9_-]{1,200}$/;
const ROLES = new Set(['OWNER', 'ADMIN', 'AGENT']);

/** The caller the gateway names in metadata (x-user-id, x-user-role, x-account-id). */
export function callerOf(metadata: Metadata): Caller {
  const read = (key: string) => {
    const value = metadata.get(key)[0];
    return typeof value === 'string' ? value : '';
  };
  const caller = { userId: read('x-user-id'), role: read('x-user-role'), accountId: read('x-account-id') };
  if (!caller.userId || !ROLES.has(caller.role) || !TOKEN.test(caller.accountId)) {
    throw new AppError('unauthenticated', 'Caller is not identified', [], 'NO_CALLER');
  }
  return caller;
}
