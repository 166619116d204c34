import { randomUUID } from 'node:crypto';
import { EventStore, ensureStream, executeCommand } from '@parley/eventstore';
import { connectTestNats, deleteNamespaceStreams, eventually, randomNamespace } from '@parley/testing';
import type { NatsConnection } from 'nats';
import { customerDecider } from '../domain/customer/decide';
import { subjects } from './aggregates';
import { watchStates, type WatchedStates } from './watched-states';

/**
 * The customer and visitor-key states a visitor message reads without a round trip: kept while
 * nothing is appended to them, dropped as soon as another replica (here: another connection and
 * store) appends.
 */
let nc: NatsConnection;
let other: NatsConnection;
let namespace: string;
let store: EventStore;
let otherStore: EventStore;
let watched: WatchedStates;
let loads: string[];

beforeAll(async () => {
  namespace = randomNamespace();
  nc = await connectTestNats();
  other = await connectTestNats();
  await ensureStream(nc, 'conversations', namespace);
  store = new EventStore(nc, { context: 'conversations', namespace });
  // Every read that reaches NATS, by subject (the store's own load, counted).
  loads = [];
  const load = store.load.bind(store);
  store.load = ((subject: string) => {
    loads.push(subject);
    return load(subject);
  }) as EventStore['load'];
  otherStore = new EventStore(other, { context: 'conversations', namespace });
  watched = watchStates(nc, store, { context: 'conversations', namespace, maxEntries: 2 });
  await nc.flush();
});

afterAll(async () => {
  watched?.stop();
  await deleteNamespaceStreams(nc, namespace);
  await other?.close();
  await nc?.close();
});

async function register(on: EventStore): Promise<string> {
  const customerId = randomUUID();
  await executeCommand(
    on,
    subjects(on).customer(customerId),
    customerDecider,
    {
      type: 'Register',
      customerId,
      accountId: randomUUID(),
      domainId: randomUUID(),
      roomId: randomUUID(),
      now: 1,
    },
    { commandId: randomUUID() },
  );
  // The append's delivery to this process's subscription is behind us (it would drop a read).
  await nc.flush();
  return customerId;
}

const setEmail = (on: EventStore, customerId: string, email: string) =>
  executeCommand(
    on,
    subjects(on).customer(customerId),
    customerDecider,
    { type: 'SetEmail', email, now: 2 },
    { commandId: randomUUID() },
  );

it('reads an unchanged customer once, and again after another replica appends to it', async () => {
  const customerId = await register(otherStore);
  const subject = subjects(store).customer(customerId);
  loads.length = 0;
  expect((await watched.load(subject, customerDecider)).state.email).toBeNull();
  expect((await watched.load(subject, customerDecider)).state.email).toBeNull();
  expect(loads).toEqual([subject]);

  await setEmail(otherStore, customerId, 'ada@example.com');
  await eventually(async () => {
    expect((await watched.load(subject, customerDecider)).state.email).toBe('ada@example.com');
  });
  const after = loads.length;
  await watched.load(subject, customerDecider);
  expect(loads).toHaveLength(after);
});

it('keeps at most maxEntries states, dropping the least recently used', async () => {
  const [a, b, c] = await Promise.all([register(otherStore), register(otherStore), register(otherStore)]);
  const at = (id: string) => subjects(store).customer(id);
  for (const id of [a!, b!, a!, c!]) await watched.load(at(id), customerDecider);
  loads.length = 0;
  await watched.load(at(a!), customerDecider);
  await watched.load(at(c!), customerDecider);
  expect(loads).toEqual([]);
  await watched.load(at(b!), customerDecider);
  expect(loads).toEqual([at(b!)]);
});
