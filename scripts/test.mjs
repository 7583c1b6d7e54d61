// `npm test`: every tier in order — typecheck, lint and format, domain/api/web tests (with the API tests again on
// PostgreSQL when TEST_DATABASE_URL is set), then the E2E tier in Chromium against the production build.
// Ends with one line `tests: N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { countVitestRun } from './test-results.mjs';

// The project runs on the Node it pins (package.json `dependencies.node`, installed into node_modules/.bin, which
// npm scripts put first on PATH). Every child below finds `node` through PATH (npx, vitest's `#!/usr/bin/env node`),
// so this process's Node goes first there too, and both are checked: a run on another major stops here, loudly.
const pinned = JSON.parse(readFileSync('package.json', 'utf8')).dependencies.node;
const childPath = `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`;
const childNode = spawnSync('node', ['-p', 'process.version'], { env: { ...process.env, PATH: childPath } })
  .stdout?.toString()
  .trim();
for (const [who, version] of [
  ['scripts/test.mjs', process.version],
  ["`node` on the tests' PATH", childNode],
]) {
  if (version?.split('.')[0] !== `v${pinned.split('.')[0]}`) {
    console.error(
      `\n${who} runs on Node ${version ?? '(none found)'}, but the project pins Node ${pinned}. Run the tests with ` +
        '`npm test` after `npm ci` (npm scripts use node_modules/.bin/node), not with the system Node directly.\n',
    );
    process.exit(1);
  }
}
console.log(`Node ${process.version} (pinned ${pinned})`);

// Every temporary folder the tests make (data folders, stored files, copies of the demo, browser profiles) goes
// under one folder of this run, removed at its end: files that forgot theirs had left 3.5 GB in /tmp over a day.
// Children find it through TMPDIR, which os.tmpdir() and Chromium read.
// Open to every user as /tmp is (sticky): the office sandbox runs LibreOffice as another user, which must reach its
// job folder in there (bubblewrap refused a folder of mkdtemp's 0700).
const runTemp = mkdtempSync(join(tmpdir(), 'portal-test-run-'));
chmodSync(runTemp, 0o1777);
process.env.TMPDIR = runTemp;

const resultsDir = '.test-results';
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];

const run = (command, args) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, PATH: childPath } }).status === 0;

function count(name, ok) {
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
}

/**
 * Steps that each pass or fail as a whole and read the tree without changing what another reads (the build writes
 * only dist/, which the others ignore), run at once: each is mostly one process on one core (on a 2-core machine,
 * warm: 52 s one after another, 46 s side by side, farm-bench, session 19). Each one's output is printed whole, in
 * order, once all have ended.
 */
async function checksAtOnce(steps) {
  const ended = await Promise.all(
    steps.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { env: { ...process.env, PATH: childPath } });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('error', (error) => resolve({ name, ok: false, output: [Buffer.from(`${error.message}\n`)] }));
          child.on('close', (code) => resolve({ name, ok: code === 0, output }));
        }),
    ),
  );
  for (const { name, ok, output } of ended) {
    console.log(`\n── ${name}`);
    process.stdout.write(Buffer.concat(output));
    count(name, ok);
  }
}

/** A vitest run whose test counts are added to the totals; `args`: more of vitest's options. */
function vitest(name, projects, args = []) {
  console.log(`\n── ${name}`);
  const output = `${resultsDir}/${name.replace(/\W+/g, '-')}.json`;
  const { status } = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      ...projects.flatMap((project) => ['--project', project]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${output}`,
      ...args,
    ],
    { stdio: 'inherit', env: { ...process.env, PATH: childPath } },
  );
  const report = existsSync(output) ? JSON.parse(readFileSync(output, 'utf8')) : undefined;
  // Hook failures, files that fail to load, unhandled errors: see scripts/test-results.mjs.
  const count = countVitestRun(report, status);
  passed += count.passed;
  failed += count.failed;
  if (count.failed > 0) failures.push(name);
  for (const problem of count.problems) console.log(`  counted as failed: ${problem}`);
}

/**
 * The E2E tier drives CHROME_PATH, else Debian's chromium-headless-shell (e2e/support/chromium.ts: the same
 * Chromium without its desktop parts, less CPU a run), else Debian's full chromium. Root on Debian installs the
 * headless shell when it is missing.
 */
function ensureChromium() {
  const shell = '/usr/bin/chromium-headless-shell';
  if (process.env.CHROME_PATH ? existsSync(process.env.CHROME_PATH) : existsSync(shell)) return true;
  const install = 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium-headless-shell';
  if (process.getuid?.() === 0 && existsSync('/etc/debian_version')) {
    console.log("Chromium's headless shell is missing; installing Debian's chromium-headless-shell package");
    if (run('sh', ['-c', `${install} >/dev/null`]) && existsSync(shell)) return true;
  }
  if (['/usr/bin/chromium', '/usr/bin/chromium-browser'].some((path) => existsSync(path))) return true;
  console.error(`Chromium is missing. Install it with:\n  ${install}\nor set CHROME_PATH to a Chromium binary.`);
  return false;
}

/**
 * The full Chromium as well, for the one test of phone notifications (e2e/alerts.e2e.ts): the headless shell denies
 * notifications to every site. Root on Debian installs it when it is missing; without it that test fails and says so.
 */
function ensureFullChromium() {
  const full = '/usr/bin/chromium';
  if (existsSync(full)) return;
  const install =
    'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium';
  if (process.getuid?.() === 0 && existsSync('/etc/debian_version')) {
    console.log("Installing Debian's chromium for the test of phone notifications");
    if (run('sh', ['-c', `${install} >/dev/null`]) && existsSync(full)) return;
  }
  console.log(`The full Chromium is missing (the notification test will fail). Install it with:\n  ${install}`);
}

/**
 * LibreOffice (headless) converts office documents for their preview, only inside bubblewrap's sandbox
 * (apps/api/src/lib/document-sandbox.ts); the API tests of both need them, and in CI they fail rather than skip
 * without them. Installed like Chromium: Debian's packages, when root.
 */
function ensureLibreOffice() {
  const hasSoffice = [process.env.SOFFICE_PATH, '/usr/bin/soffice'].some((path) => path && existsSync(path));
  const hasBwrap = [process.env.BWRAP_PATH, '/usr/bin/bwrap'].some((path) => path && existsSync(path));
  if (hasSoffice && hasBwrap) return;
  const packages = [
    ...(hasSoffice ? [] : ['libreoffice-writer-nogui', 'libreoffice-calc-nogui', 'libreoffice-impress-nogui']),
    ...(hasBwrap ? [] : ['bubblewrap']),
  ];
  const install = `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${packages.join(' ')}`;
  if (process.getuid?.() === 0 && existsSync('/etc/debian_version')) {
    console.log(`Installing Debian's ${packages.join(', ')} for the office previews and their sandbox`);
    if (run('sh', ['-c', `${install} >/dev/null`]) && existsSync('/usr/bin/soffice') && existsSync('/usr/bin/bwrap'))
      return;
  }
  console.log(`LibreOffice or bubblewrap is missing (office previews untested). Install them with:\n  ${install}`);
}

ensureLibreOffice();
// The production build, which only the E2E tier uses, is made beside the checks: it reads the tree as they do.
await checksAtOnce([
  ['typecheck', 'npm', ['run', 'typecheck', '--silent']],
  ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
  ['format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
  ['build', 'npm', ['run', 'build', '--silent']],
]);
// api and api-isolated are one tier: the API's files, the few that mock a module apart (vitest.config.ts). The API's
// pass on PostgreSQL runs in the same vitest run: alone, a fifth of the two cores stood idle through it (its files
// wait on the database and on timers), and in one run the other projects' files fill those waits. Measured on one
// machine, one run each: 565 s merged against 577 s for the two runs in the morning, 582 s merged later (session 26).
// Per tier: the JSON report names each file's project.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres)
  console.log(
    '\n── api on PostgreSQL: not run (set TEST_DATABASE_URL to a database this run may create databases from)',
  );
vitest(
  onPostgres ? 'domain, scripts, api and web, api on PostgreSQL' : 'domain, scripts, api and web',
  [
    'domain',
    'scripts',
    'api',
    'api-isolated',
    'web',
    'web-isolated',
    ...(onPostgres ? ['api-postgres', 'api-postgres-isolated'] : []),
  ],
  [
    // A worker more than the cores: the API files wait on PostgreSQL, child processes and timers, and a third file
    // fills those waits (9 % idle left, against 12 % with two; 535 s against 565 s, one run each, session 26). A
    // number: vitest caps a percentage at the core count.
    `--maxWorkers=${availableParallelism() + 1}`,
  ],
);

if (ensureChromium()) {
  ensureFullChromium();
  // A file more than the cores, as above: with one a core a fifth of the CPU stood idle through the tier (files wait
  // on the browser, the server and timers); three on 2 cores took it from 394 to 317 s with no more CPU (611 → 589
  // s of the machine's), and the longest test, an accessibility walk, from 21 to 32 s of its 60 (session 28).
  vitest('e2e in Chromium', ['e2e'], [`--maxWorkers=${availableParallelism() + 1}`]);
} else {
  failed += 1;
  failures.push('e2e (no Chromium)');
}

if (failures.length > 0) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
rmSync(runTemp, { recursive: true, force: true });
process.exit(failed > 0 ? 1 : 0);
