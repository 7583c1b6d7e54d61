// The scale test (issue 30; `npm run test:scale`, run by .ci/run): the portal as a provider runs it past one box.
// PostgreSQL, an S3-compatible server (s3rver), two API processes with data folders of their own and nothing shared
// on disk, and Debian's nginx as the only entry point, round-robin between them. Through the proxy:
// - a student uploads an assignment file (answered by one process) and downloads it (answered by the other);
// - 200 students (`--students`) in one test save an answer every 2 s while one API process is SIGKILLed and
//   started again: no acknowledged answer lost or stored twice, every attempt on time (bench/exam-load.ts);
// - 40 logins from one address, answered by both processes, meet the one limit of 30 a minute;
// - a Word file uploaded through the admin API gets its PDF preview from the worker (LibreOffice in its sandbox);
// - 50 students submit to a released test at once: the worker ranks it, never twice at once, each attempt once.
// The API processes only enqueue background work (WORKER=off); one worker process (`npm run worker`) runs it.
// Prints what it measured; exits non-zero on any failed check.
//
//   node --import tsx bench/scale.ts [--students 200] [--seconds 40] [--keep]
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { tinyDocx } from '../apps/api/src/db/seed/media-files.ts';
import { multipart } from '../apps/api/test/multipart.ts';
import { freePort } from '../apps/api/test/process.ts';
import { s3TestCredentials, startS3Server } from '../apps/api/test/s3-server.ts';
import { describeSaves, examLoad, sleep, sleepUntil } from './exam-load.ts';
import { openAttempts, prepareExam } from './exam-setup.ts';
import { startProxy } from './proxy.ts';

const { values: args } = parseArgs({
  options: {
    students: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '40' },
    ramp: { type: 'string', default: '5' },
    every: { type: 'string', default: '2' },
  },
});
const students = Number(args.students);
const runMs = Number(args.seconds) * 1000;
const rampMs = Number(args.ramp) * 1000;
const everyMs = Number(args.every) * 1000;
const admin =
  process.env.BENCH_ADMIN_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = new URL('..', import.meta.url).pathname;
const durationMinutes = 60;
const problems: string[] = [];
const check = (ok: boolean, problem: string) => {
  if (!ok) problems.push(problem);
};

async function waitReady(url: string, timeoutMs: number, child?: ChildProcess): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return Date.now() - started;
    } catch {
      // Not ready.
    }
    await sleep(100);
  }
  throw new Error(`${url} not ready within ${timeoutMs} ms`);
}

const began = Date.now();
const name = `portal_scale_${Date.now()}`;
const databaseUrl = admin.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
const work = mkdtempSync(join(tmpdir(), 'portal-scale-'));
const s3 = await startS3Server({ checkSignatures: false });
const bucket = await s3.createBucket();
execFileSync('psql', [admin, '-q', '-c', `create database ${name}`]);
const processes = new Map<string, ChildProcess>();

/** What every process of the deployment shares: the database and the bucket; nothing on disk. */
const sharedEnv = {
  PATH: process.env.PATH ?? '',
  LOG_LEVEL: 'error',
  DATABASE_URL: databaseUrl,
  STORAGE: 's3',
  S3_BUCKET: bucket,
  S3_ENDPOINT: s3.endpoint,
  S3_FORCE_PATH_STYLE: 'true',
  AWS_ACCESS_KEY_ID: s3TestCredentials.accessKeyId,
  AWS_SECRET_ACCESS_KEY: s3TestCredentials.secretAccessKey,
  NODE_COMPILE_CACHE: join(tmpdir(), 'portal-node-compile-cache'),
};

/** Starts `script` (a file of apps/api/src) as the process `label`, with `env` over the shared variables. */
function startProcess(label: string, script: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [`apps/api/src/${script}`], {
    cwd: root,
    env: { ...sharedEnv, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  processes.set(label, child);
  return child;
}

/** An API process on its own data folder (nothing shared on disk), files in the bucket, behind the proxy. */
const startApi = (label: string, port: number) =>
  startProcess(label, 'server.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(work, `${label}-`)),
    // The demo institutes, whose host (localhost) and students the checks use: the first process to start seeds
    // them, and a process on PostgreSQL starts on a database holding them only with SEED_DEMO=true.
    SEED_DEMO: 'true',
    TRUST_PROXY: '127.0.0.1',
    WORKER: 'off',
  });

/**
 * The worker: the background jobs of every API process (the exam sweep, ranking, office previews), from the queue in
 * PostgreSQL; it reads and writes files in the same bucket.
 */
const startWorker = () => startProcess('worker', 'worker.ts', {});

/** A POST through the proxy from `localAddress` (another client address than the other checks' 127.0.0.1). */
function postFrom(localAddress: string, port: number, path: string, body: unknown) {
  return new Promise<{ status: number; upstream: string; message: string }>((resolve, reject) => {
    const sent = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', host: `localhost:${port}` },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += String(chunk)));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            upstream: String(response.headers['x-upstream'] ?? ''),
            message: String((JSON.parse(text || '{}') as { message?: string }).message ?? ''),
          }),
        );
      },
    );
    sent.on('error', reject);
    sent.end(JSON.stringify(body));
  });
}

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

try {
  const [portA, portB, proxyPort] = [await freePort(), await freePort(), await freePort()];
  const base = `http://localhost:${proxyPort}`;
  // One at a time: the first migrates and seeds, the second finds both done.
  const a = startApi('api-a', portA);
  const firstStart = await waitReady(`http://127.0.0.1:${portA}/readyz`, 240_000, a);
  const b = startApi('api-b', portB);
  const secondStart = await waitReady(`http://127.0.0.1:${portB}/readyz`, 120_000, b);
  processes.set('proxy', startProxy(proxyPort, [portA, portB], mkdtempSync(join(work, 'nginx-'))));
  await waitReady(`${base}/readyz`, 30_000);
  startWorker();
  console.log(
    `scale test: PostgreSQL ${name}, s3rver at ${s3.endpoint} (bucket ${bucket}), API processes on ${portA} and ` +
      `${portB} (ready in ${firstStart} ms seeding, ${secondStart} ms), nginx round-robin on ${proxyPort}`,
  );

  // A student's file: uploaded through one process, downloaded through the other.
  {
    const login = await fetch(`${base}/api/v2/user/v3/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_name: '9000000001', password: 'demo1234', device_id: 'scale', source: 'WEB' }),
    });
    const session = (
      (await login.json()) as { result: { student_auth: string; institute_id: number; student_id: number } }
    ).result;
    const headers = { authorization: session.student_auth, source: 'WEB' };
    const listed = (await (
      await fetch(`${base}/api/v2/onlineAssignment/student/getAssignmentsDetail`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ category_id: 255, institute_id: session.institute_id, student_id: session.student_id }),
      })
    ).json()) as { result: { upcoming_online_assignment_list: { file_id: number; student_status: string }[] } };
    const pending = listed.result.upcoming_online_assignment_list.find((item) => item.student_status === 'Pending')!;
    const content = Buffer.from(`%PDF-1.4\n% scale test ${Date.now()}\n${'x'.repeat(200_000)}\n%%EOF\n`);
    const body = multipart([{ filename: 'scale.pdf', content }], {
      institute_id: session.institute_id,
      category_id: 255,
      studentId_array: [session.student_id],
      file_id: pending.file_id,
      student_status: 'Draft',
      student_comment: 'scale test',
      attachmentId_array: [],
      url_lists: [],
    });
    const uploaded = await fetch(`${base}/api/v2/onlineAssignment/student/updateAssignment`, {
      method: 'POST',
      headers: { ...headers, ...body.headers },
      body: body.payload as unknown as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    const uploadedBy = uploaded.headers.get('x-upstream');
    check(uploaded.status === 200, `the upload answered ${uploaded.status}`);
    const files = (await (
      await fetch(
        `${base}/api/v2/onlineAssignment/studentAttachmentsDetail/${session.institute_id}/${session.student_id}/${pending.file_id}`,
        { headers },
      )
    ).json()) as { result: { student_attachment: { attachment_url: string; is_link: boolean }[] } };
    const url = files.result.student_attachment.find((file) => !file.is_link)?.attachment_url ?? '';
    // Round-robin: of two downloads in a row, one is answered by the other process.
    const downloads = [];
    for (let turn = 0; turn < 2; turn += 1) {
      const response = await fetch(new URL(url, base));
      downloads.push({
        by: response.headers.get('x-upstream'),
        same: Buffer.from(await response.arrayBuffer()).equals(content),
      });
    }
    const other = downloads.find((download) => download.by !== uploadedBy);
    check(
      Boolean(other?.same),
      `a file uploaded through ${uploadedBy} did not come back whole through the other process`,
    );
    console.log(
      `file: uploaded through ${uploadedBy}, downloaded whole through ${downloads.map((download) => `${download.by} (${download.same ? 'same bytes' : 'DIFFERENT'})`).join(' and ')}`,
    );
  }

  // An office file uploaded through the admin API: the worker converts it (the API processes only enqueue), with the
  // file read from and the PDF written to the bucket.
  {
    const created = execFileSync(
      process.execPath,
      ['apps/api/src/cli.ts', 'admin:key', '--institute', 'localhost', '--name', 'scale'],
      { cwd: root, env: { ...sharedEnv, SEED_DEMO: 'true' }, encoding: 'utf8' },
    );
    const key = /cpa_\S+/.exec(created)?.[0] ?? '';
    const body = multipart([{ filename: 'scale.docx', content: tinyDocx('Scale', ['Converted by the worker']) }], {
      external_id: 'scale-docx',
    });
    const uploadStart = Date.now();
    const uploaded = await fetch(`${base}/api/admin/v1/files`, {
      method: 'POST',
      headers: { 'x-api-key': key, ...body.headers },
      body: body.payload as unknown as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    check(uploaded.status === 200, `the admin file upload answered ${uploaded.status}`);
    const query = (text: string) => execFileSync('psql', [databaseUrl, '-Atc', text], { encoding: 'utf8' }).trim();
    const sourceKey = query(`select file_key from admin_files where external_id = 'scale-docx'`);
    let preview = '';
    while (!preview && Date.now() - uploadStart < 120_000) {
      preview = query(`select coalesce(preview_file_key, case when failed then 'failed' end) from office_previews
        where source_file_key = '${sourceKey.replace(/'/g, "''")}'`);
      if (!preview) await sleep(250);
    }
    check(/\.pdf$/.test(preview), `the office file's preview: ${preview || 'none within 120 s'}`);
    console.log(
      `office preview: uploaded through ${uploaded.headers.get('x-upstream')}, ${preview ? `${preview === 'failed' ? 'refused' : 'converted'} by the worker ${Date.now() - uploadStart} ms after the upload began` : 'NOT converted within 120 s'}`,
    );
  }

  // Exam saves through the proxy while one API process is killed and started again.
  {
    const { testId, credentials } = await prepareExam(databaseUrl, students, durationMinutes);
    const load = examLoad({ base, everyMs, cutShare: 0 });
    const loadStart = Date.now();
    const stopAt = loadStart + rampMs + runMs;
    const runs = credentials.map((credential) => load.student(credential, testId, Math.random() * rampMs, stopAt));
    await sleepUntil(loadStart + rampMs + runMs * 0.3);
    console.log(
      `exam: ${students} students save every ${everyMs / 1000} s for ${runMs / 1000} s; killing api-a (SIGKILL)`,
    );
    const killed = processes.get('api-a')!;
    const exited = new Promise((resolve) => killed.once('exit', resolve));
    killed.kill('SIGKILL');
    await exited;
    const restarted = startApi('api-a', portA);
    console.log(`exam: api-a back after ${await waitReady(`http://127.0.0.1:${portA}/readyz`, 120_000, restarted)} ms`);
    const results = await Promise.all(runs);
    const checked = await load.check({ databaseUrl, testId, students, durationMinutes, results });
    console.log(`exam: ${describeSaves(load.figures)}`);
    console.log(`exam: ${checked.summary}`);
    problems.push(...checked.problems);
  }

  // 40 logins at once from one address (127.0.0.2: the checks above came from 127.0.0.1), spread over both
  // processes by the proxy, meet the one limit: 30 reach the password check, 10 get the limit's answer. Each names
  // another unknown login, so no account's lock-out answers instead.
  {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        postFrom('127.0.0.2', proxyPort, '/api/v2/user/v3/login', {
          user_name: String(7_990_000_000 + index),
          password: 'not-the-password',
          device_id: 'scale-limit',
          source: 'WEB',
        }),
      ),
    );
    const limited = answers.filter(
      (answer) => answer.status === 429 && answer.message.startsWith('Rate limit exceeded'),
    );
    const upstreams = new Set(answers.map((answer) => answer.upstream));
    check(
      limited.length === 10 && upstreams.size === 2,
      `40 logins from one address across ${upstreams.size} processes: ${40 - limited.length} passed the limit of 30`,
    );
    console.log(
      `limits: 40 logins from one address, answered by ${[...upstreams].join(' and ')}: ${40 - limited.length} reached ` +
        `the password check, ${limited.length} refused by the shared limit`,
    );
  }
  // A released test ranked once: 50 students of another test submit at the same moment through both processes,
  // each submission marking the test's ranks stale and enqueueing its ranking (rank-test, keyed by the test); the
  // worker ranks it, a ranking never beside another of the same test, and every submitted attempt gets its one rank.
  {
    const ranked = 50;
    const { instituteId, testId, credentials } = await prepareExam(databaseUrl, ranked, durationMinutes);
    const opened = await openAttempts(base, databaseUrl, testId, credentials);
    await Promise.all(
      opened.map((attempt, index) =>
        fetch(`${base}/examPanel/attempt/answers`, {
          method: 'PUT',
          headers: { authorization: attempt.token, 'content-type': 'application/json' },
          // Scores from 0 to 4 (question 1..4 right for some), so ranks tie as a class's do.
          body: JSON.stringify({
            answers: Array.from({ length: index % 5 }, (_, question) => ({
              question_no: question + 1,
              seq: question + 1,
              answer: 'a',
            })),
          }),
        }),
      ),
    );
    const query = (text: string) => execFileSync('psql', [databaseUrl, '-Atc', text], { encoding: 'utf8' }).trim();
    query(`update exam_tests set is_result_published = true where institute_id = ${instituteId} and id = ${testId}`);
    const submitStart = Date.now();
    const submitted = await Promise.all(
      opened.map(async (attempt) => {
        const response = await fetch(`${base}/examPanel/attempt/submit`, {
          method: 'POST',
          headers: { authorization: attempt.token },
        });
        return response.status;
      }),
    );
    check(
      submitted.every((status) => status === 200),
      `submissions answered ${[...new Set(submitted)].join(', ')}`,
    );
    const ranks = () =>
      Number(query(`select count(*) from report_results where institute_id = ${instituteId} and test_id = ${testId}`));
    while (
      (ranks() < ranked ||
        query(`select count(*) from report_stale_tests where institute_id = ${instituteId} and test_id = ${testId}`) !==
          '0') &&
      Date.now() - submitStart < 60_000
    ) {
      await sleep(250);
    }
    const rankedAfter = Date.now() - submitStart;
    // Each user's rank is one more than the users who scored more (competition ranking, 1, 2, 2, 4).
    const wrong = Number(
      query(`select count(*) from report_results r where r.institute_id = ${instituteId} and r.test_id = ${testId}
        and r.rank <> 1 + (select count(*) from report_results o where o.institute_id = r.institute_id
          and o.test_id = r.test_id and o.score > r.score)`),
    );
    const runs = query(`select (extract(epoch from started_on) * 1000)::bigint || ' ' ||
        (extract(epoch from completed_on) * 1000)::bigint from pgboss.job
      where name = 'rank-test' and singleton_key = '${instituteId}:${testId}' and state = 'completed' order by started_on`)
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(' ').map(Number) as [number, number]);
    // Runs of one key never overlap: each starts after the one before it completed.
    const overlapping = runs.filter((run, index) => index > 0 && run[0] < runs[index - 1]![1]).length;
    check(ranks() === ranked, `the released test has ${ranks()} ranks for ${ranked} submitted attempts`);
    check(wrong === 0, `${wrong} ranks of the released test are wrong`);
    check(runs.length >= 1 && overlapping === 0, `rank-test ran ${runs.length} times, ${overlapping} beside another`);
    console.log(
      `ranking: ${ranked} submissions to a released test at once through both processes; ranked by the worker in ` +
        `${runs.length} rank-test run${runs.length === 1 ? '' : 's'} (${overlapping} beside another), ${ranks()} ranks, ` +
        `${wrong} wrong, all ranked ${rankedAfter} ms after the submissions began`,
    );
  }
} catch (error) {
  problems.push(error instanceof Error ? error.message : String(error));
} finally {
  for (const child of [...processes.values()].reverse()) await stop(child);
  await s3.stop();
  execFileSync('psql', [admin, '-q', '-c', `drop database if exists ${name} with (force)`]);
  rmSync(work, { recursive: true, force: true });
}
console.log(`scale test: took ${((Date.now() - began) / 1000).toFixed(0)} s`);
if (problems.length > 0) {
  console.error(`scale test failed: ${problems.join('; ')}`);
  process.exit(1);
}
console.log('scale test: passed');
