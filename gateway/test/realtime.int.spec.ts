import { generateKeyPair, SignJWT } from 'jose';
import { io as connect, type Socket } from 'socket.io-client';
import { registerOwner, type Registered } from './support/flows';
import { FRONTEND, startStack, type TestGateway, type TestStack } from './support/stack';

let stack: TestStack;
let gatewayA: TestGateway;
let gatewayB: TestGateway;
let owner: Registered;
let ownerCookie: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  stack = await startStack();
  gatewayA = stack.gateways[0]!;
  gatewayB = await stack.startGateway();
  const client = stack.client();
  owner = await registerOwner(stack, client);
  ownerCookie = `parley_at=${client.cookie('parley_at')!.value}`;
}, 120_000);

afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

afterAll(async () => {
  await stack?.dispose();
});

interface OpenedSocket {
  socket: Socket;
  /** 'connected' or the connect_error message; listened for from the start, so it can't be missed. */
  outcome: Promise<string>;
}

function open(
  gateway: TestGateway,
  options: { token?: string; headers?: Record<string, string> } = {},
): OpenedSocket {
  const socket = connect(gateway.url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 10_000,
    ...(options.token === undefined ? {} : { auth: { token: options.token } }),
    ...(options.headers ? { extraHeaders: options.headers } : {}),
  });
  sockets.push(socket);
  const outcome = new Promise<string>((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error) => resolve(error.message));
  });
  return { socket, outcome };
}

function nextEvent<T>(socket: Socket, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

describe('Socket.IO handshake', () => {
  it('refuses a handshake without a token', async () => {
    expect(await open(gatewayA).outcome).toBe('unauthorized');
  });

  it('refuses a garbage token and a token signed with another key', async () => {
    expect(await open(gatewayA, { token: 'not-a-jwt' }).outcome).toBe('unauthorized');
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({ role: 'ADMIN', acct: owner.user.id })
      .setProtectedHeader({ alg: 'ES256' })
      .setSubject(owner.user.id)
      .setIssuer('http://localhost:4101')
      .setAudience('parley')
      .setExpirationTime('5m')
      .sign(privateKey);
    expect(await open(gatewayA, { token: forged }).outcome).toBe('unauthorized');
  });

  it('accepts the access token in auth.token', async () => {
    expect(await open(gatewayA, { token: owner.accessToken }).outcome).toBe('connected');
  });

  it('accepts the parley_at cookie from the frontend origin, and refuses it from elsewhere', async () => {
    expect(await open(gatewayA, { headers: { cookie: ownerCookie, origin: FRONTEND } }).outcome).toBe(
      'connected',
    );
    expect(
      await open(gatewayA, { headers: { cookie: ownerCookie, origin: 'https://evil.example' } }).outcome,
    ).toBe('unauthorized');
    expect(await open(gatewayA, { headers: { cookie: ownerCookie } }).outcome).toBe('unauthorized');
  });
});

describe('fan-out to user rooms', () => {
  it('an emit to user-{id} on gateway A reaches the user connected to gateway B, and nobody else', async () => {
    const other = await registerOwner(stack, stack.client());
    const { socket: onB, outcome: ownerConnected } = open(gatewayB, { token: owner.accessToken });
    const { socket: otherOnB, outcome: otherConnected } = open(gatewayB, { token: other.accessToken });
    expect(await ownerConnected).toBe('connected');
    expect(await otherConnected).toBe('connected');
    const seenByOwner: unknown[] = [];
    const seenByOther: unknown[] = [];
    onB.on('notification', (p: unknown) => seenByOwner.push(p));
    otherOnB.on('notification', (p: unknown) => seenByOther.push(p));

    const ownerReceived = nextEvent(onB, 'notification');
    gatewayA.emitToUser(owner.user.id, 'notification', { message: 'Your domain is ready' });
    await ownerReceived;
    // Both emits travel A -> Redis -> B in order: once the second has arrived, a leak of the first would have too.
    const otherReceived = nextEvent(otherOnB, 'notification');
    gatewayA.emitToUser(other.user.id, 'notification', { message: 'for the other owner' });
    await otherReceived;

    expect(seenByOwner).toEqual([{ message: 'Your domain is ready' }]);
    expect(seenByOther).toEqual([{ message: 'for the other owner' }]);
  });

  it('reaches every socket of the user, on every replica', async () => {
    const { socket: onA, outcome: connectedToA } = open(gatewayA, { token: owner.accessToken });
    const { socket: onB, outcome: connectedToB } = open(gatewayB, { token: owner.accessToken });
    expect(await connectedToA).toBe('connected');
    expect(await connectedToB).toBe('connected');
    const both = Promise.all([nextEvent(onA, 'ping-user'), nextEvent(onB, 'ping-user')]);
    gatewayB.emitToUser(owner.user.id, 'ping-user', { n: 1 });
    expect(await both).toEqual([{ n: 1 }, { n: 1 }]);
  });
});

describe('shutdown', () => {
  it('stop() closes the sockets, stops accepting and leaves the other replica serving', async () => {
    const third = await stack.startGateway();
    const { socket, outcome } = open(third, { token: owner.accessToken });
    expect(await outcome).toBe('connected');
    const disconnected = nextEvent<string>(socket, 'disconnect');
    await third.stop();
    // A transport close, not a server "disconnect" packet: clients then reconnect (to another replica).
    expect(await disconnected).toBe('transport close');
    await expect(fetch(`${third.url}/healthz`)).rejects.toThrow();
    expect((await fetch(`${gatewayB.url}/healthz`)).status).toBe(200);
  });
});
