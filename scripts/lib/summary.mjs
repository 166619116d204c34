// Adds up what each tier of `npm test` reported into the one closing line CI reads.
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/**
 * Counts from jest's --json report. A suite that could not run (a syntax error, a failing
 * beforeAll, a missing module) has no failing test of its own, so it counts as one failed test.
 */
export function summariseJest(report, root) {
  const failures = [];
  let failed = report.numFailedTests ?? 0;
  for (const suite of report.testResults ?? []) {
    const file = root ? relative(root, suite.name) : suite.name;
    const failing = (suite.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failing) failures.push(`${file} › ${a.fullName ?? a.title}`);
    if (suite.status === 'failed' && failing.length === 0) {
      failed += 1;
      // jest's message starts with its own '● Test suite failed to run' heading; the cause follows.
      const reason =
        (suite.message || suite.testExecError?.message || '')
          .split('\n')
          .map((l) => stripVTControlCharacters(l).trim())
          .find((l) => l && !l.startsWith('●')) ?? 'the suite failed to run';
      failures.push(`${file} (suite failed to run: ${reason})`);
    }
  }
  // A run that failed outside any suite (global setup, a crash) reports no suite at all.
  if (report.success === false && failed === 0) {
    failed = 1;
    failures.push('jest run failed outside any test (see its output above)');
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    failures,
  };
}

export function addCounts(parts) {
  return parts.reduce(
    (sum, p) => ({
      passed: sum.passed + p.passed,
      failed: sum.failed + p.failed,
      skipped: sum.skipped + p.skipped,
      failures: [...sum.failures, ...p.failures],
    }),
    { passed: 0, failed: 0, skipped: 0, failures: [] },
  );
}

/** `N passed, N failed`, with `, N skipped` only when some were. */
export function summaryLine({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}
