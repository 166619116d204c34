import { request } from 'node:http';
import type { Server } from 'node:net';
import { configSchema } from '../runtime-config';
import { createFrontendMetrics } from './catalogue';
import { currentMeter, installMeter } from './meter';
import { serveMetrics } from './serve';

function get(port: number, path: string, method = 'GET') {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('METRICS_PORT', () => {
  const parse = (value?: string) =>
    configSchema.safeParse(value === undefined ? {} : { METRICS_PORT: value });

  it('is optional, empty means unset, and a number is a port', () => {
    expect(parse().data?.METRICS_PORT).toBeUndefined();
    expect(parse('').data?.METRICS_PORT).toBeUndefined();
    expect(parse('9464').data?.METRICS_PORT).toBe(9464);
    expect(parse('0').data?.METRICS_PORT).toBe(0);
  });

  it.each(['-1', '65536', '94.5', 'metrics'])('refuses %s', (value) => {
    const result = parse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['METRICS_PORT']);
  });
});

describe('the frontend metrics endpoint', () => {
  const { registry, meter } = createFrontendMetrics();
  let server: Server;
  let port: number;

  beforeAll(async () => {
    ({ server, port } = await serveMetrics(registry, { port: 0, host: '127.0.0.1' }));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers Prometheus text with the process metrics, every series labelled program="frontend"', async () => {
    const res = await get(port, '/metrics');
    expect(res.status).toBe(200);
    expect(res.type).toContain('text/plain');
    expect(res.type).toContain('version=0.0.4');
    expect(res.body).toMatch(/^parley_process_cpu_seconds_total\{program="frontend"\} \d/m);
    expect(res.body).toMatch(/^parley_nodejs_eventloop_lag_seconds\{program="frontend"\} /m);
    const samples = res.body.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(samples.length).toBeGreaterThan(20);
    expect(samples.filter((l) => !l.includes('program="frontend"'))).toEqual([]);
  });

  it('counts and times the proxy decisions and counts server errors', async () => {
    meter.proxyDecided('/blog/[slug]', 'allow', 0.003);
    meter.proxyDecided('/blog/[slug]', 'allow', 0.02);
    meter.proxyDecided('/dashboard', 'redirect', 0.0004);
    meter.requestFailed('render', '/blog/[slug]');
    const { body } = await get(port, '/metrics?x=1');
    expect(body).toContain(
      'parley_frontend_proxy_requests_total{route="/blog/[slug]",outcome="allow",program="frontend"} 2',
    );
    expect(body).toContain(
      'parley_frontend_proxy_requests_total{route="/dashboard",outcome="redirect",program="frontend"} 1',
    );
    expect(body).toContain(
      'parley_frontend_proxy_duration_seconds_bucket{le="0.005",program="frontend",outcome="allow"} 1',
    );
    expect(body).toContain(
      'parley_frontend_proxy_duration_seconds_bucket{le="0.025",program="frontend",outcome="allow"} 2',
    );
    expect(body).toContain(
      'parley_frontend_proxy_duration_seconds_count{program="frontend",outcome="allow"} 2',
    );
    expect(body).toContain(
      'parley_frontend_request_errors_total{route_type="render",route="/blog/[slug]",program="frontend"} 1',
    );
  });

  it.each([
    ['GET', '/'],
    ['GET', '/metrics/x'],
    ['GET', '/api/metrics'],
    ['POST', '/metrics'],
    ['DELETE', '/metrics'],
  ])('%s %s is 404', async (method, path) => {
    const res = await get(port, path, method);
    expect(res.status).toBe(404);
    expect(res.body).toBe('not found\n');
  });

  it('refuses a port already taken, rather than serving nothing quietly', async () => {
    await expect(serveMetrics(registry, { port, host: '127.0.0.1' })).rejects.toThrow(/EADDRINUSE/);
  });
});

describe('the meter the proxy reports to', () => {
  it('is absent until installed, then the one installed', () => {
    expect(currentMeter()).toBeUndefined();
    const { meter } = createFrontendMetrics();
    installMeter(meter);
    expect(currentMeter()).toBe(meter);
  });
});
