/**
 * Whether an error a handler threw means a store it depends on (PostgreSQL, NATS, Redis) could
 * not be reached or refused to work right now, rather than a defect. Such a failure is the
 * caller's `unavailable` (503, 'try again'), not `internal` (500): the request was fine and will
 * work once the store is back.
 */
export function isDependencyOutage(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || isPostgresOutage(code))) return true;
    if (typeof message === 'string' && OUTAGE_MESSAGES.some((m) => message.includes(m))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // nats.js: the connection closed or the server did not answer in time.
  'CONNECTION_CLOSED',
  'CONNECTION_DRAINING',
  'DISCONNECT',
  'TIMEOUT',
  '503',
]);

/**
 * SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, cannot
 * connect now), and 53300 (too many connections): the database is away, not the query wrong.
 */
function isPostgresOutage(code: string): boolean {
  return /^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-4]$/.test(code) || code === '53300';
}

// node-postgres and node-redis say these without a code.
const OUTAGE_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'The client is closed',
  'Socket closed unexpectedly',
];
