// npm run bench: data at two sizes, HTTP load on the production server on PostgreSQL, EXPLAIN of every
// route's queries, logins at 20/s, and Lighthouse (mobile) on the login and dashboard pages.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { encodeCredential } from '../packages/domain/src/auth/credential.ts';
import { buildApp } from '../apps/api/src/app.ts';
import { openPostgres } from '../apps/api/src/db/client.ts';
import { localDiskStorage } from '../apps/api/src/lib/storage.ts';
import { benchDevice, benchPassword, benchToken, generate } from './data.ts';
import { runLighthouse } from './lighthouse.ts';
import { measureUpload } from './upload.ts';

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
    'skip-lighthouse': { type: 'boolean', default: false },
  },
});
const url = values['database-url']!;
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const apiPort = 8091;
const helloPort = 8099;
const root = new URL('..', import.meta.url).pathname;

function start(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function waitFor(address: string) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    try {
      if ((await fetch(address)).ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${address} did not come up`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

interface Identity {
  credential: string;
  instituteId: number;
  studentId: number;
  userId: number;
  fileId: number;
}

/** The students behind the generated sessions, with an assignment of each one's batch. */
async function identities(): Promise<Identity[]> {
  const database = await openPostgres(url, { poolSize: 1 });
  const result = await database.db.execute(sql`
    select s.institute_id, s.student_id, s.user_id, cy.id as year_id,
      (select a.id from assignments a join enrolments e on e.institute_id = a.institute_id and e.batch_id = a.batch_id
        where e.student_id = s.student_id and e.academic_year_id = cy.id order by a.id limit 1) as file_id,
      row_number() over (order by s.id) as n
    from sessions s join academic_years cy on cy.institute_id = s.institute_id and cy.name = '2026-27'
    where s.login_id like 'bench-%' order by s.id`);
  await database.close();
  return (result as unknown as { rows: Record<string, number>[] }).rows.map((row) => ({
    credential: encodeCredential({
      token: benchToken(Number(row.n)),
      academicYearId: Number(row.year_id),
      deviceId: benchDevice,
    }),
    instituteId: Number(row.institute_id),
    studentId: Number(row.student_id),
    userId: Number(row.user_id),
    fileId: Number(row.file_id),
  }));
}

/** The read routes of a student's day. */
const routes: {
  name: string;
  method: 'GET' | 'POST';
  path: (id: Identity) => string;
  body?: (id: Identity) => unknown;
  headers?: (id: Identity) => Record<string, string>;
}[] = [
  { name: 'academic years', method: 'GET', path: (id) => `/api/v1/academicYear/all/${id.instituteId}` },
  { name: 'banners', method: 'GET', path: () => '/api/v1/banner-prom/for_student/1' },
  {
    name: 'announcements',
    method: 'GET',
    path: (id) =>
      `/api/v1/announcementBannerPromotion/fetchAnnouncementForStudent/${id.instituteId}?is_active=true&student_id=${id.studentId}`,
  },
  {
    name: 'assignment list',
    method: 'POST',
    path: () => '/api/v2/onlineAssignment/student/getAssignmentsDetail',
    body: (id) => ({ category_id: 255, institute_id: id.instituteId, student_id: id.studentId }),
  },
  {
    name: 'assignment detail',
    method: 'GET',
    path: (id) => `/api/v2/onlineAssignment/get/${id.instituteId}/${id.fileId}`,
  },
  {
    name: 'profile',
    method: 'GET',
    path: (id) => `/api/v1/students/get-student-detail/${id.instituteId}/${id.studentId}`,
  },
  {
    name: 'my products',
    method: 'GET',
    path: () => '/prod/student-product/my-products',
    headers: (id) => ({ 'x-prod-user-id': String(id.userId), 'x-prod-inst-id': String(id.instituteId) }),
  },
];

interface Measure {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(target: string, options: Partial<autocannon.Options> = {}): Promise<Measure> {
  const result = await autocannon({ url: target, connections, duration: seconds, ...options });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function loadRoute(route: (typeof routes)[number], people: Identity[]): Promise<Measure> {
  let next = 0;
  return load(`http://127.0.0.1:${apiPort}`, {
    requests: [
      {
        setupRequest: (request) => {
          const person = people[next++ % people.length]!;
          return {
            ...request,
            method: route.method,
            path: route.path(person),
            headers: {
              host: 'localhost',
              authorization: person.credential,
              'content-type': 'application/json',
              ...route.headers?.(person),
            },
            ...(route.body ? { body: JSON.stringify(route.body(person)) } : {}),
          };
        },
      },
    ],
  });
}

/** Runs each route once in-process on a logging database and answers EXPLAIN of every query it sent. */
async function explainRoutes(people: Identity[]): Promise<Record<string, string[]>> {
  const captured: { query: string; params: unknown[] }[] = [];
  const database = await openPostgres(url, {
    poolSize: 2,
    logQuery: (query, params) => captured.push({ query, params }),
  });
  const app = await buildApp({
    config: { LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' },
    database,
    storage: localDiskStorage(mkdtempSync(join(tmpdir(), 'bench-files-'))),
  });
  const explain = await openPostgres(url, { poolSize: 1 });
  const plans: Record<string, string[]> = {};
  const person = people[0]!;
  for (const route of routes) {
    captured.length = 0;
    await app.inject({
      method: route.method,
      url: route.path(person),
      headers: { host: 'localhost', authorization: person.credential, ...route.headers?.(person) },
      ...(route.body ? { payload: route.body(person) as Record<string, unknown> } : {}),
    });
    plans[route.name] = [];
    for (const { query, params } of captured) {
      if (!/^\s*select/i.test(query)) continue;
      const client = (
        explain.db as unknown as {
          $client: { query: (text: string, values: unknown[]) => Promise<{ rows: Record<string, string>[] }> };
        }
      ).$client;
      const result = await client.query(`explain ${query}`, params);
      plans[route.name]!.push(`${query}\n${result.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
    }
  }
  await app.close();
  await explain.close();
  return plans;
}

async function measureSize(students: number) {
  const institutes = Number(values.institutes);
  await generate(url, institutes, Math.round(students / institutes));
  const server = start('apps/api/src/server.ts', {
    DATABASE_URL: url,
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    LOGIN_PER_MINUTE: '1000000',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-data-')),
  });
  await waitFor(`http://127.0.0.1:${apiPort}/readyz`);
  const people = await identities();
  const perRoute: Record<string, Measure> = {};
  for (const route of routes) {
    perRoute[route.name] = await loadRoute(route, people);
    console.log(
      `  ${students} students · ${route.name}: ${perRoute[route.name]!.requestsPerSecond} req/s, p50 ${perRoute[route.name]!.p50} ms, p99 ${perRoute[route.name]!.p99} ms`,
    );
  }
  // EXPLAIN first: the login run below revokes the sessions the routes were loaded with.
  const plans = await explainRoutes(people);
  // Logins at 20 a second, each by a different student.
  const perInstitute = Math.round(students / institutes);
  let next = 0;
  const login = await load(`http://127.0.0.1:${apiPort}/api/v2/user/v3/login`, {
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
  console.log(
    `  ${students} students · login at 20/s: p50 ${login.p50} ms, p99 ${login.p99} ms, errors ${login.errors}, non-2xx ${login.non2xx}`,
  );
  await stop(server);
  return { students, perRoute, login, plans };
}

const helloServer = start('bench/hello.ts', { PORT: String(helloPort) });
await waitFor(`http://127.0.0.1:${helloPort}/`);
const sizes = values.sizes!.split(',').map(Number);
const runs = [];
const hello: Measure[] = [];
for (const size of sizes) {
  hello.push(await load(`http://127.0.0.1:${helloPort}/`));
  console.log(`hello-world: ${hello.at(-1)!.requestsPerSecond} req/s`);
  runs.push(await measureSize(size));
}
await stop(helloServer);

const lighthouse = values['skip-lighthouse'] ? undefined : await runLighthouse();
const upload = await measureUpload();
console.log(
  `upload of 150 MB in 20 files: ${upload.throughputMbPerSecond} MB/s, peak ${upload.peakAboveIdleMb} MB above idle`,
);

const date = new Date().toISOString().slice(0, 10);
const results = {
  date,
  machine: '2 cores, 24 GiB; load generator on the same machine',
  seconds,
  connections,
  hello,
  runs,
  lighthouse,
};
mkdirSync(new URL('results/', import.meta.url), { recursive: true });
writeFileSync(new URL(`results/${date}.json`, import.meta.url), `${JSON.stringify(results, null, 2)}\n`);

const lines = [
  `# Benchmark ${date}`,
  '',
  `${results.machine}; ${connections} connections, ${seconds} s per route.`,
  '',
];
lines.push(
  '| route | ' + runs.map((run) => `${run.students} students: req/s (× hello) · p50 · p99 · errors`).join(' | ') + ' |',
);
lines.push('|---|' + runs.map(() => '---').join('|') + '|');
for (const route of routes) {
  lines.push(
    `| ${route.name} | ` +
      runs
        .map((run, index) => {
          const m = run.perRoute[route.name]!;
          return `${m.requestsPerSecond} (${(m.requestsPerSecond / hello[index]!.requestsPerSecond).toFixed(3)}) · ${m.p50} ms · ${m.p99} ms · ${m.errors + m.non2xx}`;
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
    lines.push(`- ${route.name}: ${ratio.toFixed(2)}`);
  }
}
lines.push('', 'Logins at 20/s:');
for (const run of runs)
  lines.push(
    `- ${run.students} students: p50 ${run.login.p50} ms, p99 ${run.login.p99} ms, errors ${run.login.errors + run.login.non2xx}`,
  );
if (lighthouse) {
  lines.push('', '| page | score | LCP | TBT | CLS | JS (compressed transfer) |', '|---|---|---|---|---|---|');
  for (const page of lighthouse) {
    lines.push(
      `| ${page.page} | ${page.score} | ${page.lcpMs} ms | ${page.tbtMs} ms | ${page.cls} | ${Math.round(page.jsBytes / 1024)} KB |`,
    );
  }
}
lines.push(
  '',
  `Upload of ${upload.files} files, ${upload.totalMb} MB (PGlite, local disk): ${upload.seconds} s, ${upload.throughputMbPerSecond} MB/s; server memory ${upload.idleRssMb} MB idle, ${upload.peakRssMb} MB peak (${upload.peakAboveIdleMb} MB above idle); answer ${upload.status} ${upload.message}.`,
);
lines.push('', '## EXPLAIN at the largest size', '');
for (const [route, plans] of Object.entries(runs.at(-1)!.plans)) {
  lines.push(`### ${route}`, '', '```', ...plans, '```', '');
}
writeFileSync(new URL(`results/${date}.md`, import.meta.url), `${lines.join('\n')}\n`);
console.log(`Wrote bench/results/${date}.json and .md`);
