/**
 * The model endpoint as it may be logged or shown: scheme, host, port and path only. A user name
 * and password in the URL, a query string (some gateways take `?api-key=`) and a fragment are
 * dropped, so no secret leaves the service through a log line or /readyz.
 */
export function describeEndpoint(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return '(not a URL)';
  }
  return `${url.protocol}//${url.host}${url.pathname === '/' ? '' : url.pathname}`;
}

/** How the model endpoint's last call went, for /readyz. */
export type ModelCall =
  | { answered: true; at: string; ms: number }
  | { answered: false; at: string; ms: number; reason: 'timeout' | 'provider-error' | 'empty-output' };
