import { isAppError } from '@parley/contracts';

/**
 * Errors that say nothing about the event: the database is unreachable, restarting or
 * overloaded, or the transaction lost a serialisation race. They do not use up a message's
 * attempts (parking a good event because PostgreSQL restarted would lose it from the read
 * model); the runner backs off and resumes from its checkpoint instead.
 */
export function isTransientDatabaseError(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (/^(08|53|57P)/.test(code)) return true; // connection exception, insufficient resources, operator intervention
    if (code === '40001' || code === '40P01') return true; // serialization failure, deadlock
    if (/^E(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT|HOSTUNREACH|NOTFOUND)$/.test(code)) return true;
  }
  return /Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Cannot use a pool after calling end/i.test(
    e.message,
  );
}

// NATS client errors of a server that is away or overloaded (not of a message it refused).
const NATS_AWAY = new Set([
  'TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_DRAINING',
  'CONNECTION_REFUSED',
  'CONNECTION_TIMEOUT',
  'DISCONNECT',
  '503', // no responders: JetStream is not (yet) there
  '408',
]);

/**
 * Errors that say nothing about the event, so they use up none of its attempts: the database's
 * (isTransientDatabaseError), NATS being away, and a service a reactor calls answering
 * `unavailable` (gRPC UNAVAILABLE, deadlines, a refused connection). The runner backs off and
 * resumes from its checkpoint; parking the event would lose it for as long as the outage lasted.
 */
export function isTransientError(e: unknown): boolean {
  if (isTransientDatabaseError(e)) return true;
  if (isAppError(e)) return e.kind === 'unavailable';
  if (!(e instanceof Error)) return false;
  const code = (e as { code?: unknown }).code;
  return e.name === 'NatsError' && typeof code === 'string' && NATS_AWAY.has(code);
}
