import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp, type AppOptions } from '../src/app.ts';
import { openPglite, openPostgres, type Database } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { localDiskStorage, type Storage } from '../src/lib/storage.ts';

/** A fresh file store in a temporary folder. */
export const createTestStorage = () => localDiskStorage(mkdtempSync(join(tmpdir(), 'portal-files-')));

/** The fixed clock of the API tests: Saturday 21 November 2026, 12:00 in Kolkata. */
export const fixedNow = new Date('2026-11-21T06:30:00Z');

/** True when this run targets PostgreSQL (the second API pass of `npm test`). */
export const onPostgres = process.env.API_TEST_TARGET === 'postgres';

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('API_TEST_TARGET=postgres needs TEST_DATABASE_URL');
  return url;
}

/** A fresh PostgreSQL database cloned from nothing; dropped again by the returned close. */
export async function createPostgresDatabase(): Promise<Database> {
  const base = new URL(adminUrl());
  const name = `portal_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(base);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), { poolSize: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: base.toString() });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** A fresh empty database of this run's kind: in-memory PGlite, or a new PostgreSQL database. */
export const createEmptyDatabase = (): Promise<Database> => (onPostgres ? createPostgresDatabase() : openPglite());

/** A fresh, migrated database holding the demo seeded at `now`. */
export async function createSeededDatabase(now = fixedNow, storage: Storage = createTestStorage()): Promise<Database> {
  const database = await createEmptyDatabase();
  await runMigrations(database);
  await seedDemo(database.db, now, storage);
  return database;
}

/** The real app on a fresh seeded database with a fixed clock; close it in afterAll. */
export async function createTestApp(overrides: Partial<AppOptions> = {}) {
  const storage = overrides.storage ?? createTestStorage();
  const database = overrides.database ?? (await createSeededDatabase(fixedNow, storage));
  const app = await buildApp({
    storage,
    config: { LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' },
    database,
    now: () => fixedNow,
    strict: true,
    ...overrides,
  });
  return app;
}
