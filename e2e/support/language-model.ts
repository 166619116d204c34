// The e2e stack's language model: a local OpenAI-compatible chat completions server (the model is
// a paid provider, so its test double speaks HTTP). global-setup.ts starts it before the stack and
// points the assistant at it (ASSISTANT_LLM_BASE_URL). A request is answered by the script whose
// `match` its messages contain (a spec puts a marker of its own in its domain's business
// description, which every prompt carries); any other request gets HTTP 503, so the assistant
// answers every other spec's visitors from retrieval exactly as without a model (its
// `provider-error` fallback). Specs script it and read what it saw over /__scripts and
// /__requests (languageModelControl below).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ModelScript {
  /** Requests whose messages contain this text are answered by this script. */
  match: string;
  /** The answer, one SSE chunk per piece. */
  pieces: string[];
  /** Between pieces. */
  gapMs?: number;
  /** Before the response's headers: the model has not started yet. */
  headersDelayMs?: number;
}

/** What the double saw of one request (times in ms since the epoch). */
export interface ModelRequest {
  match: string | null;
  receivedAt: number;
  /** When the response's headers went out: the model started answering. */
  headersAt: number | null;
  piecesSent: number;
  finishedAt: number | null;
  /** The client closed the connection before the answer was complete. */
  abandoned: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const chunk = (model: string, delta: Record<string, string>, finish: string | null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-e2e',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export interface LanguageModelDouble {
  /** The API root for ASSISTANT_LLM_BASE_URL. */
  baseUrl: string;
  /** Where specs script it (languageModelControl). */
  controlUrl: string;
  model: string;
  close(): Promise<void>;
}

export async function startLanguageModelDouble(): Promise<LanguageModelDouble> {
  const model = 'e2e-model';
  const scripts: ModelScript[] = [];
  const requests: ModelRequest[] = [];

  async function complete(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = JSON.parse(await readBody(req)) as { messages?: unknown; stream?: boolean; model?: string };
    const text = JSON.stringify(body.messages ?? []);
    const script = [...scripts].reverse().find((s) => text.includes(s.match));
    const seen: ModelRequest = {
      match: script?.match ?? null,
      receivedAt: Date.now(),
      headersAt: null,
      piecesSent: 0,
      finishedAt: null,
      abandoned: false,
    };
    requests.push(seen);
    res.on('close', () => {
      if (!res.writableEnded) seen.abandoned = true;
    });
    if (!script) {
      json(res, 503, { error: { message: 'no script for this request (e2e language-model double)' } });
      return;
    }
    if (script.headersDelayMs) await sleep(script.headersDelayMs);
    if (res.destroyed) return;
    if (!body.stream) {
      seen.headersAt = Date.now();
      json(res, 200, {
        id: 'chatcmpl-e2e',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model ?? model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: script.pieces.join('') },
            finish_reason: 'stop',
          },
        ],
      });
      seen.finishedAt = Date.now();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    seen.headersAt = Date.now();
    res.write(chunk(model, { role: 'assistant', content: '' }, null));
    for (const piece of script.pieces) {
      if (script.gapMs) await sleep(script.gapMs);
      if (res.destroyed) return; // the assistant gave up on the answer
      res.write(chunk(model, { content: piece }, null));
      seen.piecesSent++;
    }
    res.write(chunk(model, {}, 'stop'));
    res.end('data: [DONE]\n\n');
    seen.finishedAt = Date.now();
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://double');
    if (req.method === 'POST' && url.pathname === '/v1/chat/completions') return complete(req, res);
    if (req.method === 'POST' && url.pathname === '/__scripts') {
      const script = JSON.parse(await readBody(req)) as ModelScript;
      if (typeof script.match !== 'string' || script.match.length < 6 || !Array.isArray(script.pieces)) {
        return json(res, 400, { error: 'a script needs a match of 6+ characters and pieces' });
      }
      scripts.push(script);
      return json(res, 201, { ok: true });
    }
    if (req.method === 'GET' && url.pathname === '/__requests') {
      const match = url.searchParams.get('match');
      return json(
        res,
        200,
        requests.filter((r) => r.match === match),
      );
    }
    json(res, 404, { error: { message: 'not found' } });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) json(res, 400, { error: { message: 'bad request' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    controlUrl: `http://127.0.0.1:${port}`,
    model,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A spec's handle on the double (it runs in the global setup's process). */
export function languageModelControl(controlUrl: string) {
  return {
    async script(script: ModelScript): Promise<void> {
      const res = await fetch(`${controlUrl}/__scripts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(script),
      });
      if (res.status !== 201)
        throw new Error(`scripting the model double: ${res.status} ${await res.text()}`);
    },
    async requests(match: string): Promise<ModelRequest[]> {
      const res = await fetch(`${controlUrl}/__requests?match=${encodeURIComponent(match)}`);
      if (!res.ok) throw new Error(`the model double's requests: ${res.status}`);
      return (await res.json()) as ModelRequest[];
    },
  };
}
