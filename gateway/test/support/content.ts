import { randomBytes } from 'node:crypto';
import { loadConfig as loadContentConfig } from '@parley/content/src/config';
import { startContent, type Content } from '@parley/content/src/start';
import { createLogger } from '@parley/logger';
import { createTestDatabase, type TestDatabase } from '@parley/testing';
import type { AnyBody, GatewayClient } from './http-client';

const logLevel = process.env.TEST_LOG_LEVEL ?? 'silent';

/** The real content service on a stack's namespace (it hears that stack's domains service), with its own database. */
export interface TestContent {
  service: Content;
  grpcUrl: string;
  db: TestDatabase;
  /** Resolves once content's read model has (or no longer has) the domain. */
  knowsDomain(domainId: string, present?: boolean): Promise<void>;
  stop(): Promise<void>;
}

export async function startTestContent(namespace: string): Promise<TestContent> {
  const db = await createTestDatabase();
  const config = {
    ...loadContentConfig({ DATABASE_URL: db.url, EVENT_NAMESPACE: namespace, LOG_LEVEL: logLevel }),
    grpcPort: 0,
  };
  const service = await startContent(config, createLogger('content', config.logLevel));
  return {
    service,
    grpcUrl: `127.0.0.1:${service.grpcPort}`,
    db,
    knowsDomain: async (domainId, present = true) => {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const { rowCount } = await db.pool.query('SELECT 1 FROM account_domains WHERE domain_id = $1', [
          domainId,
        ]);
        if (Boolean(rowCount) === present) return;
        if (Date.now() > deadline)
          throw new Error(
            `content did not hear that domain ${domainId} was ${present ? 'added' : 'deleted'}`,
          );
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    stop: async () => {
      await service.stop();
      await db.drop();
    },
  };
}

/** POST /api/domains as the owner does (the real domains service); resolves once content knows the domain. */
export async function addDomain(client: GatewayClient, content: TestContent): Promise<string> {
  const res = await client.post('/api/domains', {
    domain: `shop-${randomBytes(4).toString('hex')}.example.com`,
  });
  if (res.status !== 201)
    throw new Error(`adding a domain failed: ${res.status} ${JSON.stringify(res.body)}`);
  const domainId = (res.body as { data: { id: string } }).data.id;
  await content.knowsDomain(domainId);
  return domainId;
}

/** POST /api/images as a browser's FormData upload, with the client's cookies and origin. */
export async function uploadImage(
  client: GatewayClient,
  file: { bytes: Buffer; filename: string; type?: string },
  fields: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: AnyBody }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(
    'file',
    new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }),
    file.filename,
  );
  const headers: Record<string, string> = { 'x-forwarded-for': client.ip };
  if (client.origin) headers.origin = client.origin;
  const cookie = client.cookieHeader('/api/images');
  if (cookie) headers.cookie = cookie;
  const res = await fetch(new URL('/api/images', client.baseUrl), { method: 'POST', headers, body: form });
  const text = await res.text();
  const body = (res.headers.get('content-type') ?? '').includes('application/json') ? JSON.parse(text) : text;
  return { status: res.status, headers: res.headers, body };
}
