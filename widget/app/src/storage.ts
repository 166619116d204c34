import { WIDGET_CHAT_TTL_MS, type ChatMessage } from '@parley/contracts';

/** Spec "Local widget chat storage: expires after 24 h" — the visitor key and the chat so far. */
export interface StoredChat {
  visitorKey: string;
  savedAt: number;
  messages: ChatMessage[];
}

export const storageKey = (domainId: string) => `parley.widget.${domainId}`;

/** What is stored, or null when it is missing, unreadable or older than 24 hours. */
export function readStoredChat(raw: string | null, now: number): StoredChat | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const s = parsed as Partial<StoredChat>;
  if (typeof s.visitorKey !== 'string' || !s.visitorKey || typeof s.savedAt !== 'number') return null;
  if (now - s.savedAt >= WIDGET_CHAT_TTL_MS || s.savedAt > now + 60_000) return null;
  return {
    visitorKey: s.visitorKey,
    savedAt: s.savedAt,
    messages: Array.isArray(s.messages) ? s.messages : [],
  };
}

let own: Storage | null | undefined;
/** This frame's localStorage, or null where the browser denies storage to third-party frames. */
function ownStorage(): Storage | null {
  if (own !== undefined) return own;
  try {
    own = window.localStorage;
    own.getItem('probe');
  } catch {
    own = null;
  }
  return own;
}

/** Where the own storage is denied, the loader keeps the visitor key on the host page. */
let sendToHost: ((value: string | null) => void) | null = null;
let hostValue: string | null = null;
let hostArrived: () => void = () => undefined;
const hostAnswer = new Promise<void>((resolve) => (hostArrived = resolve));
// The loader answers the hello at once; the wait only covers a host page too busy to run its handler.
const HOST_WAIT_MS = 3000;
/** The host copy is refreshed at most this often (each message would otherwise post one). */
const HOST_REFRESH_MS = 60_000;

/** The visitor key and the chat so far: in this frame's storage, or the key alone on the host page. */
export const browserStore = {
  connectHost(send: (value: string | null) => void) {
    sendToHost = send;
  },
  receiveHost(value: string | null) {
    hostValue = value;
    hostArrived();
  },
  /** Resolves once what was kept can be read: at once, or when the loader answered (1 s at most). */
  ready(): Promise<void> {
    if (ownStorage() || !sendToHost) return Promise.resolve();
    return Promise.race([hostAnswer, new Promise<void>((r) => setTimeout(r, HOST_WAIT_MS))]);
  },
  load(domainId: string, now = Date.now()): StoredChat | null {
    const storage = ownStorage();
    if (!storage) return readStoredChat(hostValue, now);
    try {
      const key = storageKey(domainId);
      const stored = readStoredChat(storage.getItem(key), now);
      if (!stored) storage.removeItem(key);
      return stored;
    } catch {
      return null;
    }
  },
  save(domainId: string, chat: StoredChat): void {
    const storage = ownStorage();
    if (storage) {
      try {
        storage.setItem(storageKey(domainId), JSON.stringify(chat));
      } catch {
        // Quota: the chat is refetched from the server next time.
      }
      return;
    }
    const previous = readStoredChat(hostValue, chat.savedAt);
    if (previous?.visitorKey === chat.visitorKey && chat.savedAt - previous.savedAt < HOST_REFRESH_MS) return;
    hostValue = JSON.stringify({ visitorKey: chat.visitorKey, savedAt: chat.savedAt });
    sendToHost?.(hostValue);
  },
};
