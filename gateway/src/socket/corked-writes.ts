import type { EventEmitter } from 'node:events';

/** What corking needs of the TCP socket under a WebSocket connection. */
export interface Corkable {
  cork(): void;
  uncork(): void;
}

/**
 * The TCP socket under an engine.io connection, when it is a WebSocket (the `ws` connection keeps
 * it as `_socket`, the way engine.io itself reaches into `_sender`); undefined for polling.
 */
export function rawSocketOf(conn: unknown): Corkable | undefined {
  const transport = (conn as { transport?: { name?: string; socket?: { _socket?: unknown } } }).transport;
  if (transport?.name !== 'websocket') return undefined;
  const raw = transport.socket?._socket as Partial<Corkable> | undefined;
  return typeof raw?.cork === 'function' && typeof raw.uncork === 'function' ? (raw as Corkable) : undefined;
}

/**
 * Holds each WebSocket's frames of one event-loop turn and writes them together at its end. `ws`
 * writes every frame with a `writev` of its own (engine.io hands it one frame per Socket.IO
 * packet), and on the gateway's busiest path those writes were its largest single cost
 * (docs/benchmarks.md, issue 18): a dashboard socket receives a frame for each visitor message,
 * and a relayed run of events reaches it within one turn. Corked at the first frame of the turn
 * and uncorked in the turn's check phase (setImmediate), so nothing waits longer than the turn;
 * frames keep their order (one socket, one buffer). `engine` is the engine.io server, which
 * emits `flush` (connection, packets) before handing a connection's packets to its transport.
 */
export function corkWritesPerTurn(
  engine: EventEmitter,
  rawSocket: (conn: unknown) => Corkable | undefined = rawSocketOf,
): void {
  let corked = new Set<Corkable>();
  const uncorkAll = () => {
    const due = corked;
    corked = new Set();
    for (const socket of due) socket.uncork();
  };
  engine.on('flush', (conn: unknown) => {
    const socket = rawSocket(conn);
    if (!socket || corked.has(socket)) return;
    if (corked.size === 0) setImmediate(uncorkAll);
    socket.cork();
    corked.add(socket);
  });
}
