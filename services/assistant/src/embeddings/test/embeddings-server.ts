import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible embeddings server for the tests (embeddings are a paid provider: the
 * test double speaks HTTP). POST /v1/embeddings answers with deterministic vectors: a hashed bag
 * of concepts, where the words of one concept (`CONCEPTS`) land in the same dimension, so texts
 * that say the same thing in other words are similar, as with a real model.
 */

/** Words of a few concepts, as a real model would place them near each other. */
const CONCEPTS: Record<string, string[]> = {
  refund: ['refund', 'refunds', 'money', 'cash', 'reimburse', 'reimbursed', 'returned', 'back'],
  payment: ['payment', 'payments', 'pay', 'card', 'phone', 'wallet', 'apple', 'google', 'methods'],
  privacy: ['privacy', 'data', 'protection', 'info', 'information', 'personal', 'secure', 'records'],
  hours: ['hours', 'open', 'opening', 'close', 'shut', 'time', 'times'],
  shipping: ['shipping', 'delivery', 'deliver', 'ship', 'parcel', 'post', 'arrive'],
};
const CONCEPT_OF = new Map(Object.entries(CONCEPTS).flatMap(([c, ws]) => ws.map((w) => [w, c] as const)));
/** Words that say nothing about the subject; a real model weighs them little too. */
const FILLER = new Set(
  'a an the i my me we you your do does can could how is are to of for with it what where when'.split(' '),
);
export const DIMENSIONS = 64;

/** The double's vector of a text: each word's concept (or the word) hashed to a dimension. */
export function vectorOf(text: string): number[] {
  const v = new Array<number>(DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (!word || FILLER.has(word)) continue;
    const concept = CONCEPT_OF.get(word) ?? word;
    const bucket = createHash('sha256').update(concept).digest().readUInt32BE(0) % DIMENSIONS;
    v[bucket]! += 1;
  }
  return v;
}

export type Behaviour =
  | { kind: 'answer' }
  | { kind: 'status'; status: number; message: string }
  /** Never answers; the client's timeout decides. */
  | { kind: 'hang' }
  /** One vector fewer than the texts asked. */
  | { kind: 'short' };

export interface ReceivedRequest {
  headers: IncomingMessage['headers'];
  body: { model: string; input: string[] | string; encoding_format?: string };
}

async function readJson(req: IncomingMessage): Promise<ReceivedRequest['body']> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return JSON.parse(Buffer.concat(parts).toString('utf8'));
}

export async function startEmbeddingsServer() {
  const received: ReceivedRequest[] = [];
  let next: Behaviour = { kind: 'answer' };

  async function respond(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST' || req.url !== '/v1/embeddings') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    const body = await readJson(req);
    received.push({ headers: req.headers, body });
    const behaviour = next;
    if (behaviour.kind === 'hang') return;
    if (behaviour.kind === 'status') {
      res
        .writeHead(behaviour.status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: behaviour.message, type: 'server_error', code: null } }));
      return;
    }
    const input = Array.isArray(body.input) ? body.input : [body.input];
    const data = input.map((text, index) => ({ object: 'embedding', index, embedding: vectorOf(text) }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        object: 'list',
        data: behaviour.kind === 'short' ? data.slice(1) : data,
        model: body.model,
        usage: { prompt_tokens: input.length, total_tokens: input.length },
      }),
    );
  }

  const server = createServer((req, res) => {
    respond(req, res).catch(() => res.writeHead(400).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    received,
    /** Texts embedded so far, over every request. */
    texts: () => received.flatMap((r) => (Array.isArray(r.body.input) ? r.body.input : [r.body.input])),
    willAnswer(behaviour: Behaviour) {
      next = behaviour;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type EmbeddingsServer = Awaited<ReturnType<typeof startEmbeddingsServer>>;
