// Background work from a job queue in PostgreSQL (issue 30): API code enqueues, a worker runs the handlers. The worker
// is `npm run worker` (src/worker.ts) beside API processes on PostgreSQL, or the API process itself (WORKER=inline,
// the default, and the only way on the embedded PGlite database of `npm start`).
//
// The library: pg-boss 12, not graphile-worker. What decided it is the embedded default: PGlite is one connection in
// the API's own process, and the queue must run there with the same code as on PostgreSQL.
// - PGlite: pg-boss takes any `{ executeSql(text, values) }` as its database and ships a PGlite adapter (`fromPglite`,
//   `backend: 'pglite'`); PGlite runs each statement under its own lock, so pg-boss's statements and the app's
//   transactions never interleave on the one connection. Tried here on PGlite 0.5.16 through the app's Database: the
//   schema installs (about 0.7 s once, ~40 ms to check on later starts), and send, work, retries and the policies
//   behave as on PostgreSQL (job-queue.test.ts). graphile-worker needs a node-postgres pool of its own and a
//   dedicated LISTEN connection; it has no adapter for a single in-process connection.
// - Retries with backoff: both (pg-boss: retryLimit, retryDelay, retryBackoff with a cap; graphile: exponential, fixed).
// - One at a time per key: pg-boss's `stately` policy keeps at most one waiting and one running job per
//   singletonKey (so enqueueing while one waits adds nothing, and a key never runs twice at once, across processes);
//   graphile has job_key (dedupe) and named queues (serial), so both fit.
// - Schedules: both have cron at minute resolution; the exam sweep runs every 30 s, so it is a throttled job instead:
//   every working process sends it each period into one 30-second slot (pg-boss singletonSeconds), so the slot holds
//   one job whichever process sent it, and `stately` runs it on one worker at a time.
// - LISTEN: graphile-worker relies on it (polling is a fallback); pg-boss polls and LISTEN is optional, off here.
// - Maintenance: pg-boss expires jobs a crashed worker held, retries them and deletes old ones (`supervise`, on where
//   handlers run); graphile does the same with its own schema. Both own a schema of their own (no drizzle migration):
//   pg-boss installs or upgrades `pgboss` as a queue starts (the test templates install it beforehand).
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import type { Database, Db } from '../db/client.ts';
import type { OfficePreviewer } from './office-preview.ts';
import type { MailSender } from './mail.ts';
import type { PushSender } from './push.ts';
import type { SmsSender } from './sms.ts';
import type { Storage } from './storage.ts';
import { findQueueDepth, jobQueueSchema, type QueueDepth } from './job-queue.repository.ts';

export type { QueueDepth };

/** Where a process's jobs run: `inline` in this process, `off` elsewhere (a worker beside it; it only enqueues). */
export type WorkerMode = 'inline' | 'off';

/** The logger a queue and its handlers write to (pino's, as the app and the worker have it). */
export interface JobLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * What a handler runs with: the API app itself when jobs run inline, the worker's own context in src/worker-main.ts.
 * Handlers take only these, so the same code runs in both.
 */
export interface JobContext {
  db: Db;
  now: () => Date;
  log: JobLog;
  /** Where a handler asks for more jobs: enqueueing is all a handler does with the queue. */
  jobs: JobEnqueuer;
  /** Converts office files to their PDF previews (the office-preview job); undefined where none runs. */
  officePreviews?: OfficePreviewer;
  /** Where uploaded and drawn files live (receipts' PDFs). */
  storage?: Storage;
  /** The SMS gateway the sms-send job hands texts to. */
  sms?: SmsSender;
  /** Where alerts go by email (lib/mail.ts). */
  mail?: MailSender;
  /** Where alerts go by Web Push (lib/push.ts); undefined where this process has no VAPID keys. */
  push?: PushSender;
  /** The push services a subscription may name, checked again as each push goes (lib/push-services.ts). */
  pushServices?: readonly string[];
}

/** One kind of background job: its queue's name, its handler and how it is retried. Areas list theirs in area.ts. */
export interface JobKind<Data extends object = object> {
  /** The queue's name (letters, digits, dashes). */
  readonly name: string;
  /** Does the job; a rejection fails this try, and the job is tried again after a pause while tries remain. */
  run(context: JobContext, data: Data): Promise<void>;
  /** Tries after the first that fails (default 3). */
  readonly retries?: number;
  /** The pause before the first retry, doubling (with some jitter) for each later one (default 10 s, at most 10 min). */
  readonly retryDelaySeconds?: number;
  /** A run still going after this long counts as lost (its worker died) and is tried again (default 15 min). */
  readonly timeoutSeconds?: number;
  /** A recurring job: each working process sends it every this many seconds, one job a period (see above). */
  readonly everySeconds?: number;
  /**
   * A recurring job also sent when a process starts working (start()): what fell due while none worked (a deploy, a
   * crash) runs then, not a period later.
   */
  readonly atStart?: boolean;
  /** How often an idle worker looks for this kind's jobs (default 2 s, at least 0.5). */
  readonly pollSeconds?: number;
  /** Jobs of this kind each working process runs at once, each of another key (default 1), or its configuration. */
  readonly atOnce?: number | ((context: JobContext) => number);
}

/** Declares a kind of job (typed data for `enqueue` and the handler). */
export const defineJob = <Data extends object = object>(kind: JobKind<Data>): JobKind<Data> => kind;

export interface EnqueueOptions {
  /** The object the job is about: while a job with this key waits, enqueueing adds nothing. */
  key: string;
  /** Runs no sooner than this: enqueues in the meantime join the same job (a debounce). */
  delaySeconds?: number;
}

export interface JobQueue {
  /**
   * Starts the queue: loads pg-boss, installs or upgrades its schema, creates (or updates) the kinds' queues and, with
   * a context given to work(), runs the handlers and sends the recurring kinds marked `atStart`. Once: a later call
   * waits for the same start. Enqueueing starts it too, without those sends.
   */
  start(): Promise<void>;
  /** Adds a job unless one of this kind with the same key is waiting; answers whether it added one. */
  enqueue<Data extends object>(kind: JobKind<Data>, data: Data, options: EnqueueOptions): Promise<boolean>;
  /**
   * Runs the kinds' handlers in this process with `context` once the queue has started (the worker, or an API process
   * on WORKER=inline); at once when it has.
   */
  work(context: JobContext): void;
  /**
   * Sends a recurring kind's job for the current period unless one was sent for it, by any process; answers whether
   * it sent one. Working processes call it every period (and tests, to send at once).
   */
  sendRecurring(kind: JobKind): Promise<boolean>;
  /** Jobs waiting, deferred and running, over every process (needs no start). */
  depth(): Promise<QueueDepth>;
  /** Takes no more jobs, lets running ones finish (up to the stop timeout), and stops; the database stays open. */
  stop(): Promise<void>;
}

/** What asks for jobs (a handler, a route, an admin kind's after-commit): the queue's `enqueue` and nothing else. */
export type JobEnqueuer = Pick<JobQueue, 'enqueue'>;

export interface JobQueueOptions {
  /** Every kind this process may enqueue or run (features/index.ts `jobKinds`). */
  kinds: readonly JobKind[];
  log: JobLog;
  /** How long stop() waits for running jobs before giving them up to a retry (default 30 s). */
  stopTimeoutMs?: number;
  /** Whether this process works jobs: then it also runs pg-boss's maintenance and is listed in its registry. */
  works?: boolean;
}

/**
 * The timers pg-boss polls and times out with: the ones this module found when it loaded. A test that fakes the clock
 * for its own code would otherwise freeze the workers too, and drop them for good when it turns real time back with
 * a poll still pending. Jobs are due by the database's clock anyway.
 */
const realClock = {
  now: Date.now.bind(Date),
  setTimeout: globalThis.setTimeout.bind(globalThis),
  clearTimeout: globalThis.clearTimeout.bind(globalThis),
  setInterval: globalThis.setInterval.bind(globalThis),
  clearInterval: globalThis.clearInterval.bind(globalThis),
};

/**
 * A pg-boss instance over the app's database (the PGlite instance itself, or a statement at a time on the app's pool);
 * `works` turns on what only a working process needs. pg-boss is imported here, when a queue starts: its import is
 * about 0.2 s, which the API's start then does not wait for.
 */
async function newBoss(database: Database, works: boolean) {
  const { PgBoss, fromPglite } = await import('pg-boss');
  const client = (database.db as unknown as { $client: unknown }).$client;
  const pool = client as pg.Pool;
  return new PgBoss({
    db:
      database.kind === 'pglite'
        ? fromPglite(client as PGlite)
        : { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) },
    backend: database.kind === 'pglite' ? 'pglite' : 'postgres',
    schema: jobQueueSchema,
    // Recurring jobs are throttled sends (JobKind.everySeconds), not pg-boss cron: its minute is too coarse.
    schedule: false,
    supervise: works,
    registerInstance: works,
    openTelemetry: { enabled: false },
    clock: realClock,
  });
}

/**
 * Installs or upgrades pg-boss's schema, as every queue's start does (about 0.7 s the first time on PGlite, a version
 * check after). The test templates call it, so a test's queue starts at once.
 */
export async function installJobQueue(database: Database): Promise<void> {
  const boss = await newBoss(database, false);
  boss.on('error', () => undefined); // start() rejects with the error itself
  await boss.start();
  await boss.stop({ close: false, graceful: false });
}

/**
 * The queue over the app's database. Nothing starts until start() or the first enqueue: the API starts it once it
 * listens (app.ts), so `npm start` answers as soon as before.
 */
export function openJobQueue(database: Database, options: JobQueueOptions): JobQueue {
  const { kinds, log, stopTimeoutMs = 30_000, works = false } = options;
  const timers: ReturnType<typeof setInterval>[] = [];
  let context: JobContext | undefined;
  let started: Promise<PgBoss> | undefined;
  let stopped = false;

  async function startBoss(): Promise<PgBoss> {
    const boss = await newBoss(database, works);
    boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
    boss.on('warning', (warning) => log.warn({ details: warning.data }, `job queue: ${warning.message}`));
    // A database not answering yet, or another process migrating pg-boss's schema: tried again for about a minute.
    await boss.start({ attempts: 6 });
    for (const kind of kinds) {
      const settings = {
        retryLimit: kind.retries ?? 3,
        retryDelay: kind.retryDelaySeconds ?? 10,
        retryBackoff: true,
        retryDelayMax: 600,
        expireInSeconds: kind.timeoutSeconds ?? 900,
      };
      if (await boss.getQueue(kind.name)) await boss.updateQueue(kind.name, settings);
      // One waiting and one running job per key at most (see the top of this file).
      else await boss.createQueue(kind.name, { ...settings, policy: 'stately' });
    }
    await workWith(boss);
    return boss;
  }
  // A start that failed is tried again by the next call.
  const bossOf = () =>
    (started ??= startBoss().catch((error: unknown) => {
      started = undefined;
      throw error;
    }));

  /** Runs the handlers with the context work() was given, once: from the start, or from work() if it came later. */
  let working = false;
  /** This process's pg-boss worker of each kind it runs, to wake at once when it enqueues one. */
  const workerIds = new Map<string, string>();
  async function workWith(boss: PgBoss) {
    const handlerContext = context;
    if (!handlerContext || working || stopped) return;
    working = true;
    for (const kind of kinds) {
      const atOnce = typeof kind.atOnce === 'function' ? kind.atOnce(handlerContext) : (kind.atOnce ?? 1);
      const workerId = await boss.work<object>(
        kind.name,
        { pollingIntervalSeconds: kind.pollSeconds ?? 2, batchSize: 1, localConcurrency: Math.max(1, atOnce) },
        async ([job]) => {
          if (!job) return;
          try {
            await kind.run(handlerContext, job.data);
          } catch (error) {
            log.warn({ err: error, job: kind.name, retry: job.retryCount }, 'job failed');
            throw error;
          }
        },
      );
      workerIds.set(kind.name, workerId);
      if (kind.everySeconds === undefined) continue;
      const timer = realClock.setInterval(() => {
        queue.sendRecurring(kind).then(
          (sent) => {
            if (sent) boss.notifyWorker(workerId);
          },
          (error: unknown) => {
            if (!stopped) log.warn({ err: error, job: kind.name }, 'could not send a recurring job');
          },
        );
      }, kind.everySeconds * 1000);
      timer.unref();
      timers.push(timer);
    }
  }

  let caughtUp = false;
  const queue: JobQueue = {
    async start() {
      const boss = await bossOf();
      // Once, where this process runs the handlers; not when an enqueue started the queue (tests through inject).
      if (caughtUp || !working || stopped) return;
      caughtUp = true;
      for (const kind of kinds) {
        if (!kind.atStart || kind.everySeconds === undefined) continue;
        // Outside the period's slot, which a run before a restart may have taken; its key joins a run already
        // waiting and keeps two from running at once.
        const id = await boss.send(kind.name, {}, { singletonKey: kind.name });
        const workerId = workerIds.get(kind.name);
        if (id !== null && workerId) boss.notifyWorker(workerId);
      }
    },

    async enqueue(kind, data, { key, delaySeconds }) {
      const boss = await bossOf();
      const id = await boss.send(kind.name, data, {
        singletonKey: key,
        ...(delaySeconds ? { startAfter: delaySeconds } : {}),
      });
      // A job this process runs starts now rather than at its worker's next poll (up to pollSeconds later).
      const workerId = workerIds.get(kind.name);
      if (id !== null && workerId && !delaySeconds) boss.notifyWorker(workerId);
      return id !== null;
    },

    work(handlerContext) {
      context = handlerContext;
      // Started, or starting: work from then on.
      started
        ?.then(workWith)
        .catch((error: unknown) => log.error({ err: error }, 'the job queue could not start its workers'));
    },

    async sendRecurring(kind) {
      const boss = await bossOf();
      // The period's slot holds one job (singletonSeconds), so the sends of several workers make one; its key keeps
      // two from running at once.
      const id = await boss.send(kind.name, {}, { singletonKey: kind.name, singletonSeconds: kind.everySeconds ?? 60 });
      return id !== null;
    },

    depth: () => findQueueDepth(database.db),

    async stop() {
      if (stopped) return;
      stopped = true;
      for (const timer of timers) realClock.clearInterval(timer);
      const boss = await started?.catch(() => undefined);
      await boss?.stop({ graceful: true, close: false, timeout: stopTimeoutMs });
    },
  };
  return queue;
}
