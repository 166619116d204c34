import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { createAppServer } from './app-server';
import { requestLogging } from './request-logging';

describe('requestLogging', () => {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const app = express();
  app.set('trust proxy', 'loopback');
  app.use(requestLogging(logger));
  app.get('/ok', (_req, res) => res.json({ ok: true }));
  app.get('/refused', (_req, res) => {
    res.locals.errorCode = 'validation_failed';
    res.status(400).json({ error: 'no' });
  });
  app.get('/healthz', (_req, res) => res.send('ok'));
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = createAppServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => (lines.length = 0));

  const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('logs the request with its id, address and client behind the trusted proxy, never its headers', async () => {
    const got = await fetch(`${base}/ok?page=2`, {
      headers: {
        'X-Forwarded-For': '203.0.113.7',
        'X-Request-Id': 'trace-1',
        authorization: 'Bearer secret',
      },
    });
    expect(got.headers.get('x-request-id')).toBe('trace-1');
    await settled();
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: 30,
      req: { id: 'trace-1', method: 'GET', url: '/ok?page=2', clientIp: '203.0.113.7' },
      res: { statusCode: 200 },
    });
    expect((line!.req as Record<string, unknown>).remoteAddress).toMatch(/127\.0\.0\.1/);
    expect(line).not.toHaveProperty('errorCode');
    expect(JSON.stringify(line)).not.toContain('secret');
  });

  it("adds an error answer's code, and gives an id of its own to a request without a usable one", async () => {
    const got = await fetch(`${base}/refused`, { headers: { 'X-Request-Id': 'not an id!' } });
    const id = got.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await settled();
    expect(lines).toEqual([
      expect.objectContaining({ errorCode: 'validation_failed', req: expect.objectContaining({ id }) }),
    ]);
  });

  it('leaves out the health checks', async () => {
    await (await fetch(`${base}/healthz`)).text();
    await settled();
    expect(lines).toEqual([]);
  });
});
