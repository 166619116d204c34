import { addCounts, summariseJest, summaryLine } from '../lib/summary.mjs';

describe('summariseJest', () => {
  it('counts passed, failed, skipped and todo tests and names the failures', () => {
    const counts = summariseJest(
      {
        success: false,
        numPassedTests: 5,
        numFailedTests: 1,
        numPendingTests: 2,
        numTodoTests: 1,
        testResults: [
          {
            name: '/repo/services/identity/src/a.unit.spec.ts',
            status: 'failed',
            assertionResults: [
              { status: 'passed', title: 'works', fullName: 'a works' },
              { status: 'failed', title: 'breaks', fullName: 'a breaks' },
            ],
          },
        ],
      },
      '/repo',
    );
    expect(counts).toEqual({
      passed: 5,
      failed: 1,
      skipped: 3,
      failures: ['services/identity/src/a.unit.spec.ts › a breaks'],
    });
  });

  it('counts a suite that could not run as one failed test', () => {
    const counts = summariseJest(
      {
        success: false,
        numPassedTests: 3,
        numFailedTests: 0,
        testResults: [
          {
            name: '/repo/x.int.spec.ts',
            status: 'failed',
            message: '  \u001b[1m● Test suite failed to run\u001b[22m\n\n    Cannot find module ./missing',
            assertionResults: [],
          },
          {
            name: '/repo/y.int.spec.ts',
            status: 'passed',
            assertionResults: [{ status: 'passed', title: 't' }],
          },
        ],
      },
      '/repo',
    );
    expect(counts.failed).toBe(1);
    expect(counts.failures).toEqual(['x.int.spec.ts (suite failed to run: Cannot find module ./missing)']);
  });

  it('counts a run that failed outside every suite (global setup) as a failure', () => {
    const counts = summariseJest({ success: false, numPassedTests: 0, numFailedTests: 0, testResults: [] });
    expect(counts.failed).toBe(1);
  });

  it('reports nothing failed for a clean run', () => {
    expect(summariseJest({ success: true, numPassedTests: 7, testResults: [] })).toEqual({
      passed: 7,
      failed: 0,
      skipped: 0,
      failures: [],
    });
  });
});

describe('summaryLine', () => {
  it('leaves out skipped when none were', () => {
    expect(summaryLine({ passed: 12, failed: 0, skipped: 0 })).toBe('12 passed, 0 failed');
  });

  it('appends skipped when some were', () => {
    expect(summaryLine({ passed: 12, failed: 2, skipped: 3 })).toBe('12 passed, 2 failed, 3 skipped');
  });

  it('sums tiers', () => {
    const total = addCounts([
      { passed: 1, failed: 0, skipped: 0, failures: [] },
      { passed: 0, failed: 1, skipped: 0, failures: ['lint'] },
      { passed: 40, failed: 2, skipped: 1, failures: ['a', 'b'] },
    ]);
    expect(total).toEqual({ passed: 41, failed: 3, skipped: 1, failures: ['lint', 'a', 'b'] });
    expect(summaryLine(total)).toMatch(/^\d+ passed, \d+ failed(, \d+ skipped)?$/);
  });
});
