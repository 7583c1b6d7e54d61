// The worker (`npm run worker`): runs the background jobs (lib/job-queue.ts) beside API processes started with
// WORKER=off, all on one PostgreSQL database. Several workers may run at once: a keyed job and each period of a
// recurring one run on one of them. `npm run worker -- --health` prints the queue's depth and exits 0, or 1 when a job
// has waited too long (no worker is taking them) or the database does not answer.
import { ConfigError, loadConfig, type Config } from './config.ts';
import { DatabaseUnavailableError, openPostgres } from './db/client.ts';
import { findQueueDepth, type QueueDepth } from './lib/job-queue.repository.ts';

/** A job that has waited longer than this means no worker is taking jobs: the health check fails. */
const healthyWaitSeconds = 300;
/** How often the worker logs the queue's depth. */
const depthLogEveryMs = 60_000;
/** How long a stop waits for running jobs before giving them back to the queue for a retry. */
const stopTimeoutMs = 30_000;

/** Raised when the worker cannot run with this configuration; the message is one line. */
class WorkerConfigError extends Error {
  override name = 'WorkerConfigError';
}

const describeDepth = (depth: QueueDepth) =>
  `waiting ${depth.waiting}, deferred ${depth.deferred}, running ${depth.running}, oldest waiting ` +
  (depth.oldestWaitingSeconds === null ? 'none' : `${depth.oldestWaitingSeconds} s`);

/** The worker needs PostgreSQL: the embedded database is held by the one `npm start` process, which runs its jobs. */
function databaseUrlOf(config: Config): string {
  if (config.DATABASE_URL) return config.DATABASE_URL;
  throw new WorkerConfigError(
    'DATABASE_URL: the worker runs beside API processes on PostgreSQL; on the embedded database `npm start` runs the jobs itself',
  );
}

/** `--health`: prints the depth and the oldest waiting job; exits 1 when that job waited too long. */
async function health(config: Config): Promise<number> {
  const database = await openPostgres(databaseUrlOf(config), { poolSize: 1 });
  try {
    const depth = await findQueueDepth(database.db);
    const healthy = (depth.oldestWaitingSeconds ?? 0) <= healthyWaitSeconds;
    process.stdout.write(`job queue: ${describeDepth(depth)}${healthy ? '' : ` (over ${healthyWaitSeconds} s)`}\n`);
    return healthy ? 0 : 1;
  } finally {
    await database.close();
  }
}

async function work(config: Config) {
  const url = databaseUrlOf(config);
  // Loaded here, not for --health: the areas (every job's handler) and the logger take about two seconds to import.
  const [
    { default: closeWithGrace },
    { default: Fastify },
    { loggerOptions },
    { jobKinds },
    { openJobQueue },
    { openConfiguredStorage },
    { officeConverterFrom, officePreviewer, officePreviewLimitsOf },
    { logSmsSender },
    { logMailSender, smtpMailSender },
    { vapidKeysOf, webPushSender },
    { knownPushServices },
  ] = await Promise.all([
    import('close-with-grace'),
    import('fastify'),
    import('./app.ts'),
    import('./features/index.ts'),
    import('./lib/job-queue.ts'),
    import('./lib/configured-storage.ts'),
    import('./lib/office-preview.ts'),
    import('./lib/sms.ts'),
    import('./lib/mail.ts'),
    import('./lib/push.ts'),
    import('./lib/push-services.ts'),
  ]);
  const log = Fastify({ logger: loggerOptions(config.LOG_LEVEL) }).log;
  const offset = config.CLOCK_OFFSET_MS;
  const now = offset === 0 ? () => new Date() : () => new Date(Date.now() + offset);
  // The API processes migrate the database (the job queue's schema with it); the worker only checks pg-boss's.
  const database = await openPostgres(url, { poolSize: config.DATABASE_POOL_SIZE });
  const jobs = openJobQueue(database, { kinds: jobKinds, log, works: true, stopTimeoutMs });
  // The files the API processes store (STORAGE): office files converted by LibreOffice in the document sandbox, and
  // receipts drawn.
  const limits = officePreviewLimitsOf(config);
  const storage = openConfiguredStorage(config);
  const officePreviews = officePreviewer(database.db, storage, officeConverterFrom({ officePreviews: limits }, log), {
    atOnce: limits.atOnce,
    now,
    log,
  });
  // The development sender, as npm start's: texts go to the log (a gateway plugs in at lib/sms.ts).
  // Alerts by email over SMTP_URL (without one, to the log as texts are), and by Web Push with the VAPID keys the API
  // processes offer browsers (configured, or the pair kept in the database).
  const mail = config.SMTP_URL ? smtpMailSender(config.SMTP_URL, config.MAIL_FROM) : logMailSender(log);
  const push = webPushSender(await vapidKeysOf(config, database.db));
  jobs.work({
    db: database.db,
    now,
    log,
    jobs,
    officePreviews,
    storage,
    sms: logSmsSender(log),
    mail,
    push,
    pushServices: knownPushServices,
  });
  await jobs.start();
  log.info({ jobs: jobKinds.map((kind) => kind.name) }, 'worker started');

  // The queue's depth now and once a minute: what an operator reads to see whether the workers keep up.
  const depthLine = () =>
    jobs.depth().then(
      (depth) => log.info({ ...depth }, `job queue: ${describeDepth(depth)}`),
      (error: unknown) => log.warn({ err: error }, 'could not read the job queue'),
    );
  void depthLine();
  const logDepth = setInterval(depthLine, depthLogEveryMs);

  // SIGTERM/SIGINT: take no more jobs, let running ones finish, then close the database and exit 0.
  closeWithGrace({ delay: stopTimeoutMs + 10_000 }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'stopping after an error');
    else log.info({ signal }, 'stopping: running jobs finish first');
    clearInterval(logDepth);
    await jobs.stop();
    await database.close();
    log.info('worker stopped');
  });
}

async function main() {
  const config = loadConfig(process.env);
  if (process.argv.includes('--health')) process.exit(await health(config));
  await work(config);
}

main().catch((error: unknown) => {
  const expected = [ConfigError, DatabaseUnavailableError, WorkerConfigError].some((type) => error instanceof type);
  const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
  process.stderr.write(`${expected ? '' : 'Worker failed: '}${message}\n`);
  process.exit(1);
});
