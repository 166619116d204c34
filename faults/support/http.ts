// The product's REST API as the fault suite's clients call it: JSON in and out, a deadline on
// every request, and a network failure reported as a status of 0 rather than thrown.
export interface Answer<T = unknown> {
  /** HTTP status, or 0 when no answer came (connection refused or reset, deadline). */
  status: number;
  body: T | undefined;
}

export async function call<T = unknown>(
  method: string,
  url: string,
  options: { token?: string; body?: unknown; origin?: string; timeoutMs?: number } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.origin) headers.origin = options.origin;
  try {
    const res = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as T) : undefined };
  } catch {
    return { status: 0, body: undefined };
  }
}

/** Worth sending again: no answer, the server failed or was away, or a rate limit. */
export const retriable = (status: number) =>
  status === 0 || status >= 500 || status === 429 || status === 408;
