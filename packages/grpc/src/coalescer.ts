import { context, ROOT_CONTEXT } from '@opentelemetry/api';

export interface CoalescerOptions {
  /** The most items one batch carries; the batch goes at once when it is full. */
  maxItems: number;
  /**
   * How long the first item of a batch waits for others: 0 sends at the end of the event-loop
   * turn it came in (setImmediate: what that turn's I/O delivered goes together, a lone item
   * waits for nothing but the turn's end), more waits that many milliseconds.
   */
  windowMs: number;
}

/** What one batch call answers per item: its value, or the error its own call would have failed with. */
export type ItemOutcome<Out> = { ok: Out } | { error: Error };

/**
 * Sends a batch: one answer per item, in the items' order. A rejection is the whole call's failure
 * (unavailable, deadline) and fails each of its items with it.
 */
export type SendBatch<In, Out> = (items: In[]) => Promise<Array<ItemOutcome<Out>>>;

interface Waiting<In, Out> {
  item: In;
  resolve(value: Out): void;
  reject(error: unknown): void;
}

/**
 * Gathers the items of one turn (or window) into one call of `send`, keeping their order; each
 * caller gets its own item's answer or error. `send` runs outside every caller's trace context
 * (each item carries its own): the batch is no one caller's child.
 */
export function coalescer<In, Out>(
  send: SendBatch<In, Out>,
  options: CoalescerOptions,
): (item: In) => Promise<Out> {
  const maxItems = Math.max(1, Math.floor(options.maxItems));
  let queue: Array<Waiting<In, Out>> = [];
  let scheduled: { cancel(): void } | undefined;

  const flush = () => {
    scheduled?.cancel();
    scheduled = undefined;
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    const fail = (error: unknown) => {
      for (const w of batch) w.reject(error);
    };
    let sent: Promise<Array<ItemOutcome<Out>>>;
    try {
      sent = context.with(ROOT_CONTEXT, () => send(batch.map((w) => w.item)));
    } catch (error) {
      fail(error);
      return;
    }
    sent.then((outcomes) => {
      batch.forEach((w, i) => {
        const outcome = outcomes[i];
        if (!outcome) w.reject(new Error(`batch answered ${outcomes.length} of ${batch.length} items`));
        else if ('ok' in outcome) w.resolve(outcome.ok);
        else w.reject(outcome.error);
      });
    }, fail);
  };

  const schedule = () => {
    if (options.windowMs > 0) {
      const timer = setTimeout(flush, options.windowMs);
      return { cancel: () => clearTimeout(timer) };
    }
    const immediate = setImmediate(flush);
    return { cancel: () => clearImmediate(immediate) };
  };

  return (item) =>
    new Promise<Out>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (queue.length >= maxItems) flush();
      else scheduled ??= schedule();
    });
}
