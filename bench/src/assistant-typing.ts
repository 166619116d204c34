/**
 * The assistant's response times as a visitor sees them: from sending a message to the bot's
 * typing signal (target p99 < 100 ms) and to the bot's answer being posted. The built
 * conversations, billing and assistant programs run as separate processes on the local
 * PostgreSQL and NATS, in a random namespace. Visitors post over conversations' gRPC (what the
 * gateway's widget API calls); the bench listens to the assistant's signals (core NATS) and to the
 * CONVERSATIONS events for the posted answers.
 *
 *   npm run bench:assistant -w bench   (VISITORS=300 RATE=20 CONCURRENCY=16)
 */
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import {
  assistantSignalSchema,
  assistantSignalSubject,
  IdentityEvent,
  type UserRegistered,
} from '@parley/contracts';
import { contextSubjects, ensureStream, EventStore } from '@parley/eventstore';
import { callUnary, createClient, loadService } from '@parley/grpc';
import { connectTestNats, randomNamespace } from '@parley/testing';
import { article, knowledgeEvents } from '../../services/assistant/test/knowledge-events';
import { cleanUp, createTestDatabase, startProgram, type Child } from './realtime-stack';
import { intSetting } from './settings';
import { formatLatency, summarize } from './stats';

const VISITORS = intSetting('VISITORS', 300);
const RATE = intSetting('RATE', 20); // messages per second
const CONCURRENCY = intSetting('CONCURRENCY', 16);
const WARMUP = Math.min(20, Math.floor(VISITORS / 10));
const decoder = new TextDecoder();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  const namespace = randomNamespace();
  const nc = await connectTestNats();
  const dbs = await Promise.all([createTestDatabase(), createTestDatabase(), createTestDatabase()]);
  const [conversationsDb, billingDb, assistantDb] = dbs;
  const children: Child[] = [];
  try {
    for (const context of ['identity', 'domains', 'content', 'conversations'])
      await ensureStream(nc, context, namespace);
    const common = { EVENT_NAMESPACE: namespace, LOG_LEVEL: 'warn' };
    const conversations = await startProgram(
      'services/conversations',
      { ...common, DATABASE_URL: conversationsDb!.url },
      ['CONVERSATIONS_GRPC_PORT'],
    );
    children.push(conversations);
    const billing = await startProgram('services/billing', { ...common, DATABASE_URL: billingDb!.url }, [
      'BILLING_GRPC_PORT',
    ]);
    children.push(billing);
    const assistant = await startProgram(
      'services/assistant',
      {
        ...common,
        DATABASE_URL: assistantDb!.url,
        CONVERSATIONS_GRPC_URL: `127.0.0.1:${conversations.port}`,
        BILLING_GRPC_URL: `127.0.0.1:${billing.port}`,
        ASSISTANT_CONCURRENCY: String(CONCURRENCY),
        ASSISTANT_LLM_BASE_URL: '',
        ASSISTANT_LLM_MODEL: '',
      },
      ['ASSISTANT_GRPC_PORT', 'ASSISTANT_HTTP_PORT'],
    );
    children.push(assistant);

    // An owner on PRO (enough requests for the run), a domain, and an article to answer from.
    const accountId = randomUUID();
    const identity = new EventStore(nc, { context: 'identity', namespace });
    const registered: UserRegistered = {
      userId: accountId,
      email: `${accountId}@example.com`,
      fullname: 'Bench Owner',
      role: 'OWNER',
      plan: 'PRO',
      selectedPlan: 'PRO',
      registeredAt: new Date().toISOString(),
      accountId,
    };
    await identity.append(
      identity.subject('user', accountId),
      [{ type: IdentityEvent.UserRegistered, data: registered }],
      { expectedVersion: 0, commandId: randomUUID() },
    );
    const knowledge = knowledgeEvents(nc, namespace);
    const domainId = await knowledge.domainAdded(accountId);
    await knowledge.welcomeMessage(domainId, 'Welcome to the bench shop!');
    await knowledge.itemCreated(
      'article',
      accountId,
      domainId,
      article('Returns policy', 'You can return any mug within 30 days for a full refund.', {
        question: 'How do I return a mug?',
        tags: ['returns', 'refund'],
      }),
    );
    const end = Date.now() + 30_000;
    const known = async () =>
      (await assistantDb!.pool.query('SELECT 1 FROM knowledge_items')).rowCount &&
      (await conversationsDb!.pool.query('SELECT 1 FROM domains WHERE domain_id = $1', [domainId])).rowCount;
    while (!(await known())) {
      if (Date.now() > end) throw new Error('the assistant or conversations did not hear of the domain');
      await sleep(50);
    }

    const client = createClient(
      loadService('conversations/v1/conversations.proto', 'parley.conversations.v1.Conversations'),
      `127.0.0.1:${conversations.port}`,
    );
    const call = <T>(method: string, request: object) =>
      callUnary<object, T>(client, method, request, { deadlineMs: 20_000 });

    // When each room's first typing signal and first answer arrived.
    const typingAt = new Map<string, number>();
    const answeredAt = new Map<string, number>();
    const signals = nc.subscribe(assistantSignalSubject(namespace));
    void (async () => {
      for await (const m of signals) {
        const s = assistantSignalSchema.parse(JSON.parse(decoder.decode(m.data)));
        if (s.kind === 'typing' && s.isTyping && !typingAt.has(s.roomId))
          typingAt.set(s.roomId, performance.now());
      }
    })();
    const events = nc.subscribe(contextSubjects('conversations', namespace));
    void (async () => {
      for await (const m of events) {
        const e = JSON.parse(decoder.decode(m.data)) as {
          data?: { roomId?: string; role?: string; content?: string };
        };
        // The answer (or, past the plan's requests, the limit notice), not the greeting before it.
        const d = e.data;
        const greeting = d?.content?.includes('Welcome to the bench shop') ?? true;
        if (d?.roomId && d.role === 'assistant' && !greeting && !answeredAt.has(d.roomId))
          answeredAt.set(d.roomId, performance.now());
      }
    })();

    const visitors: object[] = [];
    for (let i = 0; i < VISITORS; i++) {
      const s = await call<{ customerId: string; keyId: string }>('OpenVisitorSession', {
        domainId,
        visitorKey: '',
      });
      visitors.push({ customerId: s.customerId, domainId, keyId: s.keyId });
    }

    const sentAt = new Map<string, number>();
    const postedAt = new Map<string, number>();
    const rooms: string[] = [];
    const cpuStart = process.cpuUsage();
    const load = loadavg()[0]!;
    const started = performance.now();
    const posts: Promise<void>[] = [];
    for (let i = 0; i < VISITORS; i++) {
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const at = performance.now();
      posts.push(
        call<{ room: { id: string } }>('PostVisitorMessage', {
          visitor: visitors[i],
          content: 'how can I return my mug and get a refund?',
          clientId: randomUUID(),
        }).then((posted) => {
          sentAt.set(posted.room.id, at);
          postedAt.set(posted.room.id, performance.now());
          rooms[i] = posted.room.id;
        }),
      );
    }
    await Promise.all(posts);
    const drained = Date.now() + 30_000;
    while (answeredAt.size < VISITORS && Date.now() < drained) await sleep(100);
    signals.unsubscribe();
    events.unsubscribe();

    const measured = rooms.slice(WARMUP);
    const since = (marks: Map<string, number>) =>
      measured.flatMap((room) => {
        const mark = marks.get(room);
        const sent = sentAt.get(room);
        return mark !== undefined && sent !== undefined ? [mark - sent] : [];
      });
    const typing = summarize(since(typingAt));
    const answer = summarize(since(answeredAt));
    console.log(
      `assistant: ${VISITORS} visitors (first ${WARMUP} not counted), ${RATE} messages/s, concurrency ${CONCURRENCY}, ` +
        `${cpus().length} cores, load average before ${load.toFixed(2)}, bench cpu ${(process.cpuUsage(cpuStart).user / 1e6).toFixed(1)} s`,
    );
    console.log(formatLatency('message accepted (gRPC reply)', summarize(since(postedAt))));
    console.log(formatLatency('message -> typing', typing));
    console.log(formatLatency('message -> answer posted', answer));
    console.log(
      `missing: typing ${measured.length - typing.count}, answers ${measured.length - answer.count}`,
    );
    console.log(
      `target message -> typing p99 < 100 ms: ${typing.p99 < 100 && typing.count === measured.length ? 'met' : 'NOT met'}`,
    );
    client.close();
  } finally {
    for (const child of children.reverse()) await child.stop();
    await cleanUp(nc, namespace, `bench-${namespace}`).catch(() => undefined);
    await nc.close();
    for (const db of dbs) await db.drop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
