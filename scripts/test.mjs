#!/usr/bin/env node
// `npm test`: type-check, lint, the boundary check (.dependency-cruiser.cjs), then the jest tiers unit, int and e2e (the last two one file at a
// time, since they share the machine's servers). Every step runs even when an earlier one failed,
// so one run shows everything that is wrong. The last line is `N passed, N failed[, N skipped]`,
// summed over all tiers; the type-check, the lint and the boundary check each count as one test.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { boundaryCheckArgs } from './lib/boundaries.mjs';
import { repoRoot, runDir } from './lib/paths.mjs';
import { warnUnlessPinnedNode } from './lib/pinned-node.mjs';
import { runUntilReported } from './lib/run-until-reported.mjs';
import { addCounts, summariseJest, summaryLine } from './lib/summary.mjs';

warnUnlessPinnedNode();

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', (e) => {
      console.error(`could not run ${command}: ${e.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(signal ? 1 : code));
  });
}

function banner(title) {
  console.log(`\n=== ${title} ===`);
}

async function check(name, command, args) {
  banner(name);
  const code = await run(command, args);
  return code === 0
    ? { passed: 1, failed: 0, skipped: 0, failures: [] }
    : { passed: 0, failed: 1, skipped: 0, failures: [name] };
}

async function jestTier(tier, extraArgs) {
  banner(`jest ${tier}`);
  mkdirSync(runDir, { recursive: true });
  const report = join(runDir, `jest-${tier}.json`);
  rmSync(report, { force: true });
  const { code, hung } = await runUntilReported(
    process.execPath,
    [
      join(repoRoot, 'node_modules', 'jest', 'bin', 'jest.js'),
      '--selectProjects',
      tier,
      '--json',
      `--outputFile=${report}`,
      '--passWithNoTests',
      ...extraArgs,
    ],
    { cwd: repoRoot, report },
  );
  if (!existsSync(report)) {
    return { passed: 0, failed: 1, skipped: 0, failures: [`jest ${tier} (exited ${code} without a report)`] };
  }
  const counts = summariseJest(JSON.parse(readFileSync(report, 'utf8')), repoRoot);
  if (hung) {
    const failure = `jest ${tier} (did not exit after its run: a test left a handle open)`;
    return { ...counts, failed: counts.failed + 1, failures: [...counts.failures, failure] };
  }
  if (code !== 0 && counts.failed === 0) {
    return { ...counts, failed: 1, failures: [`jest ${tier} (exited ${code})`] };
  }
  return counts;
}

const results = [
  await check('type-check', 'npm', ['run', '--silent', 'typecheck']),
  await check('lint', process.execPath, [join(repoRoot, 'node_modules', 'eslint', 'bin', 'eslint.js'), '.']),
  await check('boundaries', process.execPath, boundaryCheckArgs()),
  await jestTier('unit', []),
  await jestTier('int', ['--runInBand']),
  await jestTier('e2e', ['--runInBand']),
];
const total = addCounts(results);
if (total.failures.length) {
  console.log('\nFailed:');
  for (const f of total.failures) console.log(`  ✗ ${f}`);
}
console.log('');
console.log(summaryLine(total));
process.exitCode = total.failed > 0 ? 1 : 0;
