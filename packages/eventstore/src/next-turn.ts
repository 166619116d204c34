let turn: Promise<void> | undefined;

/**
 * Resolves at the end of this turn of the event loop, together for every caller of the turn.
 * Publishes made right after it go out in one write: the NATS client flushes its buffer a
 * microtask after the first command it holds, and every caller resumes before that flush. (The
 * appends of the event store, the gateway relay's acks.)
 */
export function nextTurn(): Promise<void> {
  turn ??= new Promise<void>((resolve) =>
    setImmediate(() => {
      turn = undefined;
      resolve();
    }),
  );
  return turn;
}
