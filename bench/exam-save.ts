// Exam saves a second against PostgreSQL alone (issue 28 item 5): the production server on a fresh database takes
// saves from N open attempts at C connections (autocannon, each save a new seq of a random question), then pgbench
// runs the save's own statement (exported by the exam repository) with the same shape of values at the same
// concurrency on the same database. Goal: saves a second ≥ 0.6 × pgbench's transactions a second.
// Between the two, when wrk is installed (`apt-get install wrk`; this script does not install it), the same saves
// from wrk at the same connections: a load generator in C, as pgbench's client is, where autocannon's JavaScript
// takes 3-4× the CPU a save on the same cores. Its ratio is printed beside the goal's, which stays autocannon's.
//
//   node --import tsx bench/exam-save.ts [--attempts 100] [--seconds 10] [--connections 20] [--port 8130] [--warmup 2]
//   SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' …: the server's own node flags (a profile of the run)
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
import { openAttempts, prepareExam } from './exam-setup.ts';
import { clockTicks, onSignal, processCpuMs, start, stop, waitFor } from './servers.ts';

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
  /** The same saves from wrk (C, as pgbench's client is), when it is installed: the load generator's share. */
  wrk:
    | {
        perSecond: number;
        p50: number;
        p99: number;
        non2xx: number;
        errors: number;
        cpu: { serverMs: number; clientMs: number; postgresMs: number };
      }
    | { missing: string };
  pgbench: { perSecond: number; failed: number; command: string } | { missing: string };
  /** saves a second ÷ pgbench's transactions a second (goal ≥ 0.6). */
  ratio: number | null;
  /** The same with wrk's saves a second (not the goal's figure: its load generator is autocannon's). */
  wrkRatio: number | null;
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

/**
 * wrk's script: the autocannon run's saves (a random question, a token in turn), each thread counting its own seqs
 * from the first argument; `done` prints the process's CPU from /proc, as pgbench's is not charged to the server.
 */
export const wrkScript = (tokensFile: string) => `local tokens, counter, base, threads = {}, 0, 0, 0
function setup(thread) thread:set("id", threads); threads = threads + 1 end
function init(args)
  base = tonumber(args[1])
  for line in io.lines("${tokensFile}") do tokens[#tokens + 1] = line end
end
function request()
  counter = counter + 1
  local body = string.format('{"answers":[{"question_no":%d,"seq":%d,"answer":"b"}]}', math.random(1, 10), base + counter * 2 + id)
  return wrk.format("PUT", "/examPanel/attempt/answers",
    { ["authorization"] = tokens[(counter * 2 + id) % #tokens + 1], ["content-type"] = "application/json" }, body)
end
function done()
  local stat = io.open("/proc/self/stat"):read("*l"):gsub("^.*%) ", "")
  local fields = {}
  for field in stat:gmatch("%S+") do fields[#fields + 1] = field end
  io.write(string.format("wrk cpu ms: %.1f\\n", (tonumber(fields[12]) + tonumber(fields[13])) * 1000 / ${clockTicks}))
end
`;

/** wrk's latency percentile `p` in ms, from its --latency output. */
export function wrkPercentile(output: string, p: string): number {
  const match = new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`).exec(output);
  if (!match) return 0;
  return Math.round(Number(match[1]) * { us: 0.001, ms: 1, s: 1000 }[match[2] as 'us' | 'ms' | 's'] * 10) / 10;
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
  /** Seconds of saves before the measured run (the server's code warms up); default 2. */
  warmupSeconds?: number;
}): Promise<SaveBench> {
  const { adminUrl, attempts, seconds, connections, port, warmupSeconds = 2 } = options;
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
    const opened = await openAttempts(base, databaseUrl, testId, credentials);
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
      duration: warmupSeconds,
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
    // The server's and its PostgreSQL backends' CPU so far (a backend the pool opened meanwhile counts from 0).
    const backendsAtStart = new Map(backends().map((pid) => [pid, processCpuMs(pid)]));
    const cpuOfRun = () => {
      let postgresMs = 0;
      for (const pid of backends()) postgresMs += processCpuMs(pid) - (backendsAtStart.get(pid) ?? 0);
      return { serverMs: processCpuMs(server!.pid!), postgresMs };
    };
    const before = cpuOfRun();
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
    const after = cpuOfRun();
    const serverMs = after.serverMs - before.serverMs;
    const postgresMs = after.postgresMs - before.postgresMs;
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

    // The same saves from wrk, a load generator in C as pgbench's client is, when it is installed: how much of the
    // gap is autocannon's JavaScript on the same 2 cores (the goal's ratio above stays autocannon's).
    let withWrk: SaveBench['wrk'];
    if (spawnSync('wrk', ['--version']).error) {
      withWrk = { missing: 'wrk is not installed (apt-get install wrk)' };
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'save-wrk-'));
      try {
        writeFileSync(join(dir, 'tokens.txt'), forHttp.map((attempt) => attempt.token).join('\n') + '\n');
        writeFileSync(join(dir, 'save.lua'), wrkScript(join(dir, 'tokens.txt')));
        const before = cpuOfRun();
        // Its seqs start above every one autocannon sent; each thread takes every other one.
        const run = spawnSync(
          'wrk',
          [
            '-t',
            '2',
            '-c',
            String(connections),
            '-d',
            `${seconds}s`,
            '--latency',
            '-s',
            join(dir, 'save.lua'),
            base,
            '--',
            String(seq + 1),
          ],
          { encoding: 'utf8' },
        );
        const after = cpuOfRun();
        const total = Number(/(\d+) requests in/.exec(run.stdout)?.[1] ?? 0);
        const perSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(run.stdout)?.[1] ?? 0);
        const wrkCpuMs = Number(/wrk cpu ms: ([\d.]+)/.exec(run.stdout)?.[1] ?? 0);
        const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(run.stdout)?.[1] ?? 0);
        const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(run.stdout);
        if (total === 0) throw new Error(`wrk failed: ${run.stderr.slice(0, 2000)}${run.stdout.slice(0, 2000)}`);
        const perWrkSave = (ms: number) => Math.round((ms / total) * 1000) / 1000;
        withWrk = {
          perSecond: Math.round(perSecond),
          p50: wrkPercentile(run.stdout, '50'),
          p99: wrkPercentile(run.stdout, '99'),
          non2xx,
          errors: socketErrors ? socketErrors.slice(1).reduce((sum, value) => sum + Number(value), 0) : 0,
          cpu: {
            serverMs: perWrkSave(after.serverMs - before.serverMs),
            clientMs: perWrkSave(wrkCpuMs),
            postgresMs: perWrkSave(after.postgresMs - before.postgresMs),
          },
        };
        console.log(
          `the same saves from wrk (C): ${withWrk.perSecond}/s, p50 ${withWrk.p50} ms, p99 ${withWrk.p99} ms, ` +
            `${withWrk.non2xx} non-2xx, ${withWrk.errors} socket errors; CPU a save: server ${withWrk.cpu.serverMs} ms, ` +
            `load generator ${withWrk.cpu.clientMs} ms, PostgreSQL ${withWrk.cpu.postgresMs} ms`,
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    if ('missing' in withWrk) console.log(`wrk: ${withWrk.missing}`);

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
    const wrkRatio =
      'perSecond' in pgbench && 'perSecond' in withWrk
        ? Math.round((withWrk.perSecond / pgbench.perSecond) * 100) / 100
        : null;
    if (wrkRatio !== null) console.log(`wrk's saves a second ÷ pgbench: ${wrkRatio} (both load generators in C)`);
    return { attempts, connections, seconds, saves, cpu, wrk: withWrk, pgbench, ratio, wrkRatio };
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
      warmup: { type: 'string', default: '2' },
    },
  });
  const result = await measureSaves({
    adminUrl: process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    attempts: Number(values.attempts),
    seconds: Number(values.seconds),
    connections: Number(values.connections),
    port: Number(values.port),
    warmupSeconds: Number(values.warmup),
  });
  if (result.saves.non2xx + result.saves.errors > 0) process.exitCode = 1;
}
