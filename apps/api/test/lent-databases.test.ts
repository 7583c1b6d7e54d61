import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { institutes } from '../src/db/schema/institutes.ts';
import { createInstitute } from './factories/institutes.ts';
import { createDatabaseFrom, dropDatabase, migratedPgliteDump, onPostgres } from './helpers.ts';
import { pgliteLender, postgresLender } from './lent-databases.ts';
import { databaseUrl, lentDatabasePrefix, templatePart, type ApiTemplate } from './template.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The lender of this pass's driver, over this run's migrated template, counting the databases it makes. */
async function countingLender() {
  let made = 0;
  if (!onPostgres) {
    const lender = pgliteLender(async () => {
      made += 1;
      return (await migratedPgliteDump())!;
    });
    return { lend: () => lender.lend(), made: () => made };
  }
  const template = inject('apiTemplate') as ApiTemplate;
  await templatePart(template, 'migrated');
  const lender = postgresLender({
    prefix: () => lentDatabasePrefix(template),
    create: (name) => {
      made += 1;
      return createDatabaseFrom(name, template.postgresMigratedTemplate);
    },
    urlOf: databaseUrl,
    drop: dropDatabase,
  });
  return { lend: () => lender.lend(), made: () => made };
}

const nameOf = async (database: Database) =>
  rowsOf<{ name: string }>(await database.db.execute(sql`select current_database() as name`))[0]!.name;

const databaseExists = async (database: Database, name: string) =>
  rowsOf(await database.db.execute(sql`select 1 from pg_database where datname = ${name}`)).length === 1;

/** What a query through a closed handle fails with: drizzle's error, whose cause is the driver's. */
const closedError = onPostgres ? 'Cannot use a pool after calling end on the pool' : 'PGlite is closed';

describe(`migrated databases lent one test after another (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('makes one database for tests that follow each other, and each starts as a new one would', async () => {
    const lender = await countingLender();
    const first = await lender.lend();
    const school = await createInstitute(first.db, { host: 'first.test' });
    expect(school.id).toBe(1);
    await first.db.execute(sql`select set_config('TimeZone', 'Asia/Kolkata', false)`);
    await first.db.execute(sql`prepare left_behind as select 1`);
    await first.close();

    const second = await lender.lend();
    expect(lender.made()).toBe(1);
    expect(await second.db.select().from(institutes)).toEqual([]);
    // Identities start from 1 again, and the first test's session settings and statements are gone.
    expect((await createInstitute(second.db, { host: 'second.test' })).id).toBe(1);
    expect(rowsOf<{ TimeZone: string }>(await second.db.execute(sql`show timezone`))[0]).not.toEqual({
      TimeZone: 'Asia/Kolkata',
    });
    expect(rowsOf(await second.db.execute(sql`select name from pg_prepared_statements`))).toEqual([]);
    await second.close();
  });

  it('answers a closed handle as closed, and nothing sent through it reaches the next test', async () => {
    const lender = await countingLender();
    const first = await lender.lend();
    await first.close();
    const second = await lender.lend();
    expect(lender.made()).toBe(1);
    await expect(
      first.db
        .insert(institutes)
        .values({ name: 'Late', isSchool: true, classesMode: 'ONLINE', examMode: 'ONLINE', materialMode: 'NONE' }),
    ).rejects.toMatchObject({ cause: new Error(closedError) });
    expect(await second.db.select().from(institutes)).toEqual([]);
    // A second close of the same handle gives nothing back twice.
    await first.close();
    const third = await lender.lend();
    expect(lender.made()).toBe(2);
    await Promise.all([second.close(), third.close()]);
  });

  it('keeps two given-back databases at most (each PGlite holds its memory while kept)', async () => {
    const lender = await countingLender();
    const held = await Promise.all([lender.lend(), lender.lend(), lender.lend()]);
    await Promise.all(held.map((database) => database.close()));
    const again = await Promise.all([lender.lend(), lender.lend(), lender.lend()]);
    expect(lender.made()).toBe(4);
    await Promise.all(again.map((database) => database.close()));
  });

  it('lends a database whose schema a test changed to nobody again', async () => {
    const lender = await countingLender();
    const first = await lender.lend();
    const changed = await nameOf(first);
    await first.db.execute(sql`alter table institutes add column left_behind integer`);
    await first.close();
    const second = await lender.lend();
    expect(lender.made()).toBe(2);
    const columns = rowsOf(
      await second.db.execute(
        sql`select column_name from information_schema.columns
            where table_name = 'institutes' and column_name = 'left_behind'`,
      ),
    );
    expect(columns).toEqual([]);
    if (onPostgres) expect(await databaseExists(second, changed)).toBe(false);
    await second.close();
  });

  it.runIf(onPostgres)('drops a database a connection outside the test’s pool still holds', async () => {
    const lender = await countingLender();
    const first = await lender.lend();
    const held = await nameOf(first);
    // A process the test started on its database, still connected when the test closes its own pool.
    const outside = new pg.Client({ connectionString: databaseUrl(held) });
    outside.on('error', () => undefined);
    await outside.connect();
    await first.close();
    const second = await lender.lend();
    expect(lender.made()).toBe(2);
    expect(await databaseExists(second, held)).toBe(false);
    await expect(outside.query('select 1')).rejects.toThrow();
    await outside.end().catch(() => undefined);
    await second.close();
  });
});
