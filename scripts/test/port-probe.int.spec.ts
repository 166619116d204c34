import { connect, createServer, type AddressInfo, type Server } from 'node:net';
import { canConnect, isPortFree, isPortFreeSoon } from '../lib/net.mjs';

/**
 * `npm start` refused to start on a busy machine: "ports already in use: 50052 (notifications)"
 * while nothing listened there: an outgoing connection held 50052 as its local end for a moment
 * (the programs' ports are in Linux's ephemeral range, 32768-60999).
 */
const servers: Server[] = [];

async function listening(): Promise<number> {
  const server = createServer((s) => s.on('error', () => undefined));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '0.0.0.0' }, resolve));
  return (server.address() as AddressInfo).port;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

it('an outgoing connection s local port cannot be listened on, and nothing accepts on it', async () => {
  // The kernel picks the local port, as for any outgoing connection.
  const client = connect({ port: await listening(), host: '127.0.0.1' });
  await new Promise((resolve) => client.once('connect', resolve));
  const held = client.localPort!;
  try {
    expect(await isPortFree(held)).toBe(false);
    expect(await canConnect(held)).toBe(false);
  } finally {
    client.destroy();
  }
});

it('waits out a port that is held but not listened on', async () => {
  let held = 3;
  const probes = {
    isPortFree: async () => held-- <= 0,
    canConnect: async () => false,
  };
  const started = Date.now();
  expect(await isPortFreeSoon(50052, { waitMs: 5000, intervalMs: 100, probes })).toBe(true);
  expect(Date.now() - started).toBeGreaterThanOrEqual(250);
});

it('gives up on a port held longer than it waits', async () => {
  const probes = { isPortFree: async () => false, canConnect: async () => false };
  expect(await isPortFreeSoon(50052, { waitMs: 300, intervalMs: 50, probes })).toBe(false);
});

it('reports a port something listens on at once', async () => {
  const port = await listening();
  const started = Date.now();
  expect(await isPortFreeSoon(port, { waitMs: 5000 })).toBe(false);
  expect(Date.now() - started).toBeLessThan(2000);
});
