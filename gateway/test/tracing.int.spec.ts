// One visitor message through the gateway is one trace: the gateway's Socket.IO (or HTTP) span,
// its gRPC call, conversations' server span and append, conversations' projections and the
// gateway's realtime relay delivering the message to the dashboard's socket, exported by OTLP to
// a receiver of the test's. The programs run in this process, so they share one tracer provider.
import { randomUUID } from 'node:crypto';
import type { ChatMessage, VisitorMessageAck } from '@parley/contracts';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '@parley/testing';
import { startTracing, type Tracing } from '@parley/tracing';
import type { Socket } from 'socket.io-client';
import { ownerWithDomain, startConversationsWorld, type ConversationsWorld } from './support/conversations';
import { eventually, openSocket, recordAll, subscribe } from './support/sockets';

const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

let receiver: OtlpReceiver;
let tracing: Tracing;
let world: ConversationsWorld;
let owner: Awaited<ReturnType<typeof ownerWithDomain>>;
const sockets: Socket[] = [];

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  tracing = startTracing('parley-test', { tracesUrl: receiver.tracesUrl, sampleRatio: 1 });
  world = await startConversationsWorld();
  owner = await ownerWithDomain(world);
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  await world?.dispose();
  await tracing?.shutdown();
  await receiver?.close();
});

async function socketOf(token: string): Promise<Socket> {
  const s = await openSocket(world.gateway.url, token);
  sockets.push(s);
  return s;
}

/** The owner's dashboard socket, subscribed to the account's conversations, recording what it gets. */
async function dashboard() {
  const token = owner.client.cookie('parley_at')?.value;
  if (!token) throw new Error('the owner has no access cookie');
  const s = await socketOf(token);
  const seen = recordAll(s);
  expect(await subscribe(s, 'chat-global')).toMatchObject({ ok: true });
  return seen;
}

async function newVisitor() {
  const client = world.stack.client({ gateway: world.gateway });
  const res = await client.post('/api/widget/session', { domainId: owner.domainId });
  expect(res.status).toBe(200);
  const session = (res.body as { data: { token: string } }).data;
  client.bearer = session.token;
  return { client, token: session.token };
}

/** Every span of `traceId`, once the exporter has sent what has ended. */
async function traceOf(traceId: string, expectedNames: RegExp[]): Promise<ReceivedSpan[]> {
  let spans: ReceivedSpan[] = [];
  await eventually(
    () => {
      void tracing.flush();
      spans = receiver.spans.filter((s) => s.traceId === traceId);
      return expectedNames.every((name) => spans.some((s) => name.test(s.name)));
    },
    `spans ${expectedNames.join(', ')} of trace ${traceId}`,
    15_000,
  );
  return spans;
}

function only(spans: ReceivedSpan[], name: RegExp, kind: number): ReceivedSpan {
  const found = spans.filter((s) => name.test(s.name) && s.kind === kind);
  if (found.length !== 1)
    throw new Error(`${found.length} spans ${name} of kind ${kind}: ${spans.map((s) => s.name).join(', ')}`);
  return found[0]!;
}

const childOf = (child: ReceivedSpan, parent: ReceivedSpan) =>
  expect({ name: child.name, parent: child.parentSpanId }).toEqual({
    name: child.name,
    parent: parent.spanId,
  });

describe('a trace of one visitor message', () => {
  it('over the widget socket: gateway, conversations and the dashboard delivery in one trace', async () => {
    const seenByOwner = await dashboard();
    const visitor = await newVisitor();
    const visitorSocket = await socketOf(visitor.token);
    const content = `traced over the socket ${randomUUID()}`;
    const ack: VisitorMessageAck = await visitorSocket
      .timeout(10_000)
      .emitWithAck('visitor-message', { content, clientId: randomUUID() });
    expect(ack).toMatchObject({ ok: true });
    // The dashboard's list gets the customer's message with its room's row.
    await eventually(
      () =>
        seenByOwner.some(
          (r) =>
            r.event === 'customer-message' &&
            (r.envelope.data as { message: ChatMessage }).message.content === content,
        ),
      'the message on the dashboard',
    );

    await eventually(
      () => {
        void tracing.flush();
        return receiver.spans.some((s) => s.name === 'socket.io visitor-message');
      },
      'the socket message span',
      15_000,
    );
    const root = receiver.spans.find((s) => s.name === 'socket.io visitor-message')!;
    expect(root).toMatchObject({ kind: SERVER, parentSpanId: '', service: 'parley-test', statusCode: 0 });
    expect(root.attributes).toMatchObject({
      'socket.io.event': 'visitor-message',
      'parley.socket.kind': 'visitor',
    });

    const spans = await traceOf(root.traceId, [
      /Conversations\/PostVisitorMessage$/,
      /^append .*_CONVERSATIONS$/,
      /^deliver conversations\.MessagePosted$/,
      /^project conversations-/,
    ]);
    // gateway -> conversations over gRPC, the traceparent in the call's metadata.
    const call = only(spans, /Conversations\/postVisitorMessage$/i, CLIENT);
    const served = only(spans, /Conversations\/PostVisitorMessage$/, SERVER);
    childOf(call, root);
    childOf(served, call);
    expect(served.attributes).toMatchObject({ 'rpc.system': 'grpc', 'rpc.grpc.status_code': 0 });
    // The message went in a PostVisitorMessages batch, its spans still in its own trace.
    expect(call.attributes).toMatchObject({ 'parley.rpc.batched': true });
    expect(served.attributes).toMatchObject({
      'parley.rpc.batch': 'parley.conversations.v1.Conversations/PostVisitorMessages',
    });
    // conversations appends the message; the traceparent travels in the events' meta.
    const appends = spans.filter((s) => s.kind === PRODUCER && /_CONVERSATIONS$/.test(s.name));
    expect(appends.length).toBeGreaterThan(0);
    for (const append of appends) childOf(append, served);
    const posted = appends.find((a) =>
      String(a.attributes['parley.event.types']).includes('conversations.MessagePosted'),
    )!;
    expect(posted).toBeDefined();
    // The gateway's relay delivers it to the dashboard's socket, continuing the trace.
    const delivered = spans.filter(
      (s) => s.kind === CONSUMER && s.name === 'deliver conversations.MessagePosted',
    );
    expect(delivered).toHaveLength(1);
    childOf(delivered[0]!, posted);
    expect(delivered[0]!.attributes['parley.emissions']).toBeGreaterThan(0);
    // And conversations' read models, each a consumer of an append of this trace.
    const projected = spans.filter((s) => s.kind === CONSUMER && s.name.startsWith('project conversations-'));
    expect(projected.length).toBeGreaterThan(0);
    for (const p of projected) expect(appends.map((a) => a.spanId)).toContain(p.parentSpanId);
    // Nothing of another request in it.
    expect(spans.filter((s) => s.parentSpanId === '')).toEqual([root]);
  });

  it('over HTTP: the POST is the root, named by its route pattern', async () => {
    const visitor = await newVisitor();
    const content = `traced over HTTP ${randomUUID()}`;
    const res = await visitor.client.post('/api/widget/messages', { content, clientId: randomUUID() });
    expect(res.status).toBe(201);
    await eventually(
      () => {
        void tracing.flush();
        return receiver.spans.some(
          (s) => s.name === 'POST /api/widget/messages' && s.attributes['http.response.status_code'] === 201,
        );
      },
      'the request span',
      15_000,
    );
    const root = receiver.spans.find(
      (s) => s.name === 'POST /api/widget/messages' && s.attributes['http.response.status_code'] === 201,
    )!;
    expect(root).toMatchObject({ kind: SERVER, parentSpanId: '' });
    expect(root.attributes).toMatchObject({
      'http.route': '/api/widget/messages',
      'http.request.method': 'POST',
    });
    const spans = await traceOf(root.traceId, [
      /Conversations\/PostVisitorMessage$/,
      /^deliver conversations\.MessagePosted$/,
    ]);
    childOf(only(spans, /Conversations\/postVisitorMessage$/i, CLIENT), root);
  });

  it('continues a trace the caller started, and never puts ids of a path in a span name', async () => {
    const traceId = randomUUID().replace(/-/g, '');
    const parentId = randomUUID().replace(/-/g, '').slice(0, 16);
    const res = await owner.client.get(`/api/conversations/${randomUUID()}/messages`, {
      headers: { traceparent: `00-${traceId}-${parentId}-01` },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const spans = await traceOf(traceId, [/^GET /]);
    expect(only(spans, /^GET /, SERVER)).toMatchObject({
      parentSpanId: parentId,
      kind: SERVER,
      name: 'GET /api/conversations/:roomId/messages',
    });
    expect(receiver.refused).toEqual([]);
  });
});
