// The test stack as a whole: every program answers on its test port, the first admin made from the
// local secrets can log in, tokens are signed with the local key, and events live in the run's
// own namespace.
import { createPrivateKey, createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from 'nats';
import { e2eEnvironment } from '../../e2e/support/stack';
import { resolveProfile } from '../lib/profiles.mjs';

const repoRoot = join(__dirname, '..', '..');
const env = e2eEnvironment();
// The test profile's ports, moved by PARLEY_TEST_SLOT like the stack's.
const ports = resolveProfile('test').ports;

const base64url = (s: string) => Buffer.from(s, 'base64url');

describe('the e2e stack', () => {
  it('serves the frontend on the test port', async () => {
    expect(env.frontendUrl).toBe(`http://localhost:${ports.frontend}`);
    const res = await fetch(env.frontendUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toMatch(/<html/i);
  });

  it("serves the frontend's metrics on a port of their own, never on the public one", async () => {
    expect(ports.frontendMetrics).toBeDefined();
    const page = await fetch(`http://127.0.0.1:${ports.frontend}/blog`);
    expect(page.status).toBe(200);
    await page.text();
    const res = await fetch(`http://127.0.0.1:${ports.frontendMetrics}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const body = await res.text();
    expect(body).toMatch(/^parley_process_resident_memory_bytes\{program="frontend"\} \d+/m);
    // The page just asked for went through the proxy, counted by its route and decision.
    const blog =
      /^parley_frontend_proxy_requests_total\{route="\/blog",outcome="allow",program="frontend"\} (\d+)/m.exec(
        body,
      );
    expect(Number(blog?.[1])).toBeGreaterThanOrEqual(1);
    expect(body).toMatch(
      /^parley_frontend_proxy_duration_seconds_count\{program="frontend",outcome="allow"\} \d+/m,
    );
    expect((await fetch(`http://127.0.0.1:${ports.frontendMetrics}/`)).status).toBe(404);
    // The public port has no such route: the page 404s, not Prometheus text.
    const exposed = await fetch(`${env.frontendUrl}/metrics`);
    expect(exposed.status).toBe(404);
    expect(await exposed.text()).not.toContain('parley_process_');
  });

  it('has a live and ready gateway', async () => {
    expect(env.gatewayUrl).toBe(`http://localhost:${ports.gateway}`);
    expect((await fetch(`${env.gatewayUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${env.gatewayUrl}/readyz`)).status).toBe(200);
  });

  it('has a mail inbox', async () => {
    expect(env.mailcatcherUrl).toBe(`http://localhost:${ports.mailHttp}`);
    const res = await fetch(env.mailcatcherUrl);
    expect(res.status).toBe(200);
  });

  it('lets the first admin from .run/secrets.env log in, with a token signed by the local key', async () => {
    const secrets = readFileSync(join(repoRoot, '.run', 'secrets.env'), 'utf8');
    expect(secrets).toContain(`ADMIN_EMAIL=${env.adminEmail}\n`);
    expect(secrets).toContain(`ADMIN_PASSWORD=${env.adminPassword}\n`);

    const res = await fetch(`${env.gatewayUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: env.frontendUrl },
      body: JSON.stringify({ email: env.adminEmail, password: env.adminPassword }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { email: string; role: string }; accessToken: string };
    expect(body.user).toMatchObject({ email: env.adminEmail, role: 'ADMIN' });

    const [header, payload, signature] = body.accessToken.split('.') as [string, string, string];
    expect(JSON.parse(base64url(header).toString())).toMatchObject({ alg: 'ES256' });
    expect(JSON.parse(base64url(payload).toString())).toMatchObject({
      iss: `http://localhost:${ports.identityHttp}`,
    });
    const key = createPublicKey(createPrivateKey(readFileSync(join(repoRoot, '.run', 'jwt-private.pem'))));
    const signed = Buffer.from(`${header}.${payload}`);
    expect(verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, base64url(signature))).toBe(true);
  });

  it('keeps the run’s events in its own namespace', async () => {
    const namespace = process.env.E2E_EVENT_NAMESPACE ?? '';
    expect(namespace).toMatch(/^[a-z][a-z0-9]+$/);
    const nc = await connect({ servers: 'nats://127.0.0.1:4222' });
    try {
      const jsm = await nc.jetstreamManager();
      const info = await jsm.streams.info(`${namespace.toUpperCase()}_IDENTITY`);
      expect(info.config.subjects).toEqual([`${namespace}.identity.>`]);
    } finally {
      await nc.close();
    }
  });
});
