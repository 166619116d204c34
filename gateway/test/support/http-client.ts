/**
 * A small browser-like HTTP client for driving the gateway: it keeps cookies (honouring path,
 * Max-Age and Expires like a browser would), sends a chosen client IP through X-Forwarded-For
 * (the gateway under test trusts loopback proxies) and, when asked, an Origin header.
 */
/** Response bodies are whatever the gateway sent; the tests' assertions are what check their shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type AnyBody = any;

export interface StoredCookie {
  value: string;
  path: string;
  httpOnly: boolean;
  sameSite?: string;
  secure: boolean;
  expiresAt?: number;
  raw: string;
}

export interface JsonResponse<T = AnyBody> {
  status: number;
  headers: Headers;
  body: T;
  setCookies: string[];
}

let nextIp = 1;
/** A fresh documentation-range client IP (198.18.0.0/15), so each test has its own rate-limit budget. */
export function uniqueIp(): string {
  const n = nextIp++ + Math.floor(Math.random() * 1000) * 256;
  return `198.18.${(n >> 8) & 255}.${n & 255}`;
}

export class GatewayClient {
  readonly cookies = new Map<string, StoredCookie>();
  ip: string;
  origin: string | undefined;
  bearer: string | undefined;

  constructor(
    public baseUrl: string,
    options: { ip?: string; origin?: string } = {},
  ) {
    this.ip = options.ip ?? uniqueIp();
    this.origin = options.origin;
  }

  cookieHeader(path: string): string | undefined {
    const now = Date.now();
    const pairs: string[] = [];
    for (const [name, c] of this.cookies) {
      if (c.expiresAt !== undefined && c.expiresAt <= now) continue;
      if (path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`) || c.path === '/')
        pairs.push(`${name}=${c.value}`);
    }
    return pairs.length ? pairs.join('; ') : undefined;
  }

  cookie(name: string): StoredCookie | undefined {
    return this.cookies.get(name);
  }

  async request<T = AnyBody>(
    method: string,
    path: string,
    options: { json?: unknown; rawBody?: string; headers?: Record<string, string>; cookies?: boolean } = {},
  ): Promise<JsonResponse<T>> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, ...options.headers };
    if (this.origin && !('origin' in headers)) headers.origin = this.origin;
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    const cookie =
      options.cookies === false ? undefined : this.cookieHeader(new URL(path, this.baseUrl).pathname);
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.rawBody !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = options.rawBody;
    }
    const res = await fetch(new URL(path, this.baseUrl), { method, headers, body, redirect: 'manual' });
    const setCookies = res.headers.getSetCookie();
    for (const line of setCookies) this.store(line);
    const text = await res.text();
    let parsed: unknown = text;
    if (text && (res.headers.get('content-type') ?? '').includes('application/json'))
      parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as T, setCookies };
  }

  get<T = AnyBody>(path: string, options?: Parameters<GatewayClient['request']>[2]) {
    return this.request<T>('GET', path, options);
  }

  post<T = AnyBody>(path: string, json?: unknown, options?: Parameters<GatewayClient['request']>[2]) {
    return this.request<T>('POST', path, { ...options, ...(json === undefined ? {} : { json }) });
  }

  private store(line: string): void {
    const [pair, ...attributes] = line.split(';').map((s) => s.trim());
    if (!pair) return;
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = decodeURIComponent(pair.slice(eq + 1));
    const cookie: StoredCookie = { value, path: '/', httpOnly: false, secure: false, raw: line };
    for (const attribute of attributes) {
      const [key = '', val = ''] = attribute.split('=');
      switch (key.toLowerCase()) {
        case 'path':
          cookie.path = val;
          break;
        case 'httponly':
          cookie.httpOnly = true;
          break;
        case 'secure':
          cookie.secure = true;
          break;
        case 'samesite':
          cookie.sameSite = val;
          break;
        case 'max-age':
          cookie.expiresAt = Date.now() + Number(val) * 1000;
          break;
        case 'expires':
          cookie.expiresAt ??= Date.parse(val);
          break;
      }
    }
    if (cookie.expiresAt !== undefined && cookie.expiresAt <= Date.now()) this.cookies.delete(name);
    else this.cookies.set(name, cookie);
  }
}
