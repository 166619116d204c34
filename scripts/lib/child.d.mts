export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
  error?: Error;
}
export interface ChildHandle {
  name: string;
  pid: number;
  exited: Promise<ExitInfo>;
  running(): boolean;
  lastLines(n?: number): string[];
  stop(graceMs?: number): Promise<ExitInfo>;
}
export function startChild(options: {
  name: string;
  command: string;
  args: string[];
  cwd?: string;
  env?: Record<string, string | undefined>;
  onLine?: (line: string) => void;
  logFile?: string;
  /** Append to logFile instead of replacing it (a restart). */
  appendLog?: boolean;
}): ChildHandle;
export function describeExit(info: ExitInfo): string;
