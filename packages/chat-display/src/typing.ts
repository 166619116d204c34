import { TYPING_DEBOUNCE_MS, TYPING_RESET_MS } from '@parley/contracts';

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface TypingSignal {
  /** Call on every keystroke. */
  input(): void;
  /** The text was sent or cleared: not typing any more, at once. */
  stop(): void;
  dispose(): void;
}

/**
 * Spec "Typing signal: debounced 500 ms; resets to not-typing after 3 s": 'typing' goes out once
 * the keystrokes pause for 500 ms, and 'not typing' 3 s after the last keystroke. Only changes are
 * sent.
 */
export function createTypingSignal(
  send: (isTyping: boolean) => unknown,
  options: { debounceMs?: number; resetMs?: number; timers?: Timers } = {},
): TypingSignal {
  const { debounceMs = TYPING_DEBOUNCE_MS, resetMs = TYPING_RESET_MS, timers = realTimers } = options;
  let typing = false;
  let debounce: unknown = null;
  let reset: unknown = null;
  const clear = () => {
    if (debounce !== null) timers.clearTimeout(debounce);
    if (reset !== null) timers.clearTimeout(reset);
    debounce = reset = null;
  };
  // A change the transport could not send (false: its socket was down) is not recorded as sent,
  // so the next keystroke tries again instead of the other side never hearing it.
  const setTyping = (value: boolean) => {
    if (typing === value) return;
    if (send(value) !== false) typing = value;
  };
  return {
    input() {
      clear();
      debounce = timers.setTimeout(() => {
        debounce = null;
        setTyping(true);
      }, debounceMs);
      reset = timers.setTimeout(() => {
        reset = null;
        setTyping(false);
      }, resetMs);
    },
    stop() {
      clear();
      setTyping(false);
    },
    dispose() {
      clear();
    },
  };
}

/**
 * The other side's indicator: shown on 'typing', hidden on 'not typing', on a new message from
 * them, or when no signal came for 3 s (a lost 'not typing' must not leave it on forever).
 */
export type TypingIndicatorEvent =
  { type: 'status'; isTyping: boolean } | { type: 'message' } | { type: 'expired' };

export function nextTypingIndicator(event: TypingIndicatorEvent): boolean {
  return event.type === 'status' ? event.isTyping : false;
}
