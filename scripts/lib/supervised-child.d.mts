import type { ChildHandle, startChild } from './child.mjs';
import type { RestartPolicy } from './restart-backoff.mjs';

export interface SupervisedChild {
  name: string;
  /** The pid of the program's current process. */
  readonly pid: number;
  /** How many times it was started again. */
  readonly restarts: number;
  current(): ChildHandle;
  running(): boolean;
  lastLines(n?: number): string[];
  stop(graceMs?: number): ReturnType<ChildHandle['stop']>;
}
export function superviseChild(
  first: ChildHandle,
  spec: Parameters<typeof startChild>[0],
  options?: {
    policy?: RestartPolicy;
    onExit?: (description: string, delayMs: number, lastLines: string[]) => void;
    onRestart?: (child: ChildHandle, restarts: number) => void;
    now?: () => number;
  },
): SupervisedChild;
