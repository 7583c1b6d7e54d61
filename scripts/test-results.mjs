// Counts one vitest run for `npm test`'s summary line, from vitest 4's JSON report and the process's exit code.
// Kept pure (no I/O) so scripts/test-results.test.ts can feed it the report of a run that goes wrong on purpose.
//
// What the JSON report holds (node_modules/vitest, JsonReporter): per file `status` ('passed' | 'failed') and
// `message` (the file's own first error: a failed import, a throwing top-level hook), per test `status`
// ('passed' | 'failed' | 'skipped' | 'pending' | 'todo'). A describe whose beforeAll throws leaves its tests
// 'skipped' and fails the file with an empty message. Unhandled errors are not in the report at all: they only
// make vitest exit non-zero.

/**
 * @typedef {{ status: string, title?: string, fullName?: string }} JsonTest
 * @typedef {{ name: string, status: string, message?: string, assertionResults: JsonTest[] }} JsonFile
 * @typedef {{ testResults: JsonFile[] }} JsonReport
 * @typedef {{ passed: number, failed: number, problems: string[] }} RunCount
 */

/**
 * Passed and failed tests of one vitest run. Nothing that went wrong can leave `failed` at 0:
 * - a test that failed, or never finished ('pending'), counts once;
 * - in a file that failed outside its tests (its own error message, or failed with no failed test: a hook, a
 *   suite that did not load), every test that did not run counts as failed, and the file counts once when that
 *   leaves nothing counted (an import that fails, an afterAll that throws). The report cannot tell a deliberate
 *   `it.skip` from a test skipped by its suite's error, so in such a file both count;
 * - a run with no report, with no test at all, or that exits non-zero with nothing counted (an unhandled error)
 *   counts once.
 * @param {JsonReport | undefined} report the parsed `--reporter=json` output, undefined when none was written
 * @param {number | null} exitCode the vitest process's exit code
 * @returns {RunCount}
 */
export function countVitestRun(report, exitCode) {
  if (!report) return { passed: 0, failed: 1, problems: [`no results (vitest exit code ${exitCode})`] };
  let passed = 0;
  let failed = 0;
  const problems = [];
  for (const file of report.testResults) {
    const tests = file.assertionResults;
    const ofStatus = (status) => tests.filter((test) => test.status === status).length;
    passed += ofStatus('passed');
    const failedTests = ofStatus('failed');
    const unfinished = ofStatus('pending');
    failed += failedTests + unfinished;
    if (unfinished > 0) problems.push(`${file.name}: ${unfinished} test(s) never finished`);
    const erroredOutsideTests = file.status === 'failed' && (Boolean(file.message) || failedTests === 0);
    if (!erroredOutsideTests) continue;
    const skipped = ofStatus('skipped');
    const counted = skipped + unfinished > 0 ? skipped : 1;
    failed += counted;
    const reason = file.message || 'a hook or suite failed';
    problems.push(`${file.name}: ${reason}${skipped > 0 ? ` (${skipped} test(s) not run, counted as failed)` : ''}`);
  }
  const total = report.testResults.reduce((sum, file) => sum + file.assertionResults.length, 0);
  if (total === 0 && failed === 0) {
    failed += 1;
    problems.push('ran no test');
  }
  if (exitCode !== 0 && failed === 0) {
    failed += 1;
    problems.push(
      `vitest exited with code ${exitCode} with no failed test: an unhandled error or a failure outside any test`,
    );
  }
  return { passed, failed, problems };
}
