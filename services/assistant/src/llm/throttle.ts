/** A sentence or line just ended: a natural point to show the visitor what is there so far. */
const SENTENCE_END = /[.!?…:\n]\s*$/;

/**
 * Streams the growing text to `emit` without sending one update per token: at most one per
 * `intervalMs`, except that a finished sentence goes out at once. `flush` sends whatever is still
 * unsent (the end of the answer).
 */
export function deltaThrottle(
  emit: (textSoFar: string) => void,
  intervalMs: number,
  now: () => number = Date.now,
) {
  let lastAt = -Infinity;
  let sent = '';
  let latest = '';
  const send = () => {
    if (latest === sent) return;
    sent = latest;
    lastAt = now();
    emit(latest);
  };
  return {
    push(textSoFar: string) {
      latest = textSoFar;
      if (SENTENCE_END.test(textSoFar) || now() - lastAt >= intervalMs) send();
    },
    flush: send,
  };
}
