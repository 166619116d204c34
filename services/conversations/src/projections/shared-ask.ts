/**
 * One question for every caller that came while none was on its way (the read-model barrier's
 * stream-info request): a caller joins the next request sent after it came, never one already
 * sent, whose answer may predate a write the caller saw acknowledged; so each still gets an
 * answer at least as new as its own moment. Under load this turns one request per query into one
 * per round trip (runs AD). A failure reaches the callers of that request only.
 */
export function sharedAsk<T>(ask: () => Promise<T>): () => Promise<T> {
  let sent: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const send = () => {
    const asked = ask();
    sent = asked;
    const settled = () => {
      if (sent === asked) sent = undefined;
    };
    asked.then(settled, settled);
    return asked;
  };
  return () => {
    if (!sent) return send();
    const after = sent;
    return (next ??= after
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        next = undefined;
        return send();
      }));
  };
}
