// The demo seeded once per vitest run (test/global-setup.ts) and copied into each test file's database: migrating
// and seeding from scratch took seconds per file. This module is imported by the global setup (main process) and
// by helpers.ts (workers), so it holds no app code.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { installJobQueue } from '../src/lib/job-queue.ts';
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
  /**
   * The folder where each part announces itself once whole (`<part>.ready`), or the set-up its failure (`failed`):
   * the global setup builds the template while the run's first files go (see `templatePart`).
   */
  readyDir: string;
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

/** Drops the database `name`, ending whatever connections it still has. */
export const dropDatabase = (name: string) => adminQuery(`drop database if exists ${name} with (force)`);

/** The name every database lent from this run's migrated template starts with. */
export const lentDatabasePrefix = (template: ApiTemplate) => `${template.postgresMigratedTemplate}_l_`;

/** The databases whose names start with `prefix`. */
const databasesNamed = async (prefix: string) =>
  (
    await adminQuery<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [prefix])
  ).map((row) => row.datname);

/**
 * Runs one statement on the admin database (CREATE/DROP DATABASE cannot run in a pool's transaction); answers its
 * rows.
 */
export async function adminQuery<Row extends pg.QueryResultRow = never>(
  statement: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    return (await admin.query<Row>(statement, values)).rows;
  } finally {
    await admin.end();
  }
}

/** The parts of a template, each announced when whole: the migrated database first, then the seeded one. */
export type TemplatePart = 'migrated' | 'seeded';

const partTimeoutMs = 300_000;

/**
 * Waits until the template's `part` is whole (test/global-setup.ts builds it in the background, so the files that
 * need no database, and those that need only the migrated one, start before the demo is seeded); throws the
 * set-up's own error when it failed. Polls the marker file: the set-up runs in vitest's main process, the waiting
 * files in its workers.
 */
export async function templatePart(template: ApiTemplate, part: TemplatePart): Promise<void> {
  const ready = join(template.readyDir, `${part}.ready`);
  const failed = join(template.readyDir, 'failed');
  const started = Date.now();
  for (let waitMs = 5; !existsSync(ready); waitMs = Math.min(waitMs * 2, 100)) {
    if (existsSync(failed)) throw new Error(`the run's template failed: ${readFileSync(failed, 'utf8')}`);
    if (Date.now() - started > partTimeoutMs) throw new Error(`the run's ${part} template was not ready in 5 minutes`);
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}

/**
 * Starts building the run's template and answers at once where its parts will be: migrates once (kept as the
 * migrated template), then seeds the demo at `fixedNow` on top (the seeded template), announcing each part as it
 * is whole (`templatePart`). `remove` waits for the build and removes what it made.
 */
export function createTemplate(target: 'pglite' | 'postgres'): {
  template: ApiTemplate;
  built: Promise<void>;
  remove: () => Promise<void>;
} {
  const dir = mkdtempSync(join(tmpdir(), 'portal-template-'));
  const storageRoot = join(dir, 'files');
  const template: ApiTemplate = { seededAt: fixedNow.toISOString(), storageRoot, readyDir: dir };
  const announce = (part: TemplatePart) => writeFileSync(join(dir, `${part}.ready`), '');
  const name = `portal_tpl_${randomBytes(6).toString('hex')}`;
  const migratedName = `${name}_m`;
  if (target === 'pglite') {
    template.pgliteMigratedDump = join(dir, 'pglite-migrated.tar');
    template.pgliteDump = join(dir, 'pglite.tar');
  } else {
    template.postgresTemplate = name;
    template.postgresMigratedTemplate = migratedName;
  }
  const build = target === 'pglite' ? buildPglite : buildPostgres;
  const built = build(template, name, migratedName, announce).catch((error: unknown) => {
    writeFileSync(join(dir, 'failed'), error instanceof Error ? (error.stack ?? error.message) : String(error));
    throw error;
  });
  // Its failure reaches every file that waits for a part; the run's end awaits it again in `remove`.
  built.catch(() => undefined);
  const remove = async () => {
    await built.catch(() => undefined);
    if (target === 'postgres') {
      // The databases the workers lent their tests (test/lent-databases.ts), then the templates.
      for (const lent of await databasesNamed(lentDatabasePrefix(template))) await dropDatabase(lent);
      await dropDatabase(name);
      await dropDatabase(migratedName);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return { template, built, remove };
}

/** Writes `bytes` under `path` whole: a file that waits for it never reads half of it. */
function writeWhole(path: string, bytes: Buffer) {
  writeFileSync(`${path}.part`, bytes);
  renameSync(`${path}.part`, path);
}

async function buildPglite(
  template: ApiTemplate,
  _name: string,
  _migratedName: string,
  announce: (part: TemplatePart) => void,
) {
  const storage = localDiskStorage(template.storageRoot);
  const database = await openPglite();
  try {
    await runMigrations(database);
    // The job queue's schema too: a test app's queue then starts at once.
    await installJobQueue(database);
    writeWhole(template.pgliteMigratedDump!, Buffer.from(await (await database.dumpDataDir()).arrayBuffer()));
    announce('migrated');
    await seedDemo(database.db, fixedNow, storage);
    writeWhole(template.pgliteDump!, Buffer.from(await (await database.dumpDataDir()).arrayBuffer()));
    announce('seeded');
  } finally {
    await database.close();
  }
}

async function buildPostgres(
  template: ApiTemplate,
  name: string,
  migratedName: string,
  announce: (part: TemplatePart) => void,
) {
  const storage = localDiskStorage(template.storageRoot);
  // Closed before any clone: PostgreSQL refuses to copy a database someone is connected to.
  await adminQuery(`create database ${migratedName}`);
  const migrated = await openPostgres(databaseUrl(migratedName), { poolSize: 2 });
  try {
    await runMigrations(migrated);
    await installJobQueue(migrated);
  } finally {
    await migrated.close();
  }
  await adminQuery(`create database ${name} template ${migratedName}`);
  announce('migrated');
  const database = await openPostgres(databaseUrl(name), { poolSize: 2 });
  try {
    await seedDemo(database.db, fixedNow, storage);
  } finally {
    await database.close();
  }
  announce('seeded');
}
