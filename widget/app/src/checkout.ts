import type { ChatMessage } from '@parley/contracts';

/**
 * Which assistant purchase reply opens the payment flow by itself: one that came in while the
 * widget was open (a reply to what the visitor just wrote), never one of the history it loaded.
 * Each reply opens it once; when several came at once, the last one does.
 */
export function checkoutWatcher() {
  let handled: Set<string> | null = null;
  return {
    /** The product to open for `messages`, or null. The first call takes in the history as handled. */
    next(messages: readonly Pick<ChatMessage, 'id' | 'checkoutProductId'>[]): string | null {
      const replies = messages.filter((m) => m.checkoutProductId);
      if (handled === null) {
        handled = new Set(replies.map((m) => m.id));
        return null;
      }
      let open: string | null = null;
      for (const m of replies) {
        if (handled.has(m.id)) continue;
        handled.add(m.id);
        open = m.checkoutProductId;
      }
      return open;
    },
  };
}
