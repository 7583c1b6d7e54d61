// PostgreSQL only: the pool keeps its slots when a transaction's connection fails (see TransactionSafePool).
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransactionSafePool, type Database } from '../src/db/client.ts';
import { createPostgresDatabase } from './helpers.ts';

describe('a one-connection pool', () => {
  let database: Database;
  let url: string;
  beforeAll(async () => {
    database = await createPostgresDatabase();
    const rows = await database.db.execute(sql`select current_database() as name`);
    const name = (rows as unknown as { rows: { name: string }[] }).rows[0]!.name;
    url = new URL(`/${name}`, process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/').toString();
  });
  afterAll(() => database.close());

  const onePool = (queryTimeoutMs?: number) =>
    new TransactionSafePool({
      connectionString: url,
      max: 1,
      connectionTimeoutMillis: 1000,
      ...(queryTimeoutMs ? { query_timeout: queryTimeoutMs } : {}),
    });

  it('still answers after a transaction whose BEGIN failed on a dead connection', async () => {
    const pool = onePool();
    pool.on('error', () => undefined);
    const db = drizzle({ client: pool });
    // The connection dies between checkout and BEGIN, as when PostgreSQL stops under load.
    pool.once('acquire', (client: pg.PoolClient) => {
      client.on('error', () => undefined);
      (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    });
    await expect(db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    // drizzle alone never releases this client: the pool's only slot would be gone and this would time out.
    const answer = await db.execute(sql`select 2 as n`);
    expect((answer as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
    await pool.end();
  });

  it('does not hand out a connection still busy with a timed-out query', async () => {
    const pool = onePool(300);
    pool.on('error', () => undefined);
    const db = drizzle({ client: pool });
    const backendOf = (rows: unknown) => (rows as { rows: { pid: number }[] }).rows[0]!.pid;
    let busyBackend = 0;
    await expect(
      db.transaction(async (tx) => {
        busyBackend = backendOf(await tx.execute(sql`select pg_backend_pid() as pid`));
        return tx.execute(sql`select pg_sleep(2)`);
      }),
    ).rejects.toThrow();
    // Released without its error, the busy client would return to the pool and this query would queue behind
    // its pg_sleep on the same server process; dropped, the pool's one slot opens a new connection.
    const answer = await db.execute(sql`select 3 as n, pg_backend_pid() as pid`);
    expect((answer as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(3);
    expect(backendOf(answer)).not.toBe(busyBackend);
    await pool.end();
  });
});
