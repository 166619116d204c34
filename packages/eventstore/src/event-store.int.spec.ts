import { randomUUID } from 'node:crypto';
import { headers, nanos, type NatsConnection } from 'nats';
import { connectTestNats, deleteNamespaceStreams, randomNamespace } from '@parley/testing';
import { tally, TallyRefused, type TallyEvent } from './__fixtures__/tally';
import {
  ConcurrencyError,
  ensureStream,
  EventStore,
  executeCommand,
  foldEvents,
  PartialAppendError,
  streamName,
} from './index';

const CONTEXT = 'ledger';
const opened = (by: string): TallyEvent => ({ type: 'TallyOpened', data: { by } });
const added = (by: string, amount: number): TallyEvent => ({ type: 'TallyAdded', data: { by, amount } });

describe('EventStore on JetStream 2.9', () => {
  let nc: NatsConnection;
  let namespace: string;
  let store: EventStore;
  /** Reads without a cache: every load goes to the log. */
  let reader: EventStore;

  beforeAll(async () => {
    nc = await connectTestNats();
  });
  beforeEach(async () => {
    namespace = randomNamespace();
    await ensureStream(nc, CONTEXT, namespace);
    store = new EventStore(nc, { context: CONTEXT, namespace });
    reader = new EventStore(nc, { context: CONTEXT, namespace, cacheSize: 0 });
  });
  afterEach(async () => {
    await deleteNamespaceStreams(nc, namespace);
  });
  afterAll(async () => {
    await nc.close();
  });

  describe('ensureStream', () => {
    it('creates the stream with the event-log settings and is idempotent', async () => {
      const jsm = await nc.jetstreamManager();
      const again = await ensureStream(nc, CONTEXT, namespace);
      expect(again).toBe(streamName(CONTEXT, namespace));
      const { config } = await jsm.streams.info(again);
      expect(config).toMatchObject({
        subjects: [`${namespace}.${CONTEXT}.>`],
        storage: 'file',
        retention: 'limits',
        discard: 'new',
        max_age: 0,
        deny_delete: true,
        deny_purge: true,
        allow_direct: true,
        duplicate_window: nanos(120_000),
      });
    });

    it('updates an existing stream to a new duplicate window', async () => {
      await ensureStream(nc, CONTEXT, namespace, { duplicateWindowMs: 30_000 });
      const jsm = await nc.jetstreamManager();
      const { config } = await jsm.streams.info(streamName(CONTEXT, namespace));
      expect(config.duplicate_window).toBe(nanos(30_000));
    });

    it('brings a stream created with other settings to the event-log settings', async () => {
      const other = randomNamespace();
      const jsm = await nc.jetstreamManager();
      const name = streamName(CONTEXT, other);
      try {
        await jsm.streams.add({
          name,
          subjects: [`${other}.${CONTEXT}.>`],
          storage: 'file' as never,
          duplicate_window: nanos(10_000),
        });
        await ensureStream(nc, CONTEXT, other);
        const { config } = await jsm.streams.info(name);
        expect(config).toMatchObject({
          deny_delete: true,
          deny_purge: true,
          allow_direct: true,
          discard: 'new',
          duplicate_window: nanos(120_000),
        });
      } finally {
        await deleteNamespaceStreams(nc, other);
      }
    });

    it('replicas ensuring the same stream at once all succeed', async () => {
      // Each on its own connection, as replicas are: the server then sees creates truly racing, and
      // 2.9 answers the loser 'subjects overlap' (CI: a service failed to start on it).
      const replicas = await Promise.all(Array.from({ length: 6 }, () => connectTestNats()));
      const others = Array.from({ length: 5 }, () => randomNamespace());
      try {
        for (const other of others) {
          const names = await Promise.all(replicas.map((r) => ensureStream(r, CONTEXT, other)));
          expect(new Set(names)).toEqual(new Set([streamName(CONTEXT, other)]));
        }
      } finally {
        for (const other of others) await deleteNamespaceStreams(nc, other);
        await Promise.all(replicas.map((r) => r.close()));
      }
    });

    it('refuses to purge or delete events', async () => {
      await store.append(store.subject('tally', 'a'), [opened('x')], { expectedVersion: 0, commandId: 'c1' });
      const jsm = await nc.jetstreamManager();
      const name = streamName(CONTEXT, namespace);
      await expect(jsm.streams.purge(name)).rejects.toThrow(/purge/i);
      await expect(jsm.streams.deleteMessage(name, 1)).rejects.toThrow(/delete/i);
    });
  });

  describe('expected version 0 on this server (2.9.10)', () => {
    it('is enforced: appending "new aggregate" to an existing one conflicts, to a new one succeeds', async () => {
      const subject = store.subject('tally', randomUUID());
      const first = await store.append(subject, [opened('a')], {
        expectedVersion: 0,
        commandId: randomUUID(),
      });
      expect(first.version).toBeGreaterThan(0);
      const second = store.append(subject, [opened('b')], { expectedVersion: 0, commandId: randomUUID() });
      await expect(second).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(second).rejects.toMatchObject({
        subject,
        expectedVersion: 0,
        actualVersion: first.version,
      });
      expect((await reader.load(subject)).events.map((e) => e.data)).toEqual([{ by: 'a' }]);
    });

    it('the raw header value 0 is what the server checks (not a client-side guard)', async () => {
      // nats.js sends the header for 0 as well; prove the server is the one refusing.
      const subject = store.subject('tally', randomUUID());
      const js = nc.jetstream();
      await js.publish(subject, new TextEncoder().encode('{}'));
      const h = headers();
      h.set('Nats-Expected-Last-Subject-Sequence', '0');
      await expect(js.publish(subject, new TextEncoder().encode('{}'), { headers: h })).rejects.toMatchObject(
        {
          api_error: { err_code: 10071 },
        },
      );
    });
  });

  describe('append', () => {
    it('rejects a stale version with ConcurrencyError and stores nothing', async () => {
      const subject = store.subject('tally', 'x1');
      const v1 = await store.append(subject, [opened('a')], { expectedVersion: 0, commandId: 'open' });
      await store.append(subject, [added('a', 1)], { expectedVersion: v1.version, commandId: 'add-1' });
      await expect(
        store.append(subject, [added('b', 2)], { expectedVersion: v1.version, commandId: 'add-2' }),
      ).rejects.toBeInstanceOf(ConcurrencyError);
      expect((await reader.load(subject)).events).toHaveLength(2);
    });

    it('drops a re-published command (same commandId) and reports it as duplicate', async () => {
      const subject = store.subject('tally', 'dup');
      const first = await store.append(subject, [opened('a'), added('a', 5)], {
        expectedVersion: 0,
        commandId: 'cmd-1',
      });
      expect(first.duplicate).toBe(false);
      // The retry carries the stale expectation: de-duplication wins over the version check.
      const retry = await store.append(subject, [opened('a'), added('a', 5)], {
        expectedVersion: 0,
        commandId: 'cmd-1',
      });
      expect(retry).toMatchObject({ duplicate: true, version: first.version });
      expect(retry.events.map((e) => e.sequence)).toEqual(first.events.map((e) => e.sequence));
      const loaded = await reader.load(subject);
      expect(loaded.events.map((e) => e.eventId)).toEqual(['cmd-1:0', 'cmd-1:1']);
    });

    it('chains a batch: contiguous events on the subject, version = last sequence', async () => {
      const subject = store.subject('tally', 'batch');
      const other = store.subject('tally', 'other');
      await store.append(other, [opened('z')], { expectedVersion: 0, commandId: 'o' });
      const r = await store.append(subject, [opened('a'), added('a', 1), added('a', 2)], {
        expectedVersion: 0,
        commandId: 'b',
      });
      expect(r.events.map((e) => e.sequence)).toEqual([2, 3, 4]);
      expect(r.version).toBe(4);
      const loaded = await reader.load(subject);
      expect(loaded).toMatchObject({ version: 4 });
      expect(loaded.openBatch).toBeUndefined();
      expect(loaded.events.map((e) => [e.type, e.sequence, e.batch])).toEqual([
        ['TallyOpened', 2, { commandId: 'b', index: 0, size: 3 }],
        ['TallyAdded', 3, { commandId: 'b', index: 1, size: 3 }],
        ['TallyAdded', 4, { commandId: 'b', index: 2, size: 3 }],
      ]);
    });

    it('resumes a batch that stopped half-way when the same append is repeated', async () => {
      const subject = store.subject('tally', 'half');
      // A writer crashed after the first of its three publishes.
      await publishRaw(nc, subject, opened('a'), 'cmd:0', 3, 0);
      expect((await reader.load(subject)).openBatch).toEqual({ commandId: 'cmd', appended: 1, size: 3 });
      const resumed = await store.append(subject, [opened('a'), added('a', 1), added('a', 2)], {
        expectedVersion: 0,
        commandId: 'cmd',
      });
      expect(resumed.duplicate).toBe(true);
      const loaded = await reader.load(subject);
      expect(loaded.events.map((e) => e.eventId)).toEqual(['cmd:0', 'cmd:1', 'cmd:2']);
      expect(loaded.openBatch).toBeUndefined();
    });

    it('reports a batch interrupted by another writer as PartialAppendError', async () => {
      const subject = store.subject('tally', 'interleaved');
      const first = await store.append(subject, [opened('a')], { expectedVersion: 0, commandId: 'A' });
      // B appends between A's events: A's second publish (chained on its first) must fail.
      type Replies = { request(...args: unknown[]): Promise<{ json<T>(): T }> };
      let calls = 0;
      const hooked = new EventStore(nc, { context: CONTEXT, namespace });
      const replies = (hooked as unknown as { replies: Replies }).replies;
      (hooked as unknown as { replies: Replies }).replies = {
        request: async (...args) => {
          const reply = await replies.request(...args);
          if (++calls === 1) {
            const ack = reply.json<{ seq: number }>();
            await store.append(subject, [added('b', 9)], { expectedVersion: ack.seq, commandId: 'B' });
          }
          return reply;
        },
      };
      const attempt = hooked.append(subject, [added('a', 1), added('a', 2)], {
        expectedVersion: first.version,
        commandId: 'A2',
      });
      await expect(attempt).rejects.toBeInstanceOf(PartialAppendError);
      await expect(attempt).rejects.toMatchObject({ appended: 1, total: 2 });
      const loaded = await reader.load(subject);
      expect(loaded.events.map((e) => e.eventId)).toEqual(['A:0', 'A2:0', 'B:0']);
    });

    it('refuses a commandId already used for another aggregate instead of silently dropping events', async () => {
      await store.append(store.subject('tally', 'one'), [opened('a')], {
        expectedVersion: 0,
        commandId: 'same',
      });
      await expect(
        store.append(store.subject('tally', 'two'), [opened('a')], { expectedVersion: 0, commandId: 'same' }),
      ).rejects.toThrow(/already used for/);
    });

    it('refuses a batch with an unserialisable or untyped event before publishing any of it', async () => {
      const subject = store.subject('tally', 'bad');
      const bad = { type: 'TallyAdded', data: { by: 'a', amount: 10n } } as unknown as TallyEvent;
      await expect(
        store.append(subject, [opened('a'), bad], { expectedVersion: 0, commandId: 'b1' }),
      ).rejects.toThrow(TypeError);
      await expect(
        store.append(subject, [opened('a'), { type: '', data: {} } as unknown as TallyEvent], {
          expectedVersion: 0,
          commandId: 'b2',
        }),
      ).rejects.toThrow('event 1 has no type');
      await expect(
        store.append(subject, [{ type: 'Bad\r\nType', data: {} } as unknown as TallyEvent], {
          expectedVersion: 0,
          commandId: 'b3',
        }),
      ).rejects.toThrow('event 0 has an invalid type');
      expect(await reader.load(subject)).toEqual({ events: [], version: 0 });
    });

    it('appends nothing for an empty batch', async () => {
      const subject = store.subject('tally', 'empty');
      expect(await store.append(subject, [], { expectedVersion: 0, commandId: 'e' })).toEqual({
        version: 0,
        duplicate: false,
        events: [],
      });
      expect(await reader.load(subject)).toEqual({ events: [], version: 0 });
    });

    it('refuses subjects outside its stream and wildcard subjects', async () => {
      await expect(
        store.append('other.tally.x', [opened('a')], { expectedVersion: 0, commandId: 'c' }),
      ).rejects.toThrow(/invalid subject/);
      await expect(store.load(`${namespace}.${CONTEXT}.tally.*`)).rejects.toThrow(/invalid subject/);
      await expect(store.load(`${namespace}.${CONTEXT}.>`)).rejects.toThrow(/invalid subject/);
      expect(() => store.subject('tally', 'a.b')).toThrow(/invalid aggregate id/);
    });
  });

  describe('load', () => {
    it('returns version 0 and no events for an unknown aggregate', async () => {
      await store.append(store.subject('tally', 'known'), [opened('a')], {
        expectedVersion: 0,
        commandId: 'k',
      });
      expect(await store.load(store.subject('tally', randomUUID()))).toEqual({ events: [], version: 0 });
    });

    it('refuses to load from a stream that is gone, rather than answer an empty aggregate', async () => {
      const subject = store.subject('tally', 'gone');
      await store.append(subject, [opened('a')], { expectedVersion: 0, commandId: 'g' });
      await deleteNamespaceStreams(nc, namespace);
      // Both report 404 to a get: "no message found" is an empty aggregate, "stream not found" is not.
      await expect(reader.load(subject)).rejects.toThrow(/stream not found/);
    });

    it('reads a long aggregate in order (past the direct-get limit) and only its own subject', async () => {
      const subject = store.subject('tally', 'long');
      const noise = store.subject('tally', 'noise');
      let version = 0;
      let noiseVersion = 0;
      for (let i = 0; i < 40; i++) {
        version = (
          await store.append(subject, [added('a', i)], { expectedVersion: version, commandId: `l${i}` })
        ).version;
        noiseVersion = (
          await store.append(noise, [added('n', i)], { expectedVersion: noiseVersion, commandId: `n${i}` })
        ).version;
      }
      const loaded = await reader.load<TallyEvent>(subject);
      // A fresh default store reads it the same way (direct gets, then the ordered consumer).
      expect(await new EventStore(nc, { context: CONTEXT, namespace }).load(subject)).toEqual(loaded);
      expect(loaded.version).toBe(version);
      expect(loaded.events.map((e) => (e.data as { amount: number }).amount)).toEqual(
        Array.from({ length: 40 }, (_, i) => i),
      );
      expect(new Set(loaded.events.map((e) => e.subject))).toEqual(new Set([subject]));
      const seqs = loaded.events.map((e) => e.sequence);
      expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    });

    it('a cached history picks up events other writers appended since', async () => {
      const subject = store.subject('tally', 'cached');
      await executeCommand(store, subject, tally, { type: 'open', by: 'a' }, { commandId: 'o' });
      await executeCommand(store, subject, tally, { type: 'add', by: 'a', amount: 1 }, { commandId: 'a1' });
      expect((await store.load(subject)).events).toHaveLength(2);
      // Another process (here: another store instance) appends two more.
      const other = new EventStore(nc, { context: CONTEXT, namespace });
      await executeCommand(
        other,
        subject,
        tally,
        { type: 'add', by: 'b', amount: 2, times: 2 },
        { commandId: 'b' },
      );
      const loaded = await store.load<TallyEvent>(subject);
      expect(loaded).toEqual(await reader.load<TallyEvent>(subject));
      expect(foldEvents(tally, loaded.events).total).toBe(5);
    });

    it('hands out copies: mutating loaded events does not change the next load', async () => {
      const subject = store.subject('tally', 'mutable');
      await store.append(subject, [opened('a')], { expectedVersion: 0, commandId: 'm' });
      const first = await store.load<TallyEvent>(subject);
      (first.events[0]!.data as { by: string }).by = 'mallory';
      first.events.pop();
      expect((await store.load<TallyEvent>(subject)).events.map((e) => e.data)).toEqual([{ by: 'a' }]);
    });

    it('holds what was stored: mutating the events appended or the result reaches neither load nor the next command', async () => {
      const subject = store.subject('tally', 'appended-mutable');
      const added: TallyEvent = { type: 'TallyAdded', data: { by: 'a', amount: 1 } };
      const result = await store.append(subject, [opened('a'), added], {
        expectedVersion: 0,
        commandId: 'am',
        meta: { actor: 'u1' },
      });
      (added.data as { amount: number }).amount = 100;
      (result.events[0]!.data as { by: string }).by = 'mallory';
      result.events[0]!.meta.actor = 'mallory';
      // The next command decides on the held history (no state held after a bare append).
      const outcome = await executeCommand(
        store,
        subject,
        tally,
        { type: 'add', by: 'b', amount: 2 },
        { commandId: 'am-next' },
      );
      expect(outcome.state).toEqual({ open: true, total: 3, contributors: ['a', 'b'] });
      const loaded = await store.load<TallyEvent>(subject);
      expect(loaded.events.map((e) => e.data)).toEqual([
        { by: 'a' },
        { by: 'a', amount: 1 },
        { by: 'b', amount: 2 },
      ]);
      expect(loaded.events[0]!.meta).toMatchObject({ actor: 'u1' });
      expect(loaded).toEqual(await reader.load<TallyEvent>(subject));
    });

    it('notices a recreated stream and does not serve the old history', async () => {
      const subject = store.subject('tally', 'recreated');
      await store.append(subject, [opened('old')], { expectedVersion: 0, commandId: 'old' });
      expect((await store.load(subject)).events).toHaveLength(1);
      await deleteNamespaceStreams(nc, namespace);
      await ensureStream(nc, CONTEXT, namespace);
      await reader.append(subject, [opened('new')], { expectedVersion: 0, commandId: 'new' });
      expect((await store.load<TallyEvent>(subject)).events.map((e) => e.data)).toEqual([{ by: 'new' }]);
    });

    it('carries type, data, occurredAt, meta and the type header on the wire', async () => {
      const subject = store.subject('tally', 'wire');
      await store.append(subject, [opened('a')], {
        expectedVersion: 0,
        commandId: 'w',
        meta: { actor: 'u1' },
      });
      const js = nc.jetstream();
      const consumer = await js.consumers.get(streamName(CONTEXT, namespace), { filterSubjects: subject });
      const m = await consumer.next({ expires: 2000 });
      expect(m?.headers?.get('Parley-Event-Type')).toBe('TallyOpened');
      expect(m?.subject).toBe(subject);
      const payload = m!.json<Record<string, unknown>>();
      expect(Object.keys(payload).sort()).toEqual(['data', 'meta', 'occurredAt', 'type']);
      expect(payload).toMatchObject({ type: 'TallyOpened', data: { by: 'a' }, meta: { actor: 'u1' } });
      await consumer.delete();
    });
  });

  describe('namespaces', () => {
    it('isolate streams: the same aggregate in two namespaces are two histories', async () => {
      const other = randomNamespace();
      try {
        await ensureStream(nc, CONTEXT, other);
        const otherStore = new EventStore(nc, { context: CONTEXT, namespace: other });
        await store.append(store.subject('tally', 'same'), [opened('mine')], {
          expectedVersion: 0,
          commandId: 'c',
        });
        expect(await otherStore.load(otherStore.subject('tally', 'same'))).toEqual({
          events: [],
          version: 0,
        });
        await otherStore.append(otherStore.subject('tally', 'same'), [opened('theirs')], {
          expectedVersion: 0,
          commandId: 'c',
        });
        const mine = await reader.load(store.subject('tally', 'same'));
        expect(mine.events.map((e) => e.data)).toEqual([{ by: 'mine' }]);
      } finally {
        await deleteNamespaceStreams(nc, other);
      }
    });
  });

  describe('executeCommand', () => {
    it('two writers racing on one aggregate: both commands land, the loser retried on fresh state', async () => {
      const subject = store.subject('tally', 'race');
      await executeCommand(store, subject, tally, { type: 'open', by: 'owner' }, { commandId: 'open' });
      // Both writers load the same version before either appends: hold each one's first load.
      const loadedBoth = deferredBarrier(2);
      const racing = (who: string) => {
        const s = new EventStore(nc, { context: CONTEXT, namespace });
        const load = s.load.bind(s);
        let loads = 0;
        let appendAttempts = 0;
        const append = s.append.bind(s);
        s.load = (async (subj: string) => {
          const r = await load(subj);
          if (++loads === 1) await loadedBoth.arrive();
          return r;
        }) as typeof s.load;
        s.append = (async (...a: Parameters<typeof s.append>) => {
          appendAttempts++;
          return append(...a);
        }) as typeof s.append;
        return { store: s, attempts: () => appendAttempts, loads: () => loads, who };
      };
      const a = racing('a');
      const b = racing('b');
      const [ra, rb] = await Promise.all([
        executeCommand(a.store, subject, tally, { type: 'add', by: 'a', amount: 3 }, { commandId: 'add-a' }),
        executeCommand(b.store, subject, tally, { type: 'add', by: 'b', amount: 4 }, { commandId: 'add-b' }),
      ]);
      // Exactly one of them had to retry: it appended twice and loaded twice.
      expect([a.attempts(), b.attempts()].sort()).toEqual([1, 2]);
      expect([a.loads(), b.loads()].sort()).toEqual([1, 2]);
      const final = await store.load<TallyEvent>(subject);
      const state = foldEvents(tally, final.events);
      expect(state.total).toBe(7);
      expect(state.contributors.sort()).toEqual(['a', 'b']);
      expect(Math.max(ra.version, rb.version)).toBe(final.version);
      const winner = ra.version < rb.version ? ra : rb;
      const loser = winner === ra ? rb : ra;
      expect(loser.state.total).toBe(7);
      expect(winner.state.total).toBeLessThan(7);
    });

    it('many writers on one aggregate: no update is lost', async () => {
      const subject = store.subject('tally', 'crowd');
      await executeCommand(store, subject, tally, { type: 'open', by: 'o' }, { commandId: 'open' });
      const writers = Array.from({ length: 8 }, () => new EventStore(nc, { context: CONTEXT, namespace }));
      await Promise.all(
        writers.map((w, i) =>
          executeCommand(
            w,
            subject,
            tally,
            { type: 'add', by: `w${i}`, amount: i + 1 },
            {
              commandId: `add-${i}`,
              maxAttempts: 30,
            },
          ),
        ),
      );
      const state = foldEvents(tally, (await reader.load<TallyEvent>(subject)).events);
      expect(state.total).toBe(36);
      expect(state.contributors.sort()).toEqual(['w0', 'w1', 'w2', 'w3', 'w4', 'w5', 'w6', 'w7']);
    });

    it('many commands on one aggregate in one process all land with the default attempts: they take turns', async () => {
      // A visitor's burst of messages on one room: in one process they used to race each other
      // and run out of attempts (ConcurrencyError, a 500 at the gateway).
      const subject = store.subject('tally', 'burst');
      await executeCommand(store, subject, tally, { type: 'open', by: 'o' }, { commandId: 'open' });
      const appends = jest.spyOn(store, 'append');
      const outcomes = await Promise.allSettled(
        Array.from({ length: 40 }, (_, i) =>
          executeCommand(
            store,
            subject,
            tally,
            { type: 'add', by: `v${i}`, amount: 1 },
            { commandId: `burst-${i}` },
          ),
        ),
      );
      expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
      // One after another, each on the history the one before left: no append had to be retried.
      expect(appends).toHaveBeenCalledTimes(40);
      appends.mockRestore();
      const state = foldEvents(tally, (await reader.load<TallyEvent>(subject)).events);
      expect(state.total).toBe(40);
    });

    it('gives up with ConcurrencyError after maxAttempts', async () => {
      const subject = store.subject('tally', 'hot');
      await executeCommand(store, subject, tally, { type: 'open', by: 'o' }, { commandId: 'open' });
      const s = new EventStore(nc, { context: CONTEXT, namespace });
      const load = s.load.bind(s);
      let n = 0;
      // Someone else always writes between our load and our append.
      s.load = (async (subj: string) => {
        const r = await load(subj);
        await store.append(subj, [added('other', 1)], {
          expectedVersion: r.version,
          commandId: `other-${n++}`,
        });
        return r;
      }) as typeof s.load;
      await expect(
        executeCommand(
          s,
          subject,
          tally,
          { type: 'add', by: 'me', amount: 1 },
          { commandId: 'mine', maxAttempts: 3 },
        ),
      ).rejects.toBeInstanceOf(ConcurrencyError);
      expect(n).toBe(3);
    });

    it('propagates what decide throws, unchanged, and appends nothing', async () => {
      const subject = store.subject('tally', 'closed');
      await expect(
        executeCommand(store, subject, tally, { type: 'add', by: 'a', amount: 1 }, { commandId: 'x' }),
      ).rejects.toMatchObject({ kind: 'not_found', message: 'tally not open' });
      expect((await reader.load(subject)).version).toBe(0);
    });

    it('runs the guard on the state it decides on; what the guard throws propagates and nothing is appended', async () => {
      const subject = store.subject('tally', 'guarded');
      const open = await executeCommand(store, subject, tally, { type: 'open', by: 'a' }, { commandId: 'o' });
      const seen: number[] = [];
      const refused = new TallyRefused('not_found', 'guarded');
      await expect(
        executeCommand(
          store,
          subject,
          tally,
          { type: 'add', by: 'a', amount: 1 },
          {
            commandId: 'g',
            guard: async (state) => {
              seen.push(state.total);
              throw refused;
            },
          },
        ),
      ).rejects.toBe(refused);
      // Once on the store's cached history, then again on the log: a refusal is only given on
      // a history known to be current.
      expect(seen).toEqual([0, 0]);
      expect((await reader.load(subject)).version).toBe(open.version);
    });

    /** A tally opened through a store of its own (`mine`), and a second store (`other`, another replica). */
    const openTally = async (id: string) => {
      const subject = store.subject('tally', id);
      const mine = new EventStore(nc, { context: CONTEXT, namespace });
      await executeCommand(mine, subject, tally, { type: 'open', by: 'a' }, { commandId: 'o' });
      return { subject, mine, other: new EventStore(nc, { context: CONTEXT, namespace }) };
    };

    /** An 'add' of `amount` by `by` on `subject`, through the store `s`. */
    const add = (s: EventStore, subject: string, by: string, amount: number, commandId: string) =>
      executeCommand(s, subject, tally, { type: 'add', by, amount }, { commandId });

    /** `store` with its load() calls counted. */
    const countingLoads = (s: EventStore) => {
      const load = s.load.bind(s);
      const counter = { loads: 0 };
      s.load = (async (subj: string) => {
        counter.loads++;
        return load(subj);
      }) as typeof s.load;
      return counter;
    };

    it('decides on the history it holds without reading the log; on the log once another writer moved past it', async () => {
      const { subject, mine, other } = await openTally('cached-decide');
      const counter = countingLoads(mine);
      const second = await add(mine, subject, 'a', 2, 'add-1');
      expect(counter.loads).toBe(0);
      expect(second.state.total).toBe(2);
      // Another replica appends behind its back.
      await add(other, subject, 'b', 5, 'add-2');
      const third = await add(mine, subject, 'a', 1, 'add-3');
      expect(counter.loads).toBe(1);
      expect(third.state).toEqual({ open: true, total: 8, contributors: ['a', 'b', 'a'] });
      expect(third.version).toBe((await reader.load(subject)).version);
    });

    it('the next command on a held history folds only its own event, not the history again', async () => {
      const subject = store.subject('tally', 'held-state');
      const mine = new EventStore(nc, { context: CONTEXT, namespace });
      let evolves = 0;
      const counting: typeof tally = {
        ...tally,
        evolve: (state, event) => {
          evolves++;
          return tally.evolve(state, event);
        },
      };
      await executeCommand(mine, subject, counting, { type: 'open', by: 'a' }, { commandId: 'o' });
      for (let i = 1; i <= 5; i++)
        await executeCommand(
          mine,
          subject,
          counting,
          { type: 'add', by: 'a', amount: i },
          { commandId: `a${i}` },
        );
      evolves = 0;
      const r = await executeCommand(
        mine,
        subject,
        counting,
        { type: 'add', by: 'b', amount: 10 },
        { commandId: 'b' },
      );
      expect(evolves).toBe(1);
      expect(r.state).toEqual(foldEvents(tally, (await reader.load<TallyEvent>(subject)).events));
      expect(r.state.total).toBe(25);
    });

    it('a refusal on a history another writer has moved past is decided again on the log', async () => {
      const { subject, mine, other } = await openTally('stale-refusal');
      await add(other, subject, 'b', 5, 'five');
      const r = await executeCommand(
        mine,
        subject,
        tally,
        { type: 'add', by: 'a', amount: 1 },
        {
          commandId: 'needs-five',
          guard: (state) => {
            if (state.total < 5) throw new TallyRefused('conflict', 'needs five first');
          },
        },
      );
      expect(r.state.total).toBe(6);
    });

    it('a command another writer stored since is answered as stored, and the held history stays true to the log', async () => {
      const { subject, mine, other } = await openTally('stored-elsewhere');
      const first = await add(other, subject, 'b', 3, 'same');
      await add(other, subject, 'c', 4, 'later');
      const again = await add(mine, subject, 'b', 3, 'same');
      expect(again.events.map((e) => e.sequence)).toEqual(first.events.map((e) => e.sequence));
      expect((await mine.load(subject)).events).toEqual((await reader.load(subject)).events);
      expect(foldEvents(tally, (await reader.load<TallyEvent>(subject)).events).total).toBe(7);
    });

    it('decide returning [] appends nothing and returns the current state', async () => {
      const subject = store.subject('tally', 'noop');
      const open = await executeCommand(store, subject, tally, { type: 'open', by: 'a' }, { commandId: 'o' });
      const r = await executeCommand(
        store,
        subject,
        tally,
        { type: 'add', by: 'a', amount: 0 },
        { commandId: 'zero' },
      );
      expect(r).toEqual({ events: [], state: open.state, version: open.version });
    });

    it('is idempotent per commandId: a re-sent command returns its first outcome without deciding again', async () => {
      const subject = store.subject('tally', 'idem');
      await executeCommand(store, subject, tally, { type: 'open', by: 'a' }, { commandId: 'o' });
      const first = await executeCommand(
        store,
        subject,
        tally,
        { type: 'add', by: 'a', amount: 2, times: 2 },
        { commandId: 'add' },
      );
      const again = await executeCommand(
        store,
        subject,
        tally,
        { type: 'add', by: 'a', amount: 2, times: 2 },
        { commandId: 'add' },
      );
      expect(again.events.map((e) => e.sequence)).toEqual(first.events.map((e) => e.sequence));
      expect(again.state.total).toBe(4);
      expect((await reader.load(subject)).events).toHaveLength(3);
    });

    it('refuses to decide on top of its own half-applied command', async () => {
      const subject = store.subject('tally', 'halfcmd');
      await executeCommand(store, subject, tally, { type: 'open', by: 'a' }, { commandId: 'o' });
      const v = (await store.load(subject)).version;
      // A crashed earlier run of command 'add' stored only the first of its two events.
      await publishRaw(nc, subject, added('a', 1), 'add:0', 2, v);
      await expect(
        executeCommand(
          store,
          subject,
          tally,
          { type: 'add', by: 'a', amount: 1, times: 2 },
          { commandId: 'add', maxAttempts: 2 },
        ),
      ).rejects.toBeInstanceOf(PartialAppendError);
    });

    it('waits for another writer that is mid-batch, then goes ahead if it never finishes', async () => {
      const subject = store.subject('tally', 'open-batch');
      await executeCommand(store, subject, tally, { type: 'open', by: 'a' }, { commandId: 'o' });
      const v = (await store.load(subject)).version;
      await publishRaw(nc, subject, added('ghost', 1), 'ghost:0', 3, v);
      expect((await reader.load(subject)).openBatch).toEqual({ commandId: 'ghost', appended: 1, size: 3 });
      let loads = 0;
      const load = store.load.bind(store);
      store.load = (async (s: string) => {
        loads++;
        return load(s);
      }) as typeof store.load;
      const r = await executeCommand(
        store,
        subject,
        tally,
        { type: 'add', by: 'b', amount: 1 },
        { commandId: 'b', maxAttempts: 3 },
      );
      expect(loads).toBe(3);
      expect(r.state.total).toBe(2);
    });
  });
});

/** Publishes one event the way a crashed writer left it: part `id` of a batch of `size`. */
async function publishRaw(
  nc: NatsConnection,
  subject: string,
  e: TallyEvent,
  id: string,
  size: number,
  expected: number,
) {
  const h = headers();
  h.set('Parley-Event-Type', e.type);
  h.set('Parley-Batch-Size', String(size));
  const body = JSON.stringify({ type: e.type, data: e.data, occurredAt: new Date().toISOString(), meta: {} });
  await nc.jetstream().publish(subject, new TextEncoder().encode(body), {
    headers: h,
    msgID: id,
    expect: { lastSubjectSequence: expected },
  });
}

/** Resolves every arrive() once `n` callers have arrived. */
function deferredBarrier(n: number) {
  let release!: () => void;
  const all = new Promise<void>((r) => (release = r));
  let count = 0;
  return {
    arrive(): Promise<void> {
      if (++count === n) release();
      return all;
    },
  };
}
