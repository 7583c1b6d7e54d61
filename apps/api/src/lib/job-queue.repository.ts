import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

// What the job queue (lib/job-queue.ts) reads of pg-boss's own tables: its depth, for the worker's minute line and
// its health check. pg-boss creates and migrates the schema `pgboss` itself; nothing here writes to it.

/** The schema pg-boss keeps its queues and jobs in. */
export const jobQueueSchema = 'pgboss';

/** Jobs by where they stand, and how long the oldest job that could run now has waited. */
export interface QueueDepth {
  /** Due and not yet taken by a worker (new, or waiting to be tried again). */
  waiting: number;
  /** Not due yet (a delay, or the pause before a retry). */
  deferred: number;
  /** Being run by a worker. */
  running: number;
  /** Seconds since the oldest waiting job was enqueued; null when none waits. */
  oldestWaitingSeconds: number | null;
}

/** Rows of a raw statement, whichever driver ran it (pg answers `{rows}`, PGlite the rows). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/** The queue's depth now, over every queue (all none before any queue has started and installed the schema). */
export async function findQueueDepth(db: Db): Promise<QueueDepth> {
  const [schema] = rowsOf<{ installed: boolean }>(
    await db.execute(sql`select to_regclass(${`${jobQueueSchema}.job`}) is not null as installed`),
  );
  if (!schema?.installed) return { waiting: 0, deferred: 0, running: 0, oldestWaitingSeconds: null };
  const [row] = rowsOf<{ waiting: number; deferred: number; running: number; oldest: number | string | null }>(
    await db.execute(sql`select
        count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as waiting,
        count(*) filter (where state in ('created', 'retry') and start_after > now())::int as deferred,
        count(*) filter (where state = 'active')::int as running,
        extract(epoch from now() - min(created_on) filter (where state in ('created', 'retry')
          and start_after <= now()))::float8 as oldest
      from ${sql.identifier(jobQueueSchema)}.job
      where state in ('created', 'retry', 'active')`),
  );
  const oldest = row?.oldest ?? null;
  return {
    waiting: Number(row?.waiting ?? 0),
    deferred: Number(row?.deferred ?? 0),
    running: Number(row?.running ?? 0),
    oldestWaitingSeconds: oldest === null ? null : Math.round(Number(oldest)),
  };
}
