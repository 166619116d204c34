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
