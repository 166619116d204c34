import { createServer, type IncomingMessage } from 'node:http';
import { gunzipSync } from 'node:zlib';

/** One span as an OTLP/HTTP JSON export carries it, with the service that sent it. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP's numbers: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, unknown>;
  /** 0 unset, 1 ok, 2 error. */
  statusCode: number;
}

export interface OtlpReceiver {
  /** The traces URL to give an exporter (`…/v1/traces`). */
  tracesUrl: string;
  spans: ReceivedSpan[];
  /** Requests refused (wrong method, path or content type, unreadable body). */
  refused: string[];
  close(): Promise<void>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpExport {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: Array<{
      spans?: Array<{
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: OtlpAttribute[];
        status?: { code?: number };
      }>;
    }>;
  }>;
}

const valueOf = (v: OtlpValue) => v.stringValue ?? v.intValue ?? v.doubleValue ?? v.boolValue;
const attributes = (list: OtlpAttribute[] = []) =>
  Object.fromEntries(list.map((a) => [a.key, valueOf(a.value)]));

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
}

/**
 * A collector's OTLP/HTTP traces endpoint in miniature, for tests: takes JSON exports on
 * `POST /v1/traces` (what @opentelemetry/exporter-trace-otlp-http sends) and keeps their spans.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const refused: string[] = [];
  const server = createServer((req, res) => {
    const type = req.headers['content-type'] ?? '';
    if (req.method !== 'POST' || req.url !== '/v1/traces' || !type.startsWith('application/json')) {
      refused.push(`${req.method} ${req.url} ${type}`);
      res.writeHead(415).end();
      return;
    }
    bodyOf(req)
      .then((body) => JSON.parse(body.toString('utf8')) as OtlpExport)
      .then(
        (exported) => {
          for (const rs of exported.resourceSpans ?? []) {
            const service = String(attributes(rs.resource?.attributes)['service.name'] ?? '');
            for (const ss of rs.scopeSpans ?? [])
              for (const s of ss.spans ?? [])
                spans.push({
                  service,
                  traceId: s.traceId,
                  spanId: s.spanId,
                  parentSpanId: s.parentSpanId ?? '',
                  name: s.name,
                  kind: s.kind,
                  attributes: attributes(s.attributes),
                  statusCode: s.status?.code ?? 0,
                });
          }
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        },
        (error: unknown) => {
          refused.push(`unreadable export: ${(error as Error).message}`);
          res.writeHead(400).end();
        },
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    tracesUrl: `http://127.0.0.1:${port}/v1/traces`,
    spans,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
