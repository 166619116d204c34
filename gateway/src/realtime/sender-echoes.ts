import { LRUCache } from 'lru-cache';

/**
 * Which widget socket each visitor message came in on, from its post until the relay delivers it.
 * That socket has the message already (the post's ack carries it, and the widget shows the ack's
 * copy), so its `chat-message` leaves that one socket out: a frame, a write and a wake-up of the
 * visitor's device fewer per message (docs/benchmarks.md, runs BE). The visitor's other tabs
 * and the team get it as before, and a post over HTTP is echoed as before. The message is keyed
 * by its client id (the widget's idempotency key, in the event and in the emitted message),
 * known before the post, so an echo relayed before the ack arrives is left out too.
 *
 * Per replica: the sender's socket lives here, and every replica's relay delivers to its own
 * sockets through `take` (the relaying one directly, the others from its announcement). A
 * client id another visitor reuses can only leave out a socket of the reuser's, which is in no
 * room of the other visitor's. Entries nothing takes (a refused post, a repeated client id that
 * posted nothing new) go after `ttlMs` or when `max` are held.
 */
export interface SenderEchoes {
  /** `socketId` is posting the message with `clientId`. */
  posting(clientId: string, socketId: string): void;
  /** Its post failed: nothing will be relayed for it from this socket. */
  failed(clientId: string, socketId: string): void;
  /** The socket that posted the message with `clientId`, once; undefined when none did here. */
  take(clientId: string | undefined): string | undefined;
}

export const SENDER_ECHO_TTL_MS = 60_000;
export const SENDER_ECHO_MAX = 20_000;

export function senderEchoes(ttlMs = SENDER_ECHO_TTL_MS, max = SENDER_ECHO_MAX): SenderEchoes {
  const sockets = new LRUCache<string, string>({ max, ttl: ttlMs });
  return {
    posting(clientId, socketId) {
      if (clientId) sockets.set(clientId, socketId);
    },
    failed(clientId, socketId) {
      if (sockets.get(clientId) === socketId) sockets.delete(clientId);
    },
    take(clientId) {
      if (!clientId) return undefined;
      const socketId = sockets.get(clientId);
      if (socketId !== undefined) sockets.delete(clientId);
      return socketId;
    },
  };
}

/** The client id of a visitor-message payload (checked by the post itself), or undefined. */
export function clientIdOf(payload: unknown): string | undefined {
  const clientId = (payload as { clientId?: unknown } | null)?.clientId;
  return typeof clientId === 'string' && clientId ? clientId : undefined;
}

/**
 * The client id of a visitor's own message as the relay emits it (a ChatMessage of role 'user'),
 * or undefined: a team or assistant message never leaves a visitor's socket out, whatever its id.
 */
export function visitorClientIdOf(message: unknown): string | undefined {
  return (message as { role?: unknown } | null)?.role === 'user' ? clientIdOf(message) : undefined;
}
