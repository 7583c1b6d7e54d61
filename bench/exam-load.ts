// The exam load's students and its checks, shared by the exam fault script (bench/exam.ts: one API process) and the
// scale test (bench/scale.ts: two API processes behind a reverse proxy). A student launches the test, opens it and
// saves an answer every `everyMs` until the end, retrying each save (same seq) until it is acknowledged; some saves
// have their connection cut mid-request. Afterwards every acknowledged answer must be in the database exactly once
// and every attempt's remaining time counted from the moment its student really started.
import pgClient from 'pg';
import { hashToken } from '../apps/api/src/lib/tokens.ts';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const sleepUntil = (at: number) => sleep(Math.max(0, at - Date.now()));

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** Runs `work` over `items`, `width` at a time. */
export async function eachLimited<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

interface Acked {
  seq: number;
  answer: string;
}

/** What one student did: the attempt (empty when it never opened) and the answers acknowledged per question. */
export interface StudentRun {
  attemptToken: string;
  acked: Map<number, Acked>;
  /** When the first launch went out and when the attempt was opened: the attempt's start lies between. */
  launchedAt: number;
  openedAt: number;
}

/** The saves of a load, counted as they happen. */
export interface SaveFigures {
  latencies: number[];
  /** Failed tries other than the cuts, by status (0: no answer), each retried. */
  errors: Map<number, number>;
  cuts: number;
  retries: number;
  /** Saves still unacknowledged 30 s after the end: the server never came back for them. */
  gaveUp: number;
}

/** An exam load against `base` (an API process, or the proxy in front of several). */
export function examLoad({ base, everyMs, cutShare }: { base: string; everyMs: number; cutShare: number }) {
  const figures: SaveFigures = { latencies: [], errors: new Map(), cuts: 0, retries: 0, gaveUp: 0 };
  const countError = (status: number) => figures.errors.set(status, (figures.errors.get(status) ?? 0) + 1);

  /** One request; a cut aborts it mid-flight (the connection closes under the server). */
  async function send(path: string, init: RequestInit & { authorization?: string }, cut = false) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), cut ? 2 + Math.random() * 8 : 15_000);
    try {
      return await fetch(`${base}${path}`, {
        ...init,
        headers: {
          'content-type': 'application/json',
          ...(init.authorization ? { authorization: init.authorization } : {}),
        },
        signal: controller.signal,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  /** A student: launch, open, then a save every `everyMs` until `stopAt`; each save retried until acknowledged. */
  async function student(credential: string, testId: number, startDelay: number, stopAt: number): Promise<StudentRun> {
    await sleep(startDelay);
    const acked = new Map<number, Acked>();
    let attemptToken = '';
    const launchedAt = Date.now();
    for (let tries = 0; !attemptToken && Date.now() < stopAt; tries += 1) {
      try {
        const launched = await send('/examPanel/launch', {
          method: 'POST',
          authorization: credential,
          body: JSON.stringify({ test_id: testId }),
        });
        if (!launched.ok) throw new Error(`launch ${launched.status}`);
        const { launch_token: launchToken } = (await launched.json()) as { launch_token: string };
        const opened = await send('/examPanel/open', {
          method: 'POST',
          body: JSON.stringify({ launch_token: launchToken }),
        });
        if (!opened.ok) throw new Error(`open ${opened.status}`);
        attemptToken = ((await opened.json()) as { attempt_token: string }).attempt_token;
      } catch {
        await sleep(500 + Math.random() * 1000);
      }
    }
    const openedAt = Date.now();
    if (!attemptToken) return { attemptToken, acked, launchedAt, openedAt };
    let seq = 0;
    while (Date.now() < stopAt) {
      const next = Date.now() + everyMs;
      seq += 1;
      const change = { question_no: 1 + Math.floor(Math.random() * 10), seq, answer: 'abcd'[seq % 4]! };
      for (;;) {
        const cut = Math.random() < cutShare;
        const started = performance.now();
        try {
          const response = await send(
            '/examPanel/attempt/answers',
            { method: 'PUT', authorization: attemptToken, body: JSON.stringify({ answers: [change] }) },
            cut,
          );
          if (response.status === 200) {
            await response.json();
            figures.latencies.push(performance.now() - started);
            acked.set(change.question_no, { seq: change.seq, answer: change.answer });
            break;
          }
          countError(response.status);
          await response.body?.cancel().catch(() => undefined);
        } catch {
          if (cut) figures.cuts += 1;
          else countError(0);
        }
        figures.retries += 1;
        if (Date.now() > stopAt + 30_000) {
          figures.gaveUp += 1;
          break;
        }
        await sleep(200 + Math.random() * 800);
      }
      await sleep(Math.max(0, next - Date.now()));
    }
    return { attemptToken, acked, launchedAt, openedAt };
  }

  /** The checks after the load (checkExamRun), on its own address and figures. */
  const check = (run: Omit<Parameters<typeof checkExamRun>[0], 'base' | 'figures'>) =>
    checkExamRun({ ...run, base, figures });

  return { figures, student, check };
}

/** One line of the saves' figures. */
export function describeSaves(figures: SaveFigures): string {
  const errors = [...figures.errors.values()].reduce((sum, count) => sum + count, 0);
  const byStatus = [...figures.errors].map(([status, count]) => `${status || 'no answer'}: ${count}`).join(', ');
  return (
    `saves acknowledged ${figures.latencies.length}, p50 ${percentile(figures.latencies, 50).toFixed(1)} ms, ` +
    `p99 ${percentile(figures.latencies, 99).toFixed(1)} ms, errors ${errors}${byStatus ? ` (${byStatus})` : ''}, ` +
    `connections cut ${figures.cuts}, retries ${figures.retries}, given up ${figures.gaveUp}`
  );
}

/**
 * The checks after a load: every acknowledged answer in the database exactly once with a seq at least the
 * acknowledged one (and the acknowledged answer when the seq is the same), one attempt per student ending its
 * duration after its start, and the remaining time each panel is told now counted from the moment its student
 * really started, on the server's clock. Answers the figures and the problems found.
 */
export async function checkExamRun({
  databaseUrl,
  base,
  testId,
  students,
  durationMinutes,
  results,
  figures,
}: {
  databaseUrl: string;
  base: string;
  testId: number;
  students: number;
  durationMinutes: number;
  results: StudentRun[];
  figures: SaveFigures;
}): Promise<{ summary: string; problems: string[] }> {
  const client = new pgClient.Client({ connectionString: databaseUrl });
  await client.connect();
  const rows = (
    await client.query(
      `select a.credential_hash, x.question_no, x.seq, x.answer
       from exam_attempts a join exam_answers x on x.institute_id = a.institute_id and x.attempt_id = a.id
       where a.test_id = $1`,
      [testId],
    )
  ).rows as { credential_hash: string; question_no: number; seq: number; answer: string }[];
  const attempts = (
    await client.query(
      `select count(*)::int as n,
         count(*) filter (where ends_at - started_at <> make_interval(mins => $2))::int as wrong,
         (select count(*)::int from (select 1 from exam_attempts where test_id = $1
            group by institute_id, user_id having count(*) > 1) twice) as students_twice
       from exam_attempts where test_id = $1`,
      [testId, durationMinutes],
    )
  ).rows[0] as { n: number; wrong: number; students_twice: number };
  await client.end();
  const stored = new Map<string, (typeof rows)[number]>();
  let duplicated = 0;
  for (const row of rows) {
    const key = `${row.credential_hash}:${row.question_no}`;
    if (stored.has(key)) duplicated += 1;
    stored.set(key, row);
  }
  let acknowledged = 0;
  let lost = 0;
  for (const { attemptToken, acked } of results) {
    for (const [questionNo, ack] of acked) {
      acknowledged += 1;
      const row = stored.get(`${hashToken(attemptToken)}:${questionNo}`);
      if (!row || row.seq < ack.seq || (row.seq === ack.seq && row.answer !== ack.answer)) lost += 1;
    }
  }

  let timeWrong = 0;
  await eachLimited(
    results.filter((result) => result.attemptToken),
    20,
    async ({ attemptToken, launchedAt, openedAt }) => {
      const sent = Date.now();
      const response = await fetch(`${base}/examPanel/attempt`, { headers: { authorization: attemptToken } });
      const read = (await response.json()) as {
        status: string;
        started_at: number;
        ends_at: number;
        server_time: number;
        remaining_seconds: number;
      };
      const received = Date.now();
      const right =
        response.status === 200 &&
        read.status === 'open' &&
        read.started_at >= launchedAt - 1000 &&
        read.started_at <= openedAt + 1000 &&
        read.ends_at === read.started_at + durationMinutes * 60_000 &&
        read.server_time >= sent - 1000 &&
        read.server_time <= received + 1000 &&
        read.remaining_seconds === Math.floor((read.ends_at - read.server_time) / 1000);
      if (!right) timeWrong += 1;
    },
  );

  const problems: string[] = [];
  if (lost > 0) problems.push(`${lost} acknowledged answers lost`);
  if (duplicated > 0) problems.push(`${duplicated} answers stored twice`);
  if (figures.gaveUp > 0) problems.push(`${figures.gaveUp} saves never acknowledged`);
  if (attempts.wrong > 0) problems.push(`${attempts.wrong} attempts with a wrong end`);
  if (timeWrong > 0) problems.push(`${timeWrong} attempts with a wrong remaining time`);
  if (attempts.n !== students) problems.push(`${attempts.n} attempts for ${students} students`);
  if (attempts.students_twice > 0) problems.push(`${attempts.students_twice} students with two attempts`);
  const summary =
    `attempts ${attempts.n} for ${students} students (students with two: ${attempts.students_twice}; ` +
    `end not start + ${durationMinutes} min: ${attempts.wrong}; remaining time wrong: ${timeWrong}); ` +
    `acknowledged answers ${acknowledged}, lost ${lost}, duplicated ${duplicated}`;
  return { summary, problems };
}
