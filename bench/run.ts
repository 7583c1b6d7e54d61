// npm run bench: data at two sizes, HTTP load on the production server on PostgreSQL next to a hello-world and a
// minimal reference server (plain Fastify + pg, the same SQL), the raw SQL time of every route's statements,
// EXPLAIN of them, logins at 20/s, the same routes on the embedded default (PGlite), Lighthouse (mobile) on the
// login and dashboard pages and a large upload. `--only part,…` runs some parts; `--routes name,…` some routes.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { openPglite, openPostgres } from '../apps/api/src/db/client.ts';
import { captureStatements, rawSqlLatency, summarise, type Capture, type Latency } from './capture.ts';
import { benchPassword, generate, generateInto } from './data.ts';
import { lighthouseTable, runLighthouse } from './lighthouse.ts';
import { pickReferenceSql } from './reference.ts';
import {
  identities,
  referenceRoutes,
  requestHeaders,
  routes as allRoutes,
  type Identity,
  type Route,
} from './routes.ts';
import { measureReceipts } from './receipts.ts';
import { measureAlerts } from './alerts.ts';
import { measureImport } from './import.ts';
import { measureReport } from './report.ts';
import { measureSaves } from './exam-save.ts';
import { measureProxySaves } from './proxy-saves.ts';
import { processCpuMs, start, stop, waitFor } from './servers.ts';
import { measureUpload } from './upload.ts';

const allParts = [
  'routes',
  'reference',
  'sql',
  'explain',
  'login',
  'pglite',
  'lighthouse',
  'upload',
  'receipts',
  'import',
  'report',
  'exam',
  'save',
  'proxy',
  'alerts',
] as const;
type Part = (typeof allParts)[number];

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000' },
    institutes: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '20' },
    'database-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench',
    },
    only: { type: 'string' },
    routes: { type: 'string' },
    'sql-iterations': { type: 'string', default: '500' },
    'pglite-students': { type: 'string' },
    port: { type: 'string', default: '8091' },
    'skip-lighthouse': { type: 'boolean', default: false },
    'exam-students': { type: 'string', default: '1000' },
    'exam-seconds': { type: 'string', default: '300' },
    'save-attempts': { type: 'string', default: '100' },
    // Routes are asked as a browser asks them (Accept-Encoding: br, gzip), so p99 and sizes are a real client's;
    // --raw asks for uncompressed answers as the runs before issue 28 did.
    raw: { type: 'boolean', default: false },
  },
});
const parts = new Set<Part>(
  (values.only?.split(',').map((part) => part.trim()) ?? allParts).map((part) => {
    if (!(allParts as readonly string[]).includes(part))
      throw new Error(`--only: unknown part "${part}" (parts: ${allParts.join(', ')})`);
    return part as Part;
  }),
);
if (values['skip-lighthouse']) parts.delete('lighthouse');
const routes = values.routes
  ? values.routes.split(',').map((name) => {
      const route = allRoutes.find((candidate) => candidate.name === name.trim());
      if (!route) throw new Error(`--routes: unknown route "${name}" (${allRoutes.map((r) => r.name).join(', ')})`);
      return route;
    })
  : allRoutes;
const url = values['database-url']!;
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const sqlIterations = Number(values['sql-iterations']);
const apiPort = Number(values.port);
const helloPort = apiPort + 8;
const referencePort = apiPort + 7;
const pglitePort = apiPort + 6;
const root = new URL('..', import.meta.url).pathname;
const onReference = (route: Route) => (referenceRoutes as readonly string[]).includes(route.name);
/** What the loads send besides the route's own headers: a browser's Accept-Encoding unless --raw. */
const acceptEncoding: Record<string, string> = values.raw ? {} : { 'accept-encoding': 'br, gzip' };
const loadHeaders = (route: Route, person: Identity) => ({ ...requestHeaders(route, person), ...acceptEncoding });

/** The production server on PostgreSQL (`databaseUrl`) or on PGlite in `dataDir`. */
async function startServer(port: number, database: { databaseUrl: string } | { dataDir: string }) {
  const server = start(
    'apps/api/src/server.ts',
    {
      ...('databaseUrl' in database
        ? { DATABASE_URL: database.databaseUrl, DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-data-')) }
        : { DATA_DIR: database.dataDir }),
      PORT: String(port),
      HOST: '127.0.0.1',
      // The pool size can be varied from outside to measure it (README: how the default was chosen).
      ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      LOGIN_PER_MINUTE: '1000000',
    },
    // e.g. SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof': a profile of the server over the run.
    process.env.SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [],
  );
  await waitFor(`http://127.0.0.1:${port}/readyz`);
  return server;
}

interface Measure {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Bytes a response on the wire, headers included (compressed unless --raw). */
  bytes: number;
}

async function load(target: string, options: Partial<autocannon.Options> = {}): Promise<Measure> {
  const result = await autocannon({ url: target, connections, duration: seconds, ...options });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytes: Math.round(result.throughput.total / Math.max(result.requests.total, 1)),
  };
}

/**
 * One request for each distinct request of `route` among `people` (at most 50, four at a time), answered before the
 * load: a server keeps some answers compressed once per version (a course's study material, a test's paper), as it
 * does in steady state after the first request, which an 8 s run would otherwise spend building.
 */
async function warmRoute(port: number, route: Route, people: Identity[]) {
  const distinct = new Map<string, Identity>();
  for (const person of people) {
    const key = `${route.path(person)} ${route.body ? JSON.stringify(route.body(person)) : ''}`;
    if (!distinct.has(key)) distinct.set(key, person);
    if (distinct.size >= 50) break;
  }
  const queue = [...distinct.values()];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let person = queue.shift(); person; person = queue.shift()) {
        const body = route.body ? JSON.stringify(route.body(person)) : undefined;
        await getText(port, route.path(person), loadHeaders(route, person), route.method, body);
      }
    }),
  );
}

async function loadRoute(port: number, route: Route, people: Identity[], duration = seconds): Promise<Measure> {
  await warmRoute(port, route, people);
  let next = 0;
  return load(`http://127.0.0.1:${port}`, {
    duration,
    requests: [
      {
        setupRequest: (request) => {
          const person = people[next++ % people.length]!;
          return {
            ...request,
            method: route.method,
            path: route.path(person),
            headers: loadHeaders(route, person),
            ...(route.body ? { body: JSON.stringify(route.body(person)) } : {}),
          };
        },
      },
    ],
  });
}

const describe = (m: Measure) =>
  `${m.requestsPerSecond} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.bytes} B${m.errors + m.non2xx > 0 ? `, ${m.errors} errors, ${m.non2xx} non-2xx` : ''}`;

/** One request at a time on one kept-alive connection: the latency without queueing, to the microsecond. */
async function serialLatency(port: number, route: Route, people: Identity[], iterations: number): Promise<Latency> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const once = (person: Identity) =>
    new Promise<number>((resolve, reject) => {
      const body = route.body ? JSON.stringify(route.body(person)) : undefined;
      const started = performance.now();
      const request = httpRequest(
        { host: '127.0.0.1', port, method: route.method, path: route.path(person), agent },
        (response) => {
          response.resume();
          response.on('end', () =>
            response.statusCode === 200
              ? resolve(performance.now() - started)
              : reject(new Error(`${route.name}: answered ${response.statusCode}`)),
          );
        },
      );
      for (const [name, value] of Object.entries(loadHeaders(route, person))) request.setHeader(name, value);
      request.on('error', reject);
      request.end(body);
    });
  const times: number[] = [];
  for (let i = -Math.min(50, iterations); i < iterations; i += 1) {
    const time = await once(people[Math.abs(i) % people.length]!);
    if (i >= 0) times.push(time);
  }
  agent.destroy();
  return summarise(times);
}

/** A request through node:http, which (unlike fetch) sends the Host header given: the servers find the institute by it. */
function getText(port: number, path: string, headers: Record<string, string>, method = 'GET', body?: string) {
  return new Promise<string>((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, headers, method }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve(body));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The PostgreSQL backends serving the bench database (the servers' pools), with their CPU so far. */
async function backendsCpu(client: pg.Client): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
       and backend_type = 'client backend'`,
  );
  return new Map(rows.map(({ pid }) => [pid, processCpuMs(pid)]));
}

export interface CpuMeasure extends Measure {
  /** Server process and PostgreSQL backends, CPU ms per answered request. */
  serverMs: number;
  postgresMs: number;
}

/** Loads `route` on `port` as loadRoute does, reading the CPU the server (`pid`) and its backends used meanwhile. */
async function loadRouteWithCpu(port: number, pid: number, route: Route, people: Identity[]): Promise<CpuMeasure> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // A short warm-up opens the pool's connections, so their backends are there to be read before and after.
    await loadRoute(port, route, people, 2);
    const serverBefore = processCpuMs(pid);
    const backendsBefore = await backendsCpu(client);
    const measure = await loadRoute(port, route, people);
    const serverMs = processCpuMs(pid) - serverBefore;
    let postgresMs = 0;
    for (const [backend, after] of await backendsCpu(client)) postgresMs += after - (backendsBefore.get(backend) ?? 0);
    const requests = Math.max(measure.requestsPerSecond * seconds, 1);
    const round = (ms: number) => Math.round((ms / requests) * 1000) / 1000;
    return { ...measure, serverMs: round(serverMs), postgresMs: round(postgresMs) };
  } finally {
    await client.end();
  }
}

interface ReferenceResult {
  /** The reference server sent exactly the statements (text and parameters) the real server sent. */
  sameSql: boolean;
  difference?: string;
  perRoute: Record<
    string,
    {
      real: Measure;
      reference: Measure;
      ratio: number;
      cpu: { real: CpuMeasure; reference: CpuMeasure; ratio: number };
    }
  >;
}

/** Starts the reference server on the captured SQL, checks it sends the same statements, loads both. */
async function measureReference(
  capture: Capture,
  people: Identity[],
  real: Record<string, Measure>,
  realPid: number,
): Promise<ReferenceResult> {
  const file = join(mkdtempSync(join(tmpdir(), 'bench-reference-')), 'sql.json');
  writeFileSync(file, JSON.stringify(pickReferenceSql(capture.all)));
  const reference = start('bench/reference.ts', {
    REFERENCE_SQL: file,
    DATABASE_URL: url,
    PORT: String(referencePort),
  });
  await waitFor(`http://127.0.0.1:${referencePort}/healthz`);
  const result: ReferenceResult = { sameSql: true, perRoute: {} };
  try {
    for (const route of routes.filter(onReference)) {
      // The host lookup is cached by both servers: compare warm requests (the first one fills the cache).
      for (const [index, person] of people.slice(0, capture.perRoute[route.name]!.length).entries()) {
        const traced = await getText(
          referencePort,
          route.path(person),
          { ...requestHeaders(route, person), 'x-reference-trace': '1' },
          route.method,
          route.body ? JSON.stringify(route.body(person)) : undefined,
        );
        const sent = JSON.stringify((JSON.parse(traced) as { statements?: unknown }).statements ?? traced);
        const expected = JSON.stringify(capture.perRoute[route.name]![index]);
        if (index > 0 && sent !== expected && result.sameSql) {
          result.sameSql = false;
          result.difference = `${route.name}: the real server sent ${expected}; the reference sent ${sent}`;
          console.log(`  reference server: NOT the same SQL as the real server (${result.difference})`);
        }
      }
      const real_ = real[route.name] ?? (await loadRoute(apiPort, route, people));
      const measure = await loadRoute(referencePort, route, people);
      const ratio = Math.round((measure.requestsPerSecond / Math.max(real_.requestsPerSecond, 1)) * 100) / 100;
      // CPU a request, server and PostgreSQL together, each server loaded alone (the other idle).
      const realCpu = await loadRouteWithCpu(apiPort, realPid, route, people);
      const referenceCpu = await loadRouteWithCpu(referencePort, reference.pid!, route, people);
      const total = (m: CpuMeasure) => m.serverMs + m.postgresMs;
      const cpuRatio = Math.round((total(realCpu) / Math.max(total(referenceCpu), 0.001)) * 100) / 100;
      result.perRoute[route.name] = {
        real: real_,
        reference: measure,
        ratio,
        cpu: { real: realCpu, reference: referenceCpu, ratio: cpuRatio },
      };
      console.log(
        `  reference · ${route.name}: ${describe(measure)}; real ${real_.requestsPerSecond} req/s: reference ÷ real ${ratio} (goal ≤ 1.5)`,
      );
      console.log(
        `  CPU a request · ${route.name}: real ${realCpu.serverMs} ms server + ${realCpu.postgresMs} ms PostgreSQL; ` +
          `reference ${referenceCpu.serverMs} + ${referenceCpu.postgresMs} ms: real ÷ reference ${cpuRatio} (goal ≤ 1.5)`,
      );
    }
  } finally {
    await stop(reference);
    rmSync(file, { force: true });
  }
  if (result.sameSql) console.log('  reference server: the same SQL as the real server (text and parameters)');
  return result;
}

interface SqlResult {
  sql: Latency;
  http1: Latency;
  ratio1: number;
  /** HTTP p50 at `connections` connections (from the load run) ÷ SQL p50. */
  ratioLoaded?: number;
}

async function measureSize(students: number) {
  const institutes = Number(values.institutes);
  await generate(url, institutes, Math.round(students / institutes));
  const server = await startServer(apiPort, { databaseUrl: url });
  const database = await openPostgres(url, { poolSize: 1 });
  const people = await identities(database);
  await database.close();
  // Captured first: the login run below revokes the sessions the routes are loaded with.
  const needsCapture = parts.has('reference') || parts.has('sql') || parts.has('explain');
  const capture = needsCapture ? await captureStatements(url, routes, people) : undefined;
  const perRoute: Record<string, Measure> = {};
  if (parts.has('routes'))
    for (const route of routes) {
      perRoute[route.name] = await loadRoute(apiPort, route, people);
      console.log(`  ${students} students · ${route.name}: ${describe(perRoute[route.name]!)}`);
    }
  const reference =
    parts.has('reference') && routes.some(onReference)
      ? await measureReference(capture!, people, perRoute, server.pid!)
      : undefined;

  const sqlTimes: Record<string, SqlResult> = {};
  if (parts.has('sql'))
    for (const route of routes) {
      const raw = await rawSqlLatency(url, capture!.perRoute[route.name]!, sqlIterations);
      const http1 = await serialLatency(apiPort, route, people, sqlIterations);
      const loaded = perRoute[route.name];
      sqlTimes[route.name] = {
        sql: raw,
        http1,
        ratio1: Math.round((http1.p50 / raw.p50) * 10) / 10,
        ...(loaded ? { ratioLoaded: Math.round((loaded.p50 / raw.p50) * 10) / 10 } : {}),
      };
      const r = sqlTimes[route.name]!;
      console.log(
        `  ${students} students · ${route.name}: raw SQL p50 ${raw.p50} ms (${capture!.perRoute[route.name]![0]!.length} statements); HTTP p50 at 1 connection ${http1.p50} ms = ${r.ratio1}× SQL` +
          (loaded ? `; at ${connections} connections ${loaded.p50} ms = ${r.ratioLoaded}× SQL (goal ≤ 3)` : ''),
      );
    }

  const plans: Record<string, string[]> = {};
  if (parts.has('explain')) {
    const explain = await openPostgres(url, { poolSize: 1 });
    const client = (
      explain.db as unknown as {
        $client: { query: (text: string, values: unknown[]) => Promise<{ rows: Record<string, string>[] }> };
      }
    ).$client;
    for (const route of routes) {
      plans[route.name] = [];
      for (const { text, params } of capture!.perRoute[route.name]![0]!) {
        if (!/^\s*select/i.test(text)) continue;
        const result = await client.query(`explain ${text}`, params);
        plans[route.name]!.push(`${text}\n${result.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
      }
    }
    await explain.close();
  }

  let login: Measure | undefined;
  if (parts.has('login')) {
    // Logins at 20 a second, each by a different student.
    const perInstitute = Math.round(students / institutes);
    let next = 0;
    login = await load(`http://127.0.0.1:${apiPort}/api/v2/user/v3/login`, {
      overallRate: 20,
      connections: 10,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => ({
            ...request,
            headers: { host: 'localhost', 'content-type': 'application/json' },
            body: JSON.stringify({
              // Students of the first institute (the host's), each a different one in turn.
              user_name: String(7000000001 + (next++ % perInstitute)),
              password: benchPassword,
              device_id: 'bench-login',
              source: 'WEB',
              logout_from_all_devices: true,
            }),
          }),
        },
      ],
    });
    console.log(`  ${students} students · login at 20/s: ${describe(login)}`);
  }
  await stop(server);
  return { students, perRoute, reference, sql: sqlTimes, login, plans };
}

/** The routes on the embedded default: PGlite in a data directory, generated with the same generator. */
async function measurePglite(students: number, onPostgres: Record<string, Measure> | undefined) {
  const institutes = Number(values.institutes);
  if (!onPostgres) {
    // No PostgreSQL run at this size in this invocation: measure it here, on the same data size.
    await generate(url, institutes, Math.round(students / institutes));
    const server = await startServer(apiPort, { databaseUrl: url });
    const database = await openPostgres(url, { poolSize: 1 });
    const people = await identities(database);
    await database.close();
    onPostgres = {};
    for (const route of routes) {
      onPostgres[route.name] = await loadRoute(apiPort, route, people);
      console.log(`  PostgreSQL ${students} students · ${route.name}: ${describe(onPostgres[route.name]!)}`);
    }
    await stop(server);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
  try {
    const started = Date.now();
    const database = await openPglite(join(dataDir, 'pglite'));
    await generateInto(database, institutes, Math.round(students / institutes));
    const people = await identities(database);
    await database.close();
    const generateSeconds = Math.round((Date.now() - started) / 100) / 10;
    const server = await startServer(pglitePort, { dataDir });
    const perRoute: Record<string, { pglite: Measure; postgres: Measure; ratio: number }> = {};
    for (const route of routes) {
      const pglite = await loadRoute(pglitePort, route, people);
      const postgres = onPostgres[route.name]!;
      const ratio = Math.round((pglite.requestsPerSecond / Math.max(postgres.requestsPerSecond, 1)) * 100) / 100;
      perRoute[route.name] = { pglite, postgres, ratio };
      console.log(
        `  PGlite ${students} students · ${route.name}: ${describe(pglite)}; ${ratio}× PostgreSQL (${postgres.requestsPerSecond} req/s)`,
      );
    }
    await stop(server);
    return { students, generateSeconds, perRoute };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const started = Date.now();
console.log(
  `Node ${process.version}; parts: ${[...parts].join(', ')}; routes: ${routes.map((r) => r.name).join(', ')}; ` +
    (values.raw ? 'uncompressed answers (--raw)' : 'Accept-Encoding: br, gzip'),
);
const sizes = values.sizes!.split(',').map(Number);
const runs = [];
const hello: Measure[] = [];
const sizeParts: Part[] = ['routes', 'reference', 'sql', 'explain', 'login'];
if (sizeParts.some((part) => parts.has(part))) {
  const helloServer = parts.has('routes') ? start('bench/hello.ts', { PORT: String(helloPort) }) : undefined;
  if (helloServer) await waitFor(`http://127.0.0.1:${helloPort}/`);
  for (const size of sizes) {
    if (helloServer) {
      hello.push(await load(`http://127.0.0.1:${helloPort}/`));
      console.log(`hello-world: ${hello.at(-1)!.requestsPerSecond} req/s`);
    }
    runs.push(await measureSize(size));
  }
  if (helloServer) await stop(helloServer);
}

const pgliteStudents = Number(values['pglite-students'] ?? sizes[0]);
const pglite = parts.has('pglite')
  ? await measurePglite(
      pgliteStudents,
      runs.find((run) => run.students === pgliteStudents && Object.keys(run.perRoute).length > 0)?.perRoute,
    )
  : undefined;

const lighthouse = parts.has('lighthouse') ? await runLighthouse() : undefined;
const upload = parts.has('upload') ? await measureUpload() : undefined;
if (upload)
  console.log(
    `upload of 150 MB in 20 files: ${upload.throughputMbPerSecond} MB/s, peak ${upload.peakAboveIdleMb} MB above idle`,
  );

const receipts = parts.has('receipts') ? await measureReceipts() : undefined;
if (receipts)
  console.log(
    `receipt PDFs: p50 ${receipts.p50Ms} ms, p99 ${receipts.p99Ms} ms, ${receipts.pdfKb} KB, peak ${receipts.peakRssAboveBeforeMb} MB above start`,
  );

// Exam reports (issue 15): one test taken by 50,000 students, the report route over HTTP next to a hello-world.
const report = parts.has('report')
  ? await measureReport({ databaseUrl: url, seconds, connections, port: apiPort + 20 })
  : undefined;
if (report)
  console.log(`report at ${report.attempts} attempts: p50 ${report.report.p50} ms (× ${report.p50Ratio} hello)`);

// The exam load with its faults (issue 14): bench/exam.ts (also `npm run bench:exam`) with its own database, server
// and checks — the API killed and PostgreSQL stopped for 5 s mid-run; it exits non-zero on any lost answer.
let exam: { exitCode: number; seconds: number; summary: string[] } | undefined;
if (parts.has('exam')) {
  const examStarted = Date.now();
  const args = ['--students', values['exam-students']!, '--ramp', '60', '--seconds', values['exam-seconds']!];
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/exam.ts', ...args, '--kill', '--pg-stop'], {
    cwd: root,
    env: process.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    process.stdout.write(chunk);
  });
  const exitCode = await new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
  exam = {
    exitCode,
    seconds: Math.round((Date.now() - examStarted) / 1000),
    summary: output.split('\n').filter((line) => /^(\d+ students|saves acknowledged|hello-world|attempts)/.test(line)),
  };
}

// Exam saves a second against pgbench running the save's own statement (issue 28 item 5): bench/exam-save.ts.
/** The server's maintenance database beside `url`'s, where the benches create and drop their own. */
function adminUrlOf(databaseUrl: string) {
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  return admin.toString();
}

const saves = parts.has('save')
  ? await measureSaves({
      adminUrl: adminUrlOf(url),
      attempts: Number(values['save-attempts']),
      seconds: Math.max(seconds, 10),
      connections,
      port: apiPort + 30,
    })
  : undefined;

// Exam saves through nginx with two API processes against one (issue 30).
const proxySaves = parts.has('proxy')
  ? await measureProxySaves({
      adminUrl: adminUrlOf(url),
      attempts: Number(values['save-attempts']),
      seconds: Math.max(seconds, 10),
      connections: connections * 2,
    })
  : undefined;

// Absence alerts of a 100,000-mark attendance load by two workers at once (issue 31): bench/alerts.ts.
const alertsBench = parts.has('alerts') ? await measureAlerts(adminUrlOf(url)) : undefined;

// The CSV import (issue 17) of each size's students with a parent and an enrolment each, on PostgreSQL.
const imports = [];
if (parts.has('import')) {
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  for (const size of sizes) imports.push({ students: size, steps: await measureImport(adminUrl.toString(), size) });
}

const date = new Date().toISOString().slice(0, 10);
const results = {
  date,
  node: process.version,
  machine: '2 cores, 24 GiB; load generator on the same machine',
  parts: [...parts],
  seconds,
  connections,
  acceptEncoding: acceptEncoding['accept-encoding'] ?? null,
  sqlIterations,
  minutes: Math.round((Date.now() - started) / 6000) / 10,
  hello,
  runs,
  pglite,
  lighthouse,
  upload,
  receipts,
  imports,
  report,
  exam,
  saves,
  proxySaves,
  alerts: alertsBench,
};
// A partial run (--only, --routes) writes next to the full results instead of over them.
const name = parts.size === allParts.length && routes === allRoutes ? date : `${date}-partial`;
mkdirSync(new URL('results/', import.meta.url), { recursive: true });
writeFileSync(new URL(`results/${name}.json`, import.meta.url), `${JSON.stringify(results, null, 2)}\n`);

const fixed = (value: number, digits = 2) => value.toFixed(digits);
const lines = [
  `# Benchmark ${date}`,
  '',
  `Node ${process.version}; ${results.machine}; ${connections} connections, ${seconds} s per route; ` +
    `${values.raw ? 'uncompressed answers (--raw)' : 'Accept-Encoding: br, gzip'}; parts: ${[...parts].join(', ')}.`,
  '',
];
if (parts.has('routes')) {
  lines.push(
    '| route | ' +
      runs
        .map((run) => `${run.students} students: req/s (× hello) · p50 · p99 (goal ≤ 50 ms at 100k) · bytes · errors`)
        .join(' | ') +
      ' |',
  );
  lines.push('|---|' + runs.map(() => '---').join('|') + '|');
  for (const route of routes) {
    lines.push(
      `| ${route.name} | ` +
        runs
          .map((run, index) => {
            const m = run.perRoute[route.name]!;
            return `${m.requestsPerSecond} (${fixed(m.requestsPerSecond / hello[index]!.requestsPerSecond, 3)}) · ${m.p50} ms · ${m.p99} ms · ${m.bytes} B · ${m.errors + m.non2xx}`;
          })
          .join(' | ') +
        ' |',
    );
  }
  lines.push('', `Hello-world: ${hello.map((h) => `${h.requestsPerSecond} req/s`).join(', ')}.`);
  if (runs.length > 1) {
    lines.push('', `p50 ratio ${runs.at(-1)!.students} / ${runs[0]!.students} students:`);
    for (const route of routes) {
      const ratio = runs.at(-1)!.perRoute[route.name]!.p50 / Math.max(runs[0]!.perRoute[route.name]!.p50, 1);
      lines.push(`- ${route.name}: ${fixed(ratio)}`);
    }
  }
}
// Under load the p50 is mostly queueing (20 connections on two cores shared with the load generator), so it moves
// with the machine; one request at a time shows what a request itself costs at each size.
if (runs.length > 1 && runs.every((run) => Object.keys(run.sql).length > 0)) {
  const [first, last] = [runs[0]!, runs.at(-1)!];
  lines.push('', `Unloaded p50 ratio ${last.students} / ${first.students} students (one request at a time):`);
  for (const route of routes) {
    const [a, b] = [first.sql[route.name], last.sql[route.name]];
    if (!a || !b) continue;
    lines.push(
      `- ${route.name}: HTTP ${fixed(b.http1.p50 / a.http1.p50)} (${fixed(a.http1.p50)} → ${fixed(b.http1.p50)} ms); SQL ${fixed(b.sql.p50 / a.sql.p50)} (${fixed(a.sql.p50)} → ${fixed(b.sql.p50)} ms)`,
    );
  }
}
if (runs.some((run) => run.reference)) {
  lines.push(
    '',
    '## Reference server',
    '',
    'Plain Fastify + pg (bench/reference.ts: no Drizzle, no zod, no plugins) sending the statements the real server ' +
      'sent (captured through its Drizzle logger), with the same session lookup, loaded the same way. ' +
      'Ratio = reference req/s ÷ real req/s (goal ≤ 1.5).',
    '',
    '| route | ' +
      runs.map((run) => `${run.students} students: real req/s · reference req/s · ratio`).join(' | ') +
      ' |',
    '|---|' + runs.map(() => '---').join('|') + '|',
  );
  for (const route of routes.filter(onReference))
    lines.push(
      `| ${route.name} | ` +
        runs
          .map((run) => {
            const r = run.reference?.perRoute[route.name];
            return r ? `${r.real.requestsPerSecond} · ${r.reference.requestsPerSecond} · ${fixed(r.ratio)}` : '–';
          })
          .join(' | ') +
        ' |',
    );
  lines.push(
    '',
    'CPU a request while loaded alone (the server process from /proc, PostgreSQL the backends of the bench database), ' +
      'ms server + ms PostgreSQL; ratio = real ÷ reference (goal ≤ 1.5):',
    '',
    '| route | ' + runs.map((run) => `${run.students} students: real · reference · ratio`).join(' | ') + ' |',
    '|---|' + runs.map(() => '---').join('|') + '|',
  );
  for (const route of routes.filter(onReference))
    lines.push(
      `| ${route.name} | ` +
        runs
          .map((run) => {
            const c = run.reference?.perRoute[route.name]?.cpu;
            return c
              ? `${fixed(c.real.serverMs)} + ${fixed(c.real.postgresMs)} · ${fixed(c.reference.serverMs)} + ${fixed(c.reference.postgresMs)} · ${fixed(c.ratio)}`
              : '–';
          })
          .join(' | ') +
        ' |',
    );
  for (const run of runs)
    if (run.reference && !run.reference.sameSql)
      lines.push('', `${run.students} students: NOT the same SQL: ${run.reference.difference}`);
    else if (run.reference) lines.push('', `${run.students} students: same SQL, text and parameters, checked.`);
}
if (runs.some((run) => Object.keys(run.sql).length > 0)) {
  lines.push(
    '',
    '## Raw SQL',
    '',
    `Each request's captured statements sent with pg on one connection, one after the other, ${sqlIterations} ` +
      'times (students in turn): p50 of the sum per request. HTTP p50 at 1 connection: one request at a time on a ' +
      `kept-alive connection; at ${connections} connections: the load run's p50 (queueing included). Goal: HTTP p50 ≤ 3× SQL p50.`,
    '',
    '| route | ' +
      runs
        .map((run) => `${run.students} students: SQL p50 · HTTP p50 1 conn (÷ SQL) · ${connections} conn (÷ SQL)`)
        .join(' | ') +
      ' |',
    '|---|' + runs.map(() => '---').join('|') + '|',
  );
  for (const route of routes)
    lines.push(
      `| ${route.name} | ` +
        runs
          .map((run) => {
            const r = run.sql[route.name];
            const loaded = run.perRoute[route.name];
            return r
              ? `${r.sql.p50} ms · ${r.http1.p50} ms (${r.ratio1}) · ${loaded ? `${loaded.p50} ms (${r.ratioLoaded})` : '–'}`
              : '–';
          })
          .join(' | ') +
        ' |',
    );
}
if (pglite) {
  lines.push(
    '',
    '## Embedded default (PGlite)',
    '',
    `The production server on PGlite (DATA_DIR) with ${pglite.students} students (generated by the same bench/data.ts ` +
      `in ${pglite.generateSeconds} s), loaded like the PostgreSQL runs; ratio = PGlite req/s ÷ PostgreSQL req/s at the same size.`,
    '',
    '| route | PGlite req/s · p50 · p99 | PostgreSQL req/s | ratio |',
    '|---|---|---|---|',
  );
  for (const [route, r] of Object.entries(pglite.perRoute))
    lines.push(
      `| ${route} | ${r.pglite.requestsPerSecond} · ${r.pglite.p50} ms · ${r.pglite.p99} ms | ${r.postgres.requestsPerSecond} | ${fixed(r.ratio)} |`,
    );
}
if (runs.some((run) => run.login)) {
  lines.push('', 'Logins at 20/s:');
  for (const run of runs)
    if (run.login)
      lines.push(
        `- ${run.students} students: p50 ${run.login.p50} ms, p99 ${run.login.p99} ms, errors ${run.login.errors + run.login.non2xx}`,
      );
}
if (lighthouse) lines.push('', ...lighthouseTable(lighthouse));
if (upload)
  lines.push(
    '',
    `Upload of ${upload.files} files, ${upload.totalMb} MB (PGlite, local disk): ${upload.seconds} s, ${upload.throughputMbPerSecond} MB/s; server memory ${upload.idleRssMb} MB idle, ${upload.peakRssMb} MB peak (${upload.peakAboveIdleMb} MB above idle); answer ${upload.status} ${upload.message}.`,
  );
if (receipts)
  lines.push(
    '',
    `Receipt PDFs (${receipts.receipts}, one at a time, in process): p50 ${receipts.p50Ms} ms, p99 ${receipts.p99Ms} ms, mean ${receipts.meanMs} ms; ${receipts.pdfKb} KB each; resident memory ${receipts.rssBeforeMb} MB at start, peak ${receipts.peakRssAboveBeforeMb} MB above it; heap growth ${receipts.heapGrowthPerReceiptKb} KB per receipt after GC.`,
  );
if (report)
  lines.push(
    '',
    `Exam report of one test taken by ${report.attempts} students (rank ${report.rank} of ${report.students}; ranking ${report.rankTestMs} ms): ${report.report.requestsPerSecond} req/s (${report.throughputSharePercent} % of hello-world), p50 ${report.report.p50} ms (× ${report.p50Ratio} hello-world), p99 ${report.report.p99} ms (× ${report.p99Ratio}), ${report.report.non2xx} non-2xx; hello-world ${report.hello.requestsPerSecond} req/s, p50 ${report.hello.p50} ms, p99 ${report.hello.p99} ms.`,
  );

if (exam)
  lines.push(
    '',
    `Exam load with faults (bench/exam.ts, ${exam.seconds} s, ${exam.exitCode === 0 ? 'every acknowledged answer kept once, every attempt on time' : `FAILED, exit ${exam.exitCode}`}):`,
    '',
    ...exam.summary.map((line) => `- ${line}`),
  );

if (saves)
  lines.push(
    '',
    `Exam saves (bench/exam-save.ts, ${saves.attempts} open attempts, ${saves.connections} connections, ${saves.seconds} s): ` +
      `${saves.saves.perSecond} saves/s through the server (p50 ${saves.saves.p50} ms, p99 ${saves.saves.p99} ms, ` +
      `${saves.saves.non2xx + saves.saves.errors} refused or failed, ${saves.saves.bytes} bytes an answer with headers); ` +
      ('perSecond' in saves.pgbench
        ? `pgbench running the save's statement: ${saves.pgbench.perSecond}/s; ratio ${saves.ratio} (goal ≥ 0.6).`
        : `pgbench: ${saves.pgbench.missing}.`),
  );
if (proxySaves)
  lines.push(
    '',
    `Exam saves through nginx (bench/proxy-saves.ts, ${proxySaves.generator}, ${proxySaves.connections} connections, ` +
      `${proxySaves.seconds} s, best of 2, ${proxySaves.cores} cores for everything): one API process ` +
      `${proxySaves.one.perSecond}/s (p99 ${proxySaves.one.p99} ms), two ${proxySaves.two.perSecond}/s ` +
      `(p99 ${proxySaves.two.p99} ms); ratio ${proxySaves.ratio} (goal ≥ 1.7 with a core per API process).`,
  );

for (const { students, steps } of imports) {
  const people = steps.filter((step) => ['students', 'parents', 'enrolments'].includes(step.kind));
  const total = people.reduce((sum, step) => sum + step.seconds, 0);
  lines.push(
    '',
    `Import of ${students} students with a parent and an enrolment each (npm run import, PostgreSQL): ${total.toFixed(1)} s for the three files (goal ≤ 60 s at 100,000).`,
    '',
    '| file | rows | seconds | rows/s | importer peak RSS |',
    '|---|---|---|---|---|',
    ...steps.map(
      (step) => `| ${step.kind} | ${step.rows} | ${step.seconds} | ${step.rowsPerSecond} | ${step.peakRssMb} MB |`,
    ),
  );
}
const largest = runs.at(-1);
if (largest && Object.keys(largest.plans).length > 0) {
  lines.push('', '## EXPLAIN at the largest size', '');
  for (const [route, plans] of Object.entries(largest.plans)) {
    lines.push(`### ${route}`, '', '```', ...plans, '```', '');
  }
}
writeFileSync(new URL(`results/${name}.md`, import.meta.url), `${lines.join('\n')}\n`);
console.log(`Wrote bench/results/${name}.json and .md (${results.minutes} min)`);
// A lost or duplicated answer in the exam run fails the benchmark, as it fails CI.
if (exam && exam.exitCode !== 0) process.exitCode = 1;
