import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible chat completions server for the engine's tests (the language model
 * is a paid provider: its test double speaks HTTP). POST /v1/chat/completions answers with SSE
 * chunks when the request says `stream: true` and with one JSON body otherwise; each test says
 * how the next request is answered and reads back what the server received.
 */

export interface ReceivedRequest {
  headers: IncomingMessage['headers'];
  /** The client closed the connection before the answer was complete (it aborted the request). */
  abandoned: boolean;
  body: {
    model: string;
    stream?: boolean;
    max_tokens?: number;
    temperature?: number;
    messages: Array<{ role: string; content: string }>;
  };
}

export type Behaviour =
  /** The answer in these pieces (one SSE chunk each, `gapMs` apart), or as one JSON body. */
  | { kind: 'answer'; pieces: readonly string[]; gapMs?: number }
  /** Sends `pieces` then holds the connection open without ever finishing. */
  | { kind: 'stall'; pieces?: readonly string[] }
  | { kind: 'status'; status: number; message: string }
  /** A chunk that is not JSON, after `pieces`. */
  | { kind: 'malformed'; pieces?: readonly string[] }
  /** Closes the stream after `pieces`, with no finish_reason and no [DONE]. */
  | { kind: 'cut'; pieces: readonly string[] };

const chunk = (model: string, delta: Record<string, string>, finish: string | null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function readJson(req: IncomingMessage): Promise<ReceivedRequest['body']> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return JSON.parse(Buffer.concat(parts).toString('utf8'));
}

export async function startChatCompletionsServer() {
  const received: ReceivedRequest[] = [];
  let next: Behaviour = { kind: 'answer', pieces: ['Hello.'] };

  async function respond(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    const body = await readJson(req);
    const entry: ReceivedRequest = { headers: req.headers, abandoned: false, body };
    received.push(entry);
    res.on('close', () => {
      if (!res.writableEnded) entry.abandoned = true;
    });
    const behaviour = next;
    if (behaviour.kind === 'status') {
      res
        .writeHead(behaviour.status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: behaviour.message, type: 'server_error', code: null } }));
      return;
    }
    if (!body.stream) {
      if (behaviour.kind === 'stall') return; // never answers
      if (behaviour.kind !== 'answer') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"id": "chatcmpl-test", "choi');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: behaviour.pieces.join('') },
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(chunk(body.model, { role: 'assistant', content: '' }, null));
    for (const piece of behaviour.pieces ?? []) {
      if (behaviour.kind === 'answer' && behaviour.gapMs) await sleep(behaviour.gapMs);
      if (res.destroyed) return; // the client gave up
      res.write(chunk(body.model, { content: piece }, null));
    }
    switch (behaviour.kind) {
      case 'answer':
        res.write(chunk(body.model, {}, 'stop'));
        res.end('data: [DONE]\n\n');
        return;
      case 'stall':
        return; // the test's timeout decides; close() ends the connection
      case 'malformed':
        res.end('data: {"choices": [{"delta": {"content": "oops"\n\n');
        return;
      case 'cut':
        res.end();
        return;
    }
  }

  const server = createServer((req, res) => {
    respond(req, res).catch(() => res.writeHead(400).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    /** How every following request is answered. */
    willAnswer(behaviour: Behaviour) {
      next = behaviour;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type ChatCompletionsServer = Awaited<ReturnType<typeof startChatCompletionsServer>>;
