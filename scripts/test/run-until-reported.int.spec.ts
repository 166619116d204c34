// A jest tier that finishes its run but never exits must not hold `npm test` (and CI) forever.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runUntilReported } from '../lib/run-until-reported.mjs';

describe('runUntilReported', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parley-report-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const quiet = () => undefined;

  it('stops a runner that writes its report and then hangs, and says it hung', async () => {
    const report = join(dir, 'hangs.json');
    const script = `require('fs').writeFileSync(${JSON.stringify(report)}, '{}'); setInterval(() => {}, 1000);`;
    const started = Date.now();
    const result = await runUntilReported(process.execPath, ['-e', script], {
      cwd: dir,
      report,
      graceMs: 300,
      pollMs: 20,
      log: quiet,
    });
    expect(result).toEqual({ code: 1, hung: true });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('leaves a runner alone that exits by itself, with its exit code', async () => {
    const report = join(dir, 'exits.json');
    const script = `require('fs').writeFileSync(${JSON.stringify(report)}, '{}'); setTimeout(() => process.exit(3), 100);`;
    const result = await runUntilReported(process.execPath, ['-e', script], {
      cwd: dir,
      report,
      graceMs: 5_000,
      pollMs: 20,
      log: quiet,
    });
    expect(result).toEqual({ code: 3, hung: false });
  });

  it('waits as long as the run takes before there is a report', async () => {
    const report = join(dir, 'slow.json');
    const script = `setTimeout(() => { require('fs').writeFileSync(${JSON.stringify(report)}, '{}'); }, 600);`;
    const result = await runUntilReported(process.execPath, ['-e', script], {
      cwd: dir,
      report,
      graceMs: 200,
      pollMs: 20,
      log: quiet,
    });
    expect(result).toEqual({ code: 0, hung: false });
  });
});
