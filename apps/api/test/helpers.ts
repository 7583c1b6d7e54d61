import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, inject } from 'vitest';
import { buildApp, type AppOptions } from '../src/app.ts';
import { openPglite, openPostgres, type Database } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { localDiskStorage, type Storage } from '../src/lib/storage.ts';
import { pgliteLender, postgresLender } from './lent-databases.ts';
import {
  adminQuery,
  databaseUrl,
  dropDatabase,
  fixedNow,
  lentDatabasePrefix,
  templatePart,
  type ApiTemplate,
} from './template.ts';

export { dropDatabase, fixedNow };

/** A fresh file store in a temporary folder. */
export const createTestStorage = () => localDiskStorage(mkdtempSync(join(tmpdir(), 'portal-files-')));

/** True when this run targets PostgreSQL (the second API pass of `npm test`). */
export const onPostgres = process.env.API_TEST_TARGET === 'postgres';

/** A new PostgreSQL database, empty or cloned from `template`; dropped again by the returned close. */
export async function createPostgresDatabase({ template }: { template?: string } = {}): Promise<Database> {
  const name = `portal_t_${randomBytes(6).toString('hex')}`;
  await createDatabaseFrom(name, template);
  const database = await openPostgres(databaseUrl(name), { poolSize: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await dropDatabase(name);
    },
  };
}

/** Creates the database `name`, empty or a copy of `template`. */
export async function createDatabaseFrom(name: string, template: string | undefined): Promise<void> {
  if (!template) {
    await adminQuery(`create database ${name}`);
    return;
  }
  // Files cloning at the same moment can trip over each other ("source database is being accessed by other
  // users"): wait and try again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await adminQuery(`create database ${name} template ${template}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt === 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** A fresh empty database of this run's kind: in-memory PGlite, or a new PostgreSQL database. */
export const createEmptyDatabase = (): Promise<Database> => (onPostgres ? createPostgresDatabase() : openPglite());

/** This run's template, when the run has one (the api projects' global setup). */
const runTemplate = () => inject('apiTemplate') as ApiTemplate | undefined;

/**
 * A data-directory tarball for `openPglite`, read from disk once per worker. PGlite reads it with
 * `blob.arrayBuffer()`, which for a Blob of 44-68 MB built from a Buffer streams it in chunks and joins them: a
 * third of a file's database open. This Blob answers a fresh copy of the bytes instead (PGlite never shares them
 * with the next file).
 */
class TarballBlob extends Blob {
  readonly #tarball: Uint8Array;
  constructor(tarball: Uint8Array) {
    super([], { type: 'application/x-tar' });
    this.#tarball = tarball;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(new Uint8Array(this.#tarball).buffer);
  }
}
const tarballs = new Map<string, Uint8Array>();
function tarball(path: string): Blob {
  let bytes = tarballs.get(path);
  if (!bytes) tarballs.set(path, (bytes = readFileSync(path)));
  return new TarballBlob(bytes);
}

/**
 * This run's migrated PGlite data directory (no rows) as a tarball for `openPglite`'s `loadDataDir`, when the run
 * has one: starting from it skips initdb and the migrations, most of a file's set-up time.
 */
export async function migratedPgliteDump(): Promise<Blob | undefined> {
  const template = runTemplate();
  if (!template?.pgliteMigratedDump) return undefined;
  await templatePart(template, 'migrated');
  return tarball(template.pgliteMigratedDump);
}

/** This worker's migrated databases, emptied and lent again (test/lent-databases.ts). */
const migratedPglite = pgliteLender(async () => (await migratedPgliteDump())!);
const migratedPostgres = postgresLender({
  prefix: () => lentDatabasePrefix(runTemplate()!),
  create: (name) => createDatabaseFrom(name, runTemplate()!.postgresMigratedTemplate),
  urlOf: databaseUrl,
  drop: dropDatabase,
});

/**
 * A migrated database with no rows, as new (lent: another test's, emptied): for tests that build what they need
 * with test/factories/.
 */
export async function createMigratedDatabase(): Promise<Database> {
  const template = runTemplate();
  if (onPostgres && template?.postgresMigratedTemplate) {
    await templatePart(template, 'migrated');
    return migratedPostgres.lend();
  }
  if (!onPostgres && template?.pgliteMigratedDump) return migratedPglite.lend();
  const database = await createEmptyDatabase();
  await runMigrations(database);
  return database;
}

/** This run's seeded template (test/global-setup.ts), when the run has one and it was seeded at `now`. */
function templateFor(now: Date): ApiTemplate | undefined {
  const template = runTemplate();
  return template && template.seededAt === now.toISOString() ? template : undefined;
}

/**
 * A fresh, migrated database holding the demo seeded at `now`, with the seeded files in `storage`. At the usual
 * `fixedNow` it is a copy of the run's template (data and files); any other `now`, or a storage that is not a
 * folder on disk, is seeded from scratch. `areas`: only those areas' content (and what it builds on), seeded.
 */
export async function createSeededDatabase(
  now = fixedNow,
  storage: Storage = createTestStorage(),
  { areas }: { areas?: readonly string[] } = {},
): Promise<Database> {
  const template = areas ? undefined : templateFor(now);
  const storageRoot = (storage as Partial<{ root: string }>).root;
  if (template && storageRoot) {
    await templatePart(template, 'seeded');
    if (existsSync(template.storageRoot)) cpSync(template.storageRoot, storageRoot, { recursive: true });
    if (template.postgresTemplate && onPostgres) return createPostgresDatabase({ template: template.postgresTemplate });
    if (template.pgliteDump && !onPostgres) return openPglite(undefined, tarball(template.pgliteDump));
  }
  const database = await createMigratedDatabase();
  await seedDemo(database.db, now, storage, { areas });
  return database;
}

/** The VAPID public key test apps offer browsers (a P-256 point, base64url; never used to sign here). */
export const testPushKey = 'BNbxGYNMhEIi9zrneh7mqV4oUanjXkuZFG7V4NV3wWhUm2Sv7sufXUhvcY2aSbdTRbMlCtSAEUmTtWZB8FU3hNs';

/**
 * The real app on a fresh migrated database with no rows and a fixed clock; the test builds what it needs with
 * test/factories/ (or passes its own `database`). Close it in afterAll.
 */
/**
 * A list for the apps a file's tests make, each closed as its test ends: its database goes back to the worker's
 * lender (test/lent-databases.ts) and the next test gets it emptied, rather than another opened beside it.
 */
export function closedAfterEach<T extends { close(): Promise<unknown> }>(): T[] {
  const open: T[] = [];
  afterEach(() => Promise.all(open.splice(0).map((item) => item.close())));
  return open;
}

export async function createTestApp(overrides: Partial<AppOptions> = {}) {
  const storage = overrides.storage ?? createTestStorage();
  const database = overrides.database ?? (await createMigratedDatabase());
  return startApp({ storage, database, overrides });
}

/** The real app on a copy of the demo (seeded at `fixedNow`, with its files): for tests of the demo itself. */
export async function createDemoApp(overrides: Partial<AppOptions> = {}) {
  const storage = overrides.storage ?? createTestStorage();
  const database = overrides.database ?? (await createSeededDatabase(fixedNow, storage));
  return startApp({ storage, database, overrides });
}

async function startApp({
  storage,
  database,
  overrides,
}: {
  storage: Storage;
  database: Database;
  overrides: Partial<AppOptions>;
}) {
  return buildApp({
    storage,
    config: { LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' },
    database,
    now: () => fixedNow,
    strict: true,
    // A VAPID public key, so subscribing works (the alerts' push tests send with a key pair of their own).
    pushKey: testPushKey,
    ...overrides,
  });
}
