export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  /** Names of what failed, for the closing report. */
  failures: string[];
}
/** The parts of jest's --json report this reads. */
export interface JestReport {
  success?: boolean;
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  testResults?: Array<{
    name: string;
    status: string;
    message?: string;
    testExecError?: { message?: string };
    assertionResults?: Array<{ status: string; title: string; fullName?: string }>;
  }>;
}
export function summariseJest(report: JestReport, root?: string): Counts;
export function addCounts(parts: Counts[]): Counts;
export function summaryLine(counts: Pick<Counts, 'passed' | 'failed' | 'skipped'>): string;
