import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config.ts';
import { DatabaseUnavailableError, openPostgres } from './client.ts';
import { DataDirLockedError, lockDataDir } from './lock.ts';
import { openConfiguredDatabase } from './open.ts';
import { openConfiguredStorage } from '../lib/configured-storage.ts';

/** `npm run db:reset`: wipes the database and seeds the demo again. Refuses while a server holds DATA_DIR. */
async function reset() {
  const config = { ...loadConfig(process.env), SEED_DEMO: 'true' as const };
  if (config.DATABASE_URL) {
    const database = await openPostgres(config.DATABASE_URL, { poolSize: 1 });
    await database.db.execute(sql`drop schema if exists public cascade`);
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    // The job queue's (lib/job-queue.ts): its jobs name rows that are gone.
    await database.db.execute(sql`drop schema if exists pgboss cascade`);
    await database.db.execute(sql`create schema public`);
    await database.close();
  } else {
    const dataDir = resolve(config.DATA_DIR);
    const release = lockDataDir(dataDir);
    rmSync(resolve(dataDir, 'pglite'), { recursive: true, force: true });
    release();
  }
  // Local files go with the rows; a bucket (STORAGE=s3) keeps its objects, which no row names any more.
  rmSync(resolve(config.DATA_DIR, 'files'), { recursive: true, force: true });
  const database = await openConfiguredDatabase(config, () => new Date(), openConfiguredStorage(config));
  await database.close();
  process.stdout.write('Database reset and demo data seeded.\n');
}

reset().catch((error: unknown) => {
  const known = [ConfigError, DatabaseUnavailableError, DataDirLockedError].some((type) => error instanceof type);
  process.stderr.write(`${known ? '' : 'Reset failed: '}${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
