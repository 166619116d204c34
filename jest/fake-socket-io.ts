// A stand-in for socket.io-client's socket in unit specs of the browser hooks: it records what the
// client emits, answers acks through a function the spec sets, and lets the spec play the server
// (connect, drop, push an event). Install with
//   jest.mock('socket.io-client', () => jest.requireActual('<path>/jest/fake-socket-io').socketIoModule);
// The specs at the edges (e2e) cover the real transport.

type Listener = (...args: unknown[]) => void;

export interface Emitted {
  event: string;
  payload: unknown;
}

/** The server's answer to an emit with an ack (or its promise); undefined: no answer in time. */
export type Answer = (event: string, payload: unknown) => unknown;

/** By default the server accepts: every subscribe with no cursor yet, everything else `{ ok: true }`. */
export const acceptAll: Answer = (event) =>
  event === 'subscribe' ? { ok: true, cursor: null } : { ok: true };

export class FakeSocket {
  connected = false;
  /** socket.io's "will reconnect by itself": false after a refusal or a server-side drop. */
  active = true;
  connectCalls = 0;
  readonly emitted: Emitted[] = [];
  answer: Answer = acceptAll;
  /** What the last handshake carried (the `auth` option's answer). */
  auth: unknown;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(
    readonly url: string,
    readonly options: unknown,
  ) {}

  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  removeAllListeners(): this {
    this.listeners.clear();
    return this;
  }

  connect(): this {
    this.connectCalls++;
    this.active = true;
    return this;
  }

  disconnect(): this {
    this.connected = false;
    this.active = false;
    return this;
  }

  emit(event: string, payload: unknown, ack?: (answer: unknown) => void): this {
    this.emitted.push({ event, payload });
    void Promise.resolve(this.answer(event, payload)).then((answer) => {
      if (ack && answer !== undefined) ack(answer);
    });
    return this;
  }

  timeout(_ms: number) {
    return {
      emit: (event: string, payload: unknown, ack: (err: Error | null, answer?: unknown) => void) => {
        this.emitted.push({ event, payload });
        void Promise.resolve(this.answer(event, payload)).then((answer) =>
          answer === undefined ? ack(new Error('operation has timed out')) : ack(null, answer),
        );
      },
      emitWithAck: async (event: string, payload: unknown): Promise<unknown> => {
        this.emitted.push({ event, payload });
        const answer = await this.answer(event, payload);
        if (answer === undefined) throw new Error('operation has timed out');
        return answer;
      },
    };
  }

  /** What the client emitted under `event`, in order. */
  sent(event: string): unknown[] {
    return this.emitted.filter((e) => e.event === event).map((e) => e.payload);
  }

  // The server's side.

  /** The handshake: the client's `auth` callback (its token) is read, then 'connect'. */
  serverConnect(): void {
    const auth = (this.options as { auth?: unknown } | undefined)?.auth;
    if (typeof auth === 'function')
      (auth as (cb: (data: unknown) => void) => void)((data) => (this.auth = data));
    this.connected = true;
    this.fire('connect');
  }

  /** The connection is lost (socket.io then reconnects by itself) or ended by the server. */
  serverDrop(reason: 'transport close' | 'io server disconnect' = 'transport close'): void {
    this.connected = false;
    if (reason === 'io server disconnect') this.active = false;
    this.fire('disconnect', reason);
  }

  serverEmit(event: string, payload: unknown): void {
    this.fire(event, payload);
  }

  private fire(event: string, ...args: unknown[]): void {
    for (const l of [...(this.listeners.get(event) ?? [])]) l(...args);
  }
}

/** Every socket opened since the last `reset()`, oldest first. */
export const opened: FakeSocket[] = [];

export function reset(): void {
  opened.length = 0;
}

/** The module's replacement: `io(url, options)` opens a FakeSocket. */
export const socketIoModule = {
  io: (url: string, options: unknown) => {
    const socket = new FakeSocket(url, options);
    opened.push(socket);
    return socket;
  },
};
