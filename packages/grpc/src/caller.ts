import { AppError } from '@parley/contracts';

/** The `Caller` message the services' protos share, as proto-loader hands it over. */
export interface CallerMessage {
  userId?: string;
  role?: string;
  accountId?: string;
}

/** A team member the gateway read from a verified access token. */
export interface Caller {
  userId: string;
  role: string;
  accountId: string;
}

/** Account ids become parts of queries, subjects and events: no dots, wildcards or spaces. */
const TOKEN = /^[A-Za-z0-9_-]{1,200}$/;
const ROLES = new Set(['OWNER', 'ADMIN', 'AGENT']);

/**
 * The team caller a request names in its `caller` field. The gateway always sets it from the
 * verified token, so a missing or malformed one is refused before anything is read or written.
 */
export function callerFrom(message: CallerMessage | null | undefined): Caller {
  const caller = {
    userId: message?.userId ?? '',
    role: message?.role ?? '',
    accountId: message?.accountId ?? '',
  };
  if (!caller.userId || !ROLES.has(caller.role) || !TOKEN.test(caller.accountId)) {
    throw new AppError('unauthenticated', 'Caller is not identified', [], 'NO_CALLER');
  }
  return caller;
}
