import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AnyBody } from './http-client';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The parsed JSON when the answer says it is JSON, else the text. */
  body: AnyBody;
  ms: number;
}

export interface RawRequest {
  method: string;
  /** Sent as written: percent-encoding, broken or not, reaches the server untouched. */
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** Send the body (or this much of it), then drop the connection instead of waiting for an answer. */
  dropAfter?: number;
  timeoutMs?: number;
}

/**
 * One HTTP exchange with nothing in between: no URL normalising, no body encoding, no
 * Content-Length fixing (unless the caller left it out). For input the fetch API would refuse
 * or repair: broken percent-encoding, a body that contradicts its Content-Encoding, a multipart
 * body cut off, a connection dropped mid-upload.
 */
export function rawRequest(baseUrl: string, options: RawRequest): Promise<RawResponse> {
  const url = new URL(baseUrl);
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  const headers: Record<string, string> = { ...options.headers };
  if (body && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-length'))
    headers['content-length'] = String(body.length);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: url.hostname,
      port: url.port,
      method: options.method,
      path: options.path,
      headers,
    });
    const timer = setTimeout(() => {
      req.destroy(
        new Error(`no answer to ${options.method} ${options.path} within ${options.timeoutMs ?? 20_000} ms`),
      );
    }, options.timeoutMs ?? 20_000);
    req.on('error', (error) => {
      clearTimeout(timer);
      if (options.dropAfter !== undefined)
        resolve({ status: 0, headers: {}, text: '', body: undefined, ms: Date.now() - started });
      else reject(error);
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: AnyBody = text;
        if ((res.headers['content-type'] ?? '').includes('application/json') && text) {
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = text;
          }
        }
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text,
          body: parsed,
          ms: Date.now() - started,
        });
      });
    });
    if (options.dropAfter !== undefined) {
      req.write(body ? body.subarray(0, options.dropAfter) : Buffer.alloc(0), () => {
        // Give the server a moment to start reading, then vanish like a dropped connection.
        setTimeout(() => {
          clearTimeout(timer);
          req.destroy();
          resolve({ status: 0, headers: {}, text: '', body: undefined, ms: Date.now() - started });
        }, 100);
      });
      return;
    }
    req.end(body);
  });
}

/** A multipart/form-data body written out by hand, so it can be cut anywhere. */
export function multipartBody(
  parts: Array<{ name: string; value: Buffer | string; filename?: string; type?: string }>,
  boundary = `----parley${Math.random().toString(16).slice(2)}`,
): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    // A name that is not plain printable ASCII goes as RFC 5987's filename*=UTF-8''..., as browsers may send it.
    const plain = part.filename === undefined || /^[\x20-\x7e]*$/.test(part.filename);
    const filename =
      part.filename === undefined
        ? ''
        : plain
          ? `; filename="${part.filename}"`
          : `; filename*=UTF-8''${encodeURIComponent(part.filename)}`;
    const disposition = `form-data; name="${part.name}"${filename}`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`];
    if (part.type) head.push(`Content-Type: ${part.type}`);
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
