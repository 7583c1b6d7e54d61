import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { LongestFirst } from './scripts/longest-first.ts';

/**
 * API test files that replace a module (vi.mock): run with a module graph of their own, at the cost of a process and
 * the whole app's import each (7-9 s). Where a test only counts or opens up calls, it spies on the one object the app
 * calls them through (lib/passwords.ts `passwords`, lib/uploads.ts `uploadSlots`) and shares the graph instead.
 */
const apiIsolated = ['src/features/exam/exam-paper-answer.test.ts'];

/**
 * Files the PostgreSQL pass leaves out, as they do not differ by driver. The rule: the PostgreSQL pass runs every
 * file that opens a database (through test/helpers.ts, whose database is PostgreSQL on that pass, or the CLIs on
 * DATABASE_URL) and the *.pg.test.ts; it leaves out only
 * - the files that start the server on a PGlite data folder whatever the pass (their database is never PostgreSQL);
 * - the files that open no database at all (configuration, the data-folder lock, caches, HTML sanitising, the
 *   LibreOffice sandbox, the CLIs' usage lines): the same code twice, nothing a driver could change.
 * A new file runs on both passes unless it is added here.
 */
const notOnPostgres = [
  'test/server-process.test.ts',
  'test/upload-crash.test.ts',
  'src/config.test.ts',
  'src/db/lock.test.ts',
  'src/db/schema-migrations.test.ts',
  'src/db/seed/area-seeds.test.ts',
  'src/lib/bounded-cache.test.ts',
  'src/module-hooks.test.ts',
  'src/lib/configured-storage.test.ts',
  'src/lib/demo-mail-sink.test.ts',
  'src/lib/document-sandbox.test.ts',
  'src/lib/kept-head.test.ts',
  'src/lib/staff-html.test.ts',
  'src/lib/storage-copy.test.ts',
  'src/lib/storage.contract.test.ts',
  'test/cli-usage.test.ts',
];

/**
 * Files about the HTTP layer, not about what the database stores or answers: security headers, compression, request
 * timeouts, a client leaving mid-answer, an answer before the body, forwarded headers, log redaction. Their database
 * work is a session lookup or a few factory rows, which every other file does on both drivers, and their assertions
 * hold whichever driver answered. When TEST_DATABASE_URL is set (CI, where the PostgreSQL pass runs) they run once,
 * on PostgreSQL, the production database; without it, on PGlite. Either way every `npm test` runs each of them once.
 * Files that send or read stored values (fields, uploads, fuzzed input reaching queries, the access matrix calling
 * every handler) differ by driver and stay on both passes.
 */
const httpLayer = [
  'test/client-abort.test.ts',
  'test/compression.test.ts',
  'test/early-answer.test.ts',
  'test/log-redaction.test.ts',
  'test/request-timeouts.test.ts',
  'test/security-headers.test.ts',
  'test/trust-proxy.test.ts',
];
/**
 * Files about rules, messages and answer shapes on the read side, run on one driver only (issue 29: the
 * PostgreSQL tier on the tests that differ by driver). What a driver can change is what a query sends and answers:
 * the values it parses (dates, numbers, nulls), what it does at once beside another connection (locks, races,
 * conflicts), how it refuses (error codes) and the schema it migrates. On PostgreSQL those run in
 * - access-cells.test.ts: every endpoint called by its owner (answers with data) and by eight other identities;
 * - the fuzzers (routes-fuzz, admin.fuzz, bad-input, single-line and staff-HTML fields): hostile values reaching
 *   every query and column;
 * - the writers' tests (*.writer.test.ts), the admin API, the import: every row written and read back;
 * - the concurrency files (races, limits, lock-outs, sessions, the job queue, ranking) and the *.pg.test.ts;
 * - the E2E tier, which runs on PostgreSQL in CI: every screen's values as a user reads them.
 * The files below check what TypeScript makes of those answers (which list, which message, which shape), the same
 * on either driver; they run once, as the HTTP layer's do: on PostgreSQL when the run has it, else on PGlite. (On
 * PostgreSQL they take about half the CPU: these files alone, 90 s of the machine's CPU on PGlite against 48 s,
 * session 28; PGlite is PostgreSQL compiled to WebAssembly, in the test's own process.) A file that writes, locks or
 * races stays on both passes; a new file runs on both unless added here.
 */
const rulesOnly = [
  'src/access/define-route.test.ts',
  'src/features/alerts/alerts.demo.test.ts',
  'src/access/policies.test.ts',
  'src/features/assignments/assignments.routes.test.ts',
  'src/features/documents/documents.routes.test.ts',
  'src/features/events/events.routes.test.ts',
  'src/features/exam/exam-paper-answer.test.ts',
  'src/features/fees/fees-demo.test.ts',
  'src/features/fees/fees.routes.test.ts',
  'src/features/home/home.routes.test.ts',
  'src/features/index.test.ts',
  'src/features/library/library-answer-size.test.ts',
  'src/features/library/library.routes.test.ts',
  'src/features/live/live.routes.test.ts',
  'src/features/messages/messages.routes.test.ts',
  'src/features/products/products.routes.test.ts',
  'src/features/report/report-answer-key.test.ts',
  'src/features/report/report-demo.test.ts',
  'src/features/report/report.routes.test.ts',
  'src/features/shell/shell.routes.test.ts',
  'src/features/timetable/timetable-demo.test.ts',
  'src/features/timetable/timetable-month-answer.test.ts',
  'src/features/timetable/timetable.routes.test.ts',
  'test/file-grants.test.ts',
  'test/s3-files.test.ts',
  'test/upload-early-refusal.test.ts',
];
const postgresPassRuns = Boolean(process.env.TEST_DATABASE_URL);
/** The files that run once in a run with the PostgreSQL pass, on PostgreSQL. */
const runOnce = [...httpLayer, ...rulesOnly];

/**
 * One API project: `api*` on PGlite, `api-postgres*` on PostgreSQL (TEST_DATABASE_URL) with the PostgreSQL-only
 * checks (*.pg.test.ts). The demo is seeded once per run and copied into each file's database (test/template.ts).
 */
function apiProject(
  name: string,
  { include, exclude = [], isolate = true }: { include?: string[]; exclude?: string[]; isolate?: boolean },
): TestProjectInlineConfiguration {
  const onPostgres = name.startsWith('api-postgres');
  return {
    test: {
      name,
      root: 'apps/api',
      include: include ?? ['src/**/*.test.ts', 'test/**/*.test.ts'],
      exclude: [...exclude, ...(onPostgres ? [] : ['**/*.pg.test.ts']), '**/node_modules/**'],
      environment: 'node',
      ...(onPostgres ? { env: { API_TEST_TARGET: 'postgres' } } : {}),
      globalSetup: ['test/global-setup.ts'],
      // Files that share modules start each with what a fresh import gives (the factories' numbering). Not in the
      // isolated projects: a setup file's imports would load a module before a file's vi.mock could replace it.
      ...(isolate ? {} : { setupFiles: ['test/each-file.ts'] }),
      isolate,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

/** Web test files that replace a module (vi.mock): run with a module graph of their own. */
// report.test.tsx: 'asks for a test type…' failed at random in the shared graph (twice in sessions 23–24, 1 run in
// 4; alone it always passes): what another file leaves behind is not found yet, so it gets a graph of its own.
const webIsolated = [
  'src/components/viewer/preload.test.ts',
  'src/components/viewer/viewer-overlay.test.tsx',
  'src/features/report/report.test.tsx',
];

/**
 * The web tier in happy-dom. Its files share one module graph per worker (isolate: false), as the API's do: importing
 * React, Mantine and the app afresh for each of 46 files was 40 % of the tier's CPU (user time 189 s → 112 s, session
 * 21). What a file leaves in a module (the session, the theme, offline recovery) is reset after each test by
 * src/test/setup.ts, which runs again for each file.
 */
function webProject(
  name: string,
  {
    include = ['src/**/*.test.{ts,tsx}'],
    exclude = [],
    isolate = true,
  }: { include?: string[]; exclude?: string[]; isolate?: boolean },
): TestProjectInlineConfiguration {
  return {
    plugins: [react()],
    test: {
      name,
      root: 'apps/web',
      include,
      exclude: [...exclude, '**/node_modules/**'],
      environment: 'happy-dom',
      setupFiles: ['src/test/setup.ts'],
      isolate,
      testTimeout: 20_000,
    },
  };
}

export default defineConfig({
  test: {
    // Every core: vitest 4.1's default for a run is one worker fewer than the cores, one worker on a 2-core CI
    // machine, where the main process only collects results. Two workers took the first tier from 11.3 to 6.5 min
    // there (session 16, same machine, same commit).
    // `npm test` gives both its runs (domain, scripts, API and web; E2E) one worker more (scripts/test.mjs).
    maxWorkers: '100%',
    // The longest files first, whatever vitest has timed before (scripts/longest-first.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        // The test runner's own counting (scripts/test-results.mjs); its fixtures are *.fixture.ts, never run here.
        test: { name: 'scripts', root: 'scripts', include: ['*.test.ts'], environment: 'node', testTimeout: 60_000 },
      },
      // The API tier, on PGlite and again on PostgreSQL: its test files share one module graph per worker
      // (isolate: false), as importing the whole app afresh for each file was a third of the tier's time. The few
      // files that replace a module with vi.mock keep a graph of their own (apiIsolated), so no mock reaches
      // another file and no other file's import hides one.
      apiProject('api', { isolate: false, exclude: [...apiIsolated, ...(postgresPassRuns ? runOnce : [])] }),
      apiProject('api-isolated', { include: apiIsolated, exclude: postgresPassRuns ? runOnce : [] }),
      apiProject('api-postgres', { isolate: false, exclude: [...apiIsolated, ...notOnPostgres] }),
      apiProject('api-postgres-isolated', { include: apiIsolated }),
      webProject('web', { isolate: false, exclude: webIsolated }),
      webProject('web-isolated', { include: webIsolated }),
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.ts'],
          // The demo is seeded once per run and copied into each file's data directory.
          globalSetup: ['support/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // expect.poll waits for what a browser or the server does next, which takes seconds when both files of a
          // run are busy: its default of one second failed the notification test at random (session 25). A poll
          // ends as soon as it holds, so a longer limit costs a passing test nothing.
          expect: { poll: { timeout: 10_000 } },
          // Files at once (`npm test` runs one more than the cores, scripts/test.mjs): each has its own server and
          // data folder and its own browser contexts in the shared Chromium, and a file spends much of its time
          // waiting on the browser and the server (one at a time, the tier used 9.8 of its 16.8 minutes of CPU on 2
          // cores, session 16).
        },
      },
    ],
  },
});
