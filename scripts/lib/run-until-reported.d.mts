export function runUntilReported(
  command: string,
  args: string[],
  options: { cwd: string; report: string; graceMs?: number; pollMs?: number; log?: (line: string) => void },
): Promise<{ code: number; hung: boolean }>;
