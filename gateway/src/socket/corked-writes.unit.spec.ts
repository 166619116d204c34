import { EventEmitter } from 'node:events';
import { corkWritesPerTurn, rawSocketOf, type Corkable } from './corked-writes';

const turnEnds = () => new Promise((resolve) => setImmediate(resolve));

function fakeSocket(log: string[], name: string): Corkable {
  return { cork: () => log.push(`cork ${name}`), uncork: () => log.push(`uncork ${name}`) };
}

describe('corkWritesPerTurn', () => {
  it('corks a socket at its first flush of the turn and uncorks it once, at the end of the turn', async () => {
    const log: string[] = [];
    const a = fakeSocket(log, 'a');
    const b = fakeSocket(log, 'b');
    const engine = new EventEmitter();
    corkWritesPerTurn(engine, (conn) => conn as Corkable);
    engine.emit('flush', a);
    engine.emit('flush', b);
    engine.emit('flush', a);
    expect(log).toEqual(['cork a', 'cork b']);
    await turnEnds();
    expect(log).toEqual(['cork a', 'cork b', 'uncork a', 'uncork b']);
    engine.emit('flush', a); // a new turn corks again
    await turnEnds();
    expect(log.slice(4)).toEqual(['cork a', 'uncork a']);
  });

  it('leaves connections without a WebSocket alone', async () => {
    const engine = new EventEmitter();
    corkWritesPerTurn(engine);
    expect(() => engine.emit('flush', { transport: { name: 'polling' } })).not.toThrow();
    await turnEnds();
  });
});

describe('rawSocketOf', () => {
  it('is the TCP socket under a WebSocket transport, and nothing for polling', () => {
    const raw = { cork() {}, uncork() {} };
    expect(rawSocketOf({ transport: { name: 'websocket', socket: { _socket: raw } } })).toBe(raw);
    expect(rawSocketOf({ transport: { name: 'polling', socket: { _socket: raw } } })).toBeUndefined();
    expect(rawSocketOf({ transport: { name: 'websocket', socket: {} } })).toBeUndefined();
  });
});
