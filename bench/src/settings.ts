/** Reads a positive integer setting from the environment, with a default. */
export function intSetting(
  name: string,
  fallback: number,
  env: Record<string, string | undefined> = process.env,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`${name} must be a positive integer, got ${JSON.stringify(raw)}`);
  return n;
}

/** Stops a benchmark that would otherwise run past its budget. */
export function deadline(seconds: number): { passed(): boolean; ms: number } {
  const end = Date.now() + seconds * 1000;
  return { passed: () => Date.now() > end, ms: seconds * 1000 };
}
