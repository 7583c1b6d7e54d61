// Exam saves a second against PostgreSQL alone (issue 28 item 5): the production server on a fresh database takes
// saves from N open attempts at C connections (autocannon, each save a new seq of a random question), then pgbench
// runs the save's own statement (exported by the exam repository) with the same shape of values at the same
// concurrency on the same database. Goal: saves a second ≥ 0.6 × pgbench's transactions a second.
//
//   node --import tsx bench/exam-save.ts [--attempts 100] [--seconds 10] [--connections 20] [--port 8130]
//
// pgbench comes with Debian's postgresql-client, which this script installs when it is missing (as root on Debian). Its variables are numbers or
// fixed strings, so the statement's one-element arrays of question and seq are written `array[:q]::int[]` where the
// server sends `$4::int[]`; everything else is the server's text, run as a prepared statement (-M prepared).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { checkedSaveSql } from '../apps/api/src/features/exam/exam.repository.ts';
import { hashToken } from '../apps/api/src/lib/tokens.ts';
import { prepareExam } from './exam-setup.ts';
import { onSignal, processCpuMs, start, stop, waitFor } from './servers.ts';

export interface SaveBench {
  attempts: number;
  connections: number;
  seconds: number;
  saves: { perSecond: number; p50: number; p99: number; non2xx: number; errors: number; bytes: number };
  /**
   * CPU ms a save during the HTTP run: the server process, the load generator (autocannon, this process) and the
   * PostgreSQL backends of the server's pool. On a shared 2-core machine the three take turns on the same cores,
   * where pgbench's client is C: what the ratio below charges the server with.
   */
  cpu: { serverMs: number; clientMs: number; postgresMs: number };
  pgbench: { perSecond: number; failed: number; command: string } | { missing: string };
  /** saves a second ÷ pgbench's transactions a second (goal ≥ 0.6). */
  ratio: number | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The pgbench script of one attempt: the save statement, its values as pgbench variables. */
function pgbenchScript(attempt: number) {
  const values: Record<string, string> = {
    '1': ':institute',
    '2': `:attempt${attempt}`,
    '3': ':cutoff',
    '4': 'array[:q]',
    '5': ':answers',
    '6': 'array[:seq]',
    '7': ':flags',
    '8': ':flags',
    '9': ':saved_at',
    '10': `:hash${attempt}`,
  };
  const statement = checkedSaveSql.replace(/\$(\d+)/g, (_, n: string) => values[n]!).replace(/\s+/g, ' ');
  // A seq above any the client sent before on any attempt: each client counts its own (n), clients interleave.
  return ['\\set q random(1, 10)', '\\set n :n + 1', '\\set seq 1000000000 + :n * 64 + :client_id', `${statement};`]
    .join('\n')
    .concat('\n');
}

const hasPgbench = () => spawnSync('pgbench', ['--version']).status === 0;

/** pgbench, from Debian's postgresql-client when it is missing and this is root on Debian (as a fresh machine is). */
function ensurePgbench() {
  if (hasPgbench()) return true;
  if (process.getuid?.() === 0 && existsSync('/etc/debian_version')) {
    console.log("pgbench is missing; installing Debian's postgresql-client");
    spawnSync(
      'sh',
      [
        '-c',
        'apt-get update >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql-client >/dev/null',
      ],
      { stdio: 'inherit' },
    );
  }
  return hasPgbench();
}

export async function measureSaves(options: {
  adminUrl: string;
  attempts: number;
  seconds: number;
  connections: number;
  port: number;
}): Promise<SaveBench> {
  const { adminUrl, attempts, seconds, connections, port } = options;
  const name = `portal_save_bench_${Date.now()}`;
  execFileSync('psql', [adminUrl, '-q', '-c', `create database ${name}`]);
  const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'save-bench-'));
  const removeDatabase = () => {
    execFileSync('psql', [adminUrl, '-q', '-c', `drop database if exists ${name} with (force)`]);
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Killed (SIGINT, SIGTERM), the bench drops its database once the server has stopped.
  const dropAtSignal = onSignal(removeDatabase);
  // Started inside the try: a taken port throws, and the database made above is dropped all the same.
  let server: ReturnType<typeof start> | undefined;
  try {
    server = start(
      'apps/api/src/server.ts',
      {
        DATABASE_URL: databaseUrl,
        SEED_DEMO: 'true',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        DATA_DIR: dataDir,
      },
      // e.g. SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to see where a save's CPU goes (Node refuses
      // --cpu-prof in NODE_OPTIONS).
      process.env.SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [],
    );
    await waitFor(`http://127.0.0.1:${port}/readyz`);
    const base = `http://localhost:${port}`;
    const { instituteId, testId, credentials } = await prepareExam(databaseUrl, attempts * 2, 600);
    // Each student opens the test as the panel does (launch, open, read the attempt): half for the HTTP run, half
    // for pgbench, so neither finds the other's seqs.
    const opened: { token: string; attemptId: number }[] = [];
    for (const credential of credentials) {
      const launched = await fetch(`${base}/examPanel/launch`, {
        method: 'POST',
        headers: { authorization: credential, 'content-type': 'application/json' },
        body: JSON.stringify({ test_id: testId }),
      });
      const { launch_token: launchToken } = (await launched.json()) as { launch_token: string };
      const open = await fetch(`${base}/examPanel/open`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ launch_token: launchToken }),
      });
      const token = ((await open.json()) as { attempt_token: string }).attempt_token;
      const read = await fetch(`${base}/examPanel/attempt`, { headers: { authorization: token } });
      if (!read.ok) throw new Error(`save bench: the attempt read answered ${read.status}`);
      await read.arrayBuffer();
      opened.push({ token, attemptId: 0 });
    }
    const ids = execFileSync(
      'psql',
      [databaseUrl, '-At', '-c', `select credential_hash || ' ' || id from exam_attempts where test_id = ${testId}`],
      { encoding: 'utf8' },
    );
    const idOfHash = new Map(
      ids
        .trim()
        .split('\n')
        .map((line) => line.split(' ') as [string, string]),
    );
    for (const attempt of opened) attempt.attemptId = Number(idOfHash.get(hashToken(attempt.token)));
    const [forHttp, forPgbench] = [opened.slice(0, attempts), opened.slice(attempts)];

    // The server: one save of one change per request, each a seq above the last, a random question.
    let seq = 0;
    let next = 0;
    const saveBody = () => {
      seq += 1;
      return JSON.stringify({ answers: [{ question_no: 1 + Math.floor(Math.random() * 10), seq, answer: 'b' }] });
    };
    const warm = await autocannon({
      url: base,
      connections,
      duration: 2,
      requests: [
        {
          method: 'PUT',
          path: '/examPanel/attempt/answers',
          setupRequest: (request) => ({
            ...request,
            headers: { authorization: forHttp[next++ % attempts]!.token, 'content-type': 'application/json' },
            body: saveBody(),
          }),
        },
      ],
    });
    if (warm.non2xx > 0) throw new Error(`save bench: ${warm.non2xx} saves refused while warming up`);
    const backends = () =>
      execFileSync(
        'psql',
        [
          adminUrl,
          '-At',
          '-c',
          `select pid from pg_stat_activity where datname = '${name}' and backend_type = 'client backend'`,
        ],
        { encoding: 'utf8' },
      )
        .trim()
        .split('\n')
        .filter(Boolean)
        .map(Number);
    const backendsBefore = new Map(backends().map((pid) => [pid, processCpuMs(pid)]));
    const serverBefore = processCpuMs(server.pid!);
    const clientBefore = process.cpuUsage();
    const result = await autocannon({
      url: base,
      connections,
      duration: seconds,
      requests: [
        {
          method: 'PUT',
          path: '/examPanel/attempt/answers',
          setupRequest: (request) => ({
            ...request,
            headers: { authorization: forHttp[next++ % attempts]!.token, 'content-type': 'application/json' },
            body: saveBody(),
          }),
        },
      ],
    });
    const clientUsage = process.cpuUsage(clientBefore);
    const serverMs = processCpuMs(server.pid!) - serverBefore;
    let postgresMs = 0;
    for (const pid of backends()) postgresMs += processCpuMs(pid) - (backendsBefore.get(pid) ?? 0);
    const perSave = (ms: number) => Math.round((ms / Math.max(result.requests.total, 1)) * 1000) / 1000;
    const cpu = {
      serverMs: perSave(serverMs),
      clientMs: perSave((clientUsage.user + clientUsage.system) / 1000),
      postgresMs: perSave(postgresMs),
    };
    const saves = {
      perSecond: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      bytes: Math.round(result.throughput.total / Math.max(result.requests.total, 1)),
    };
    console.log(
      `saves through the server: ${saves.perSecond}/s at ${connections} connections, p50 ${saves.p50} ms, p99 ${saves.p99} ms, ` +
        `${saves.non2xx} non-2xx, ${saves.errors} errors, ${saves.bytes} bytes an answer (headers included); CPU a save: ` +
        `server ${cpu.serverMs} ms, load generator ${cpu.clientMs} ms, PostgreSQL ${cpu.postgresMs} ms`,
    );

    // pgbench: the same statement, the other half of the attempts, one script per attempt picked at random.
    let pgbench: SaveBench['pgbench'];
    if (!ensurePgbench()) {
      pgbench = { missing: 'pgbench is not installed (apt-get install postgresql-client)' };
      console.log(`pgbench: ${pgbench.missing}`);
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'save-pgbench-'));
      try {
        const now = new Date();
        const define = [
          `institute=${instituteId}`,
          `cutoff=${new Date(now.getTime() - 10_000).toISOString()}`,
          `saved_at=${now.toISOString()}`,
          'answers={b}',
          'flags={NULL}',
          'n=0',
          ...forPgbench.flatMap((attempt, index) => [
            `attempt${index}=${attempt.attemptId}`,
            `hash${index}=${hashToken(attempt.token)}`,
          ]),
        ].flatMap((value) => ['-D', value]);
        const scripts = forPgbench.flatMap((_, index) => {
          const file = join(dir, `save-${index}.sql`);
          writeFileSync(file, pgbenchScript(index));
          return ['-f', file];
        });
        const args = ['-n', '-M', 'prepared', '-c', String(connections), '-j', '2', '-T', String(seconds)];
        const run = spawnSync('pgbench', [...args, ...define, ...scripts, databaseUrl], { encoding: 'utf8' });
        const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout);
        const failed = Number(/number of failed transactions: (\d+)/.exec(run.stdout)?.[1] ?? 0);
        if (!tps) throw new Error(`pgbench failed: ${run.stderr.slice(0, 2000)}${run.stdout.slice(0, 2000)}`);
        pgbench = {
          perSecond: Math.round(Number(tps[1])),
          failed,
          command: `pgbench ${args.join(' ')} -D … -f save-N.sql (×${forPgbench.length}) ${name}`,
        };
        console.log(`pgbench, the same statement: ${pgbench.perSecond}/s at ${connections} clients, ${failed} failed`);
        writeFileSync(join(tmpdir(), 'save-pgbench-example.sql'), pgbenchScript(0));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    const ratio = 'perSecond' in pgbench ? Math.round((saves.perSecond / pgbench.perSecond) * 100) / 100 : null;
    if (ratio !== null) console.log(`saves a second ÷ pgbench: ${ratio} (goal ≥ 0.6)`);
    return { attempts, connections, seconds, saves, cpu, pgbench, ratio };
  } finally {
    if (server) await stop(server);
    // Its connections go with it; a moment for PostgreSQL to see them closed before the drop.
    await sleep(200);
    dropAtSignal();
    removeDatabase();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      attempts: { type: 'string', default: '100' },
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '20' },
      port: { type: 'string', default: '8130' },
    },
  });
  const result = await measureSaves({
    adminUrl: process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    attempts: Number(values.attempts),
    seconds: Number(values.seconds),
    connections: Number(values.connections),
    port: Number(values.port),
  });
  if (result.saves.non2xx + result.saves.errors > 0) process.exitCode = 1;
}
