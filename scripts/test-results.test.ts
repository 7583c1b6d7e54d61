import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { countVitestRun } from './test-results.mjs';

const fixtures = fileURLToPath(new URL('./fixtures/vitest-failures', import.meta.url));
const vitestBin = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const outputDir = mkdtempSync(join(tmpdir(), 'vitest-failures-'));
afterAll(() => rmSync(outputDir, { recursive: true, force: true }));

/** Runs the fixture files matching `filters` in a vitest of their own; answers the JSON report and exit code. */
function runFixtures(...filters: string[]) {
  const output = join(outputDir, `${filters.join('-')}.json`);
  // Without this run's VITEST* variables the child behaves as a run started from a shell.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));
  const child = spawnSync(
    process.execPath,
    [vitestBin, 'run', '--reporter=json', `--outputFile.json=${output}`, ...filters],
    { cwd: fixtures, env, encoding: 'utf8' },
  );
  return { report: JSON.parse(readFileSync(output, 'utf8')) as never, exitCode: child.status };
}

describe('countVitestRun', () => {
  it('counts tests skipped by a throwing beforeAll and a file that fails to load as failed', () => {
    const { report, exitCode } = runFixtures('hook-fails', 'load-fails', 'passes');
    // The old count (numFailedTests plus files with no test) said 3 passed, 1 failed: the suite whose beforeAll
    // threw went unnoticed.
    const count = countVitestRun(report, exitCode);
    expect({ passed: count.passed, failed: count.failed }).toEqual({ passed: 3, failed: 3 });
    expect(count.problems).toEqual([
      expect.stringMatching(/hook-fails\.fixture\.ts: .*2 test\(s\) not run/),
      expect.stringMatching(/load-fails\.fixture\.ts: this file fails to load/),
    ]);
  });

  it('counts an unhandled error in a run whose tests all passed as a failure', () => {
    const { report, exitCode } = runFixtures('unhandled');
    expect(exitCode).not.toBe(0);
    const count = countVitestRun(report, exitCode);
    expect({ passed: count.passed, failed: count.failed }).toEqual({ passed: 1, failed: 1 });
  });

  it('counts a run that wrote no report, or ran no test, as a failure', () => {
    expect(countVitestRun(undefined, 1)).toMatchObject({ passed: 0, failed: 1 });
    expect(countVitestRun({ testResults: [] }, 0)).toMatchObject({ passed: 0, failed: 1 });
  });

  it('counts tests that never finished as failed, and a clean run as it is', () => {
    const file = (statuses: string[], status = 'passed') => ({
      name: 'x.test.ts',
      status,
      message: '',
      assertionResults: statuses.map((testStatus) => ({ status: testStatus })),
    });
    expect(countVitestRun({ testResults: [file(['passed', 'pending'], 'failed')] }, 1)).toMatchObject({
      passed: 1,
      failed: 1,
    });
    expect(countVitestRun({ testResults: [file(['passed', 'skipped', 'todo'])] }, 0)).toEqual({
      passed: 1,
      failed: 0,
      problems: [],
    });
  });
});
