import express from 'express';
import { IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAppServer } from './app-server';

describe('createAppServer', () => {
  let server: Server;
  let base: string;
  const app = express();
  app.set('trust proxy', 'loopback');
  app.use(express.json());
  app.get('/echo', (req, res) => {
    res.set('X-Path', req.path).json({ query: req.query, ip: req.ip, fresh: req.fresh });
  });
  app.post('/echo', (req, res) => res.status(201).json({ body: req.body as unknown }));
  app.get('/fails', () => {
    throw new Error('broken');
  });
  const prototypes: Array<{ req: unknown; res: unknown; message: boolean; response: boolean }> = [];

  beforeAll(async () => {
    server = createAppServer(app);
    // Before express sees the request: what the server itself made.
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) =>
      prototypes.push({
        req: Object.getPrototypeOf(req),
        res: Object.getPrototypeOf(res),
        message: req instanceof IncomingMessage,
        response: res instanceof ServerResponse,
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("makes requests and responses with the app's own prototypes, still node's messages", async () => {
    prototypes.length = 0;
    await fetch(`${base}/echo`);
    expect(prototypes).toEqual([{ req: app.request, res: app.response, message: true, response: true }]);
  });

  it("serves express's request and response helpers as before", async () => {
    const got = await fetch(`${base}/echo?a=1&b=two`, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(got.headers.get('x-path')).toBe('/echo');
    expect(await got.json()).toEqual({ query: { a: '1', b: 'two' }, ip: '203.0.113.9', fresh: false });

    const posted = await fetch(`${base}/echo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'hello' }),
    });
    expect(posted.status).toBe(201);
    expect(await posted.json()).toEqual({ body: { text: 'hello' } });
  });

  it("answers a route that throws with express's own error answer, and serves the next request", async () => {
    const failed = await fetch(`${base}/fails`);
    expect(failed.status).toBe(500);
    await failed.text();
    expect((await fetch(`${base}/echo`)).status).toBe(200);
  });
});
