import type { CaughtMessage } from '@parley/mailcatcher/src/message';

/** Reads the in-process mail catcher's HTTP API, as the e2e tests and a developer would. */
export async function inbox(httpPort: number, to?: string): Promise<CaughtMessage[]> {
  const res = await fetch(
    `http://127.0.0.1:${httpPort}/api/messages${to ? `?to=${encodeURIComponent(to)}` : ''}`,
  );
  if (!res.ok) throw new Error(`mail catcher answered ${res.status}`);
  return (await res.json()) as CaughtMessage[];
}
