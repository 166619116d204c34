/**
 * One question per key for every caller that came while none was on its way: a caller joins the
 * next question sent after it came, never one already sent, whose answer may predate a write the
 * caller saw acknowledged; so each still gets an answer at least as new as its own moment. Under
 * load this turns one question per caller into one per round trip (the read-model barrier's
 * stream-info request, runs AD; the gateway's kept team reads, runs AQ). A failure reaches the
 * callers of that question only. The question asked is that of the caller who sent it; a key
 * costs nothing once nothing is on its way for it.
 */
export function sharedAskPerKey<T>(): (key: string, ask: () => Promise<T>) => Promise<T> {
  const sent = new Map<string, Promise<T>>();
  const next = new Map<string, Promise<T>>();
  const send = (key: string, ask: () => Promise<T>) => {
    const asked = ask();
    sent.set(key, asked);
    const settled = () => {
      if (sent.get(key) === asked) sent.delete(key);
    };
    asked.then(settled, settled);
    return asked;
  };
  const ignore = () => undefined;
  return (key, ask) => {
    const after = sent.get(key);
    if (!after) return send(key, ask);
    let joined = next.get(key);
    if (!joined) {
      joined = after.then(ignore, ignore).then(() => {
        next.delete(key);
        return send(key, ask);
      });
      next.set(key, joined);
    }
    return joined;
  };
}

/** sharedAskPerKey with one key and one question. */
export function sharedAsk<T>(ask: () => Promise<T>): () => Promise<T> {
  const shared = sharedAskPerKey<T>();
  return () => shared('', ask);
}
