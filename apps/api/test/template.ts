// The demo seeded once per vitest run (test/global-setup.ts) and copied into each test file's database: migrating
// and seeding from scratch took seconds per file. This module is imported by the global setup (main process) and
// by helpers.ts (workers), so it holds no app code.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { localDiskStorage } from '../src/lib/storage.ts';

/** The fixed clock of the API tests: Saturday 21 November 2026, 12:00 in Kolkata. */
export const fixedNow = new Date('2026-11-21T06:30:00Z');

/** Where this run's seeded template lives; handed from the global setup to the test files by `provide`. */
export interface ApiTemplate {
  /** The `now` the demo was seeded at (ISO): only a test asking for that clock gets a copy. */
  seededAt: string;
  /** The files the seed wrote; copied into each test's own storage folder, never written to. */
  storageRoot: string;
  /** PGlite: the seeded data directory as a tarball (`loadDataDir`). */
  pgliteDump?: string;
  /** PostgreSQL: the seeded database, cloned with `CREATE DATABASE … TEMPLATE`. */
  postgresTemplate?: string;
  /** PGlite: the migrated data directory with no rows, as a tarball (skips initdb and the migrations per file). */
  pgliteMigratedDump?: string;
  /** PostgreSQL: the migrated database with no rows, cloned like the seeded one. */
  postgresMigratedTemplate?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiTemplate: ApiTemplate;
  }
}

/** TEST_DATABASE_URL, which the PostgreSQL pass needs to create databases from. */
export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('API_TEST_TARGET=postgres needs TEST_DATABASE_URL');
  return url;
}

/** `url` with its database name replaced by `name`. */
export function databaseUrl(name: string): string {
  const target = new URL(adminUrl());
  target.pathname = `/${name}`;
  return target.toString();
}

/** Runs one statement on the admin database (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function adminQuery(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Migrates once (kept as the migrated template) and seeds the demo at `fixedNow` on top (the seeded template);
 * answers where they are and how to remove them after the run.
 */
export async function createTemplate(
  target: 'pglite' | 'postgres',
): Promise<{ template: ApiTemplate; remove: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-template-'));
  const storageRoot = join(dir, 'files');
  const storage = localDiskStorage(storageRoot);
  const template: ApiTemplate = { seededAt: fixedNow.toISOString(), storageRoot };
  if (target === 'pglite') {
    const database = await openPglite();
    try {
      await runMigrations(database);
      template.pgliteMigratedDump = join(dir, 'pglite-migrated.tar');
      writeFileSync(template.pgliteMigratedDump, Buffer.from(await (await database.dumpDataDir()).arrayBuffer()));
      await seedDemo(database.db, fixedNow, storage);
      template.pgliteDump = join(dir, 'pglite.tar');
      writeFileSync(template.pgliteDump, Buffer.from(await (await database.dumpDataDir()).arrayBuffer()));
    } finally {
      await database.close();
    }
    return { template, remove: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `portal_tpl_${randomBytes(6).toString('hex')}`;
  const migratedName = `${name}_m`;
  const remove = async () => {
    await adminQuery(`drop database if exists ${name} with (force)`);
    await adminQuery(`drop database if exists ${migratedName} with (force)`);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // Closed before any clone: PostgreSQL refuses to copy a database someone is connected to.
    await adminQuery(`create database ${migratedName}`);
    const migrated = await openPostgres(databaseUrl(migratedName), { poolSize: 2 });
    try {
      await runMigrations(migrated);
    } finally {
      await migrated.close();
    }
    await adminQuery(`create database ${name} template ${migratedName}`);
    const database = await openPostgres(databaseUrl(name), { poolSize: 2 });
    try {
      await seedDemo(database.db, fixedNow, storage);
    } finally {
      await database.close();
    }
  } catch (error) {
    await remove();
    throw error;
  }
  template.postgresTemplate = name;
  template.postgresMigratedTemplate = migratedName;
  return { template, remove };
}
