import { resolve } from 'node:path';
import type { Config } from '../config.ts';
import type { Storage } from '../lib/storage.ts';
import { openPglite, openPostgres, type Database } from './client.ts';
import { lockDataDir } from './lock.ts';
import { runMigrations } from './migrate.ts';
import { hasDemoInstitutes, isEmpty } from './seed/demo-presence.ts';

/** Raised when a PostgreSQL database holds the demo institutes and SEED_DEMO does not allow them. */
export class DemoOnPostgresError extends Error {
  override name = 'DemoOnPostgresError';
}

/**
 * Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR under a lock),
 * migrates it and seeds the demo on an empty one.
 */
export async function openConfiguredDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'SEED_DEMO'> & Partial<Pick<Config, 'DATABASE_POOL_SIZE'>>,
  now: () => Date,
  storage: Storage,
): Promise<Database & { seeded: boolean }> {
  let database: Database;
  if (config.DATABASE_URL) {
    database = await openPostgres(config.DATABASE_URL, { poolSize: config.DATABASE_POOL_SIZE });
  } else {
    const dataDir = resolve(config.DATA_DIR);
    const release = lockDataDir(dataDir);
    try {
      const opened = await openPglite(resolve(dataDir, 'pglite'));
      database = {
        ...opened,
        close: async () => {
          await opened.close();
          release();
        },
      };
    } catch (error) {
      release();
      throw error;
    }
  }
  try {
    await runMigrations(database);
    // The demo's passwords and SSO keys are public: on PostgreSQL (production) only when asked for.
    const isEmbedded = database.kind === 'pglite';
    if (!isEmbedded && config.SEED_DEMO !== 'true' && (await hasDemoInstitutes(database.db))) {
      throw new DemoOnPostgresError(
        'SEED_DEMO: this PostgreSQL database holds the demo institutes (public passwords and SSO keys); remove them, or set SEED_DEMO=true to allow them',
      );
    }
    const wantsDemo = config.SEED_DEMO === 'true' || (config.SEED_DEMO === 'auto' && isEmbedded);
    const seeded = wantsDemo && (await isEmpty(database.db));
    // The seed's modules (faker, every area's demo rows) load only for a seed: 0.2–0.4 s of every other start.
    if (seeded) await (await import('./seed/demo.ts')).seedDemo(database.db, now(), storage);
    return { ...database, seeded };
  } catch (error) {
    await database.close();
    throw error;
  }
}
