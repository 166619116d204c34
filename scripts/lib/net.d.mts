export function canConnect(port: number, host?: string, timeoutMs?: number): Promise<boolean>;
export function isPortFree(port: number): Promise<boolean>;
export function sleep(ms: number): Promise<void>;
export function waitUntil<T>(
  what: string,
  check: () => T | Promise<T>,
  options?: { timeoutMs?: number; intervalMs?: number; abort?: Promise<unknown> },
): Promise<T>;
