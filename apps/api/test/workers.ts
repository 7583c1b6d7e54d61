import { sql } from 'drizzle-orm';
import { openPostgres, type Database } from '../src/db/client.ts';
import { openJobQueue, type JobContext, type JobKind, type JobQueue } from '../src/lib/job-queue.ts';
import { databaseUrl } from './template.ts';

export const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The name of the PostgreSQL database `database` is connected to. */
export async function databaseNameOf(database: Database): Promise<string> {
  const current = await database.db.execute(sql`select current_database() as name`);
  return (current as unknown as { rows: { name: string }[] }).rows[0]!.name;
}

/**
 * `count` workers on the PostgreSQL database of `database`, each a queue on a pool of its own (as so many
 * `npm run worker` processes), started at the same moment. `extra` adds to a worker's handler context.
 */
export async function openWorkers(
  database: Database,
  {
    count = 2,
    kinds,
    extra = () => ({}),
  }: { count?: number; kinds: JobKind[]; extra?: (pool: Database, index: number) => Partial<JobContext> },
) {
  const name = await databaseNameOf(database);
  const pools: Database[] = [];
  const workers: JobQueue[] = [];
  for (let index = 0; index < count; index += 1) {
    const pool = await openPostgres(databaseUrl(name), { poolSize: 4 });
    pools.push(pool);
    const jobs = openJobQueue(pool, { kinds, log: silentLog, works: true, stopTimeoutMs: 5000 });
    jobs.work({ db: pool.db, now: () => new Date(), log: silentLog, jobs, ...extra(pool, index) });
    workers.push(jobs);
  }
  await Promise.all(workers.map((jobs) => jobs.start()));
  return {
    workers,
    pools,
    async stop() {
      for (const jobs of workers) await jobs.stop();
      for (const pool of pools) await pool.close();
    },
  };
}
