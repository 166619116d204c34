import { randomUUID } from 'node:crypto';
import { DomainsEvent } from '@parley/contracts';
import { loadConfig as loadContentConfig } from '@parley/content/src/config';
import { startContent, type Content } from '@parley/content/src/start';
import { EventStore } from '@parley/eventstore';
import { createLogger } from '@parley/logger';
import { connectTestNats, createTestDatabase, type TestDatabase } from '@parley/testing';
import type { NatsConnection } from 'nats';
import type { AnyBody, GatewayClient } from './http-client';

const logLevel = process.env.TEST_LOG_LEVEL ?? 'silent';

/** The real content service on a stack's namespace, with its own database, and a way to add domains. */
export interface TestContent {
  service: Content;
  grpcUrl: string;
  db: TestDatabase;
  /** Appends domains.DomainAdded as the domains service does; resolves once content knows the domain. */
  addDomain(accountId: string): Promise<string>;
  deleteDomain(accountId: string, domainId: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startTestContent(namespace: string): Promise<TestContent> {
  const db = await createTestDatabase();
  const nc: NatsConnection = await connectTestNats();
  const config = {
    ...loadContentConfig({ DATABASE_URL: db.url, EVENT_NAMESPACE: namespace, LOG_LEVEL: logLevel }),
    grpcPort: 0,
  };
  const service = await startContent(config, createLogger('content', config.logLevel));
  const domains = new EventStore(nc, { context: 'domains', namespace });

  const known = async (domainId: string, present: boolean) => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const { rowCount } = await db.pool.query('SELECT 1 FROM account_domains WHERE domain_id = $1', [
        domainId,
      ]);
      if (Boolean(rowCount) === present) return;
      if (Date.now() > deadline) throw new Error(`content did not hear of domain ${domainId}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  return {
    service,
    grpcUrl: `127.0.0.1:${service.grpcPort}`,
    db,
    addDomain: async (accountId) => {
      const domainId = randomUUID();
      await domains.append(
        domains.subject('domain', domainId),
        [
          {
            type: DomainsEvent.DomainAdded,
            data: {
              domainId,
              accountId,
              addedBy: accountId,
              domain: `shop-${domainId.slice(0, 8)}.example.com`,
              addedAt: new Date().toISOString(),
            },
          },
        ],
        { expectedVersion: 0, commandId: randomUUID() },
      );
      await known(domainId, true);
      return domainId;
    },
    deleteDomain: async (accountId, domainId) => {
      const subject = domains.subject('domain', domainId);
      const { version } = await domains.load(subject);
      await domains.append(
        subject,
        [
          {
            type: DomainsEvent.DomainDeleted,
            data: { domainId, accountId, deletedAt: new Date().toISOString() },
          },
        ],
        { expectedVersion: version, commandId: randomUUID() },
      );
      await known(domainId, false);
    },
    stop: async () => {
      await service.stop();
      await nc.close();
      await db.drop();
    },
  };
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
