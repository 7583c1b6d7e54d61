import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { institutes } from '../src/db/schema/institutes.ts';
import { createInstitute } from './factories/institutes.ts';
import { migratedPgliteDump } from './helpers.ts';
import { pgliteLender } from './lent-pglite.ts';

/** A lender over this run's migrated tarball that counts the databases it opens. */
function countingLender() {
  let opened = 0;
  const lender = pgliteLender(async () => {
    opened += 1;
    return (await migratedPgliteDump())!;
  });
  return { lend: () => lender.lend(), opened: () => opened };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('migrated PGlite databases lent one test after another', () => {
  it('opens one database for tests that follow each other, and each starts as a fresh one would', async () => {
    const lender = countingLender();
    const first = await lender.lend();
    const school = await createInstitute(first.db, { host: 'first.test' });
    expect(school.id).toBe(1);
    await first.db.execute(sql`select set_config('TimeZone', 'Asia/Kolkata', false)`);
    await first.db.execute(sql`prepare left_behind as select 1`);
    await first.close();

    const second = await lender.lend();
    expect(lender.opened()).toBe(1);
    expect(await second.db.select().from(institutes)).toEqual([]);
    // Identities start from 1 again, and the first test's session settings and statements are gone.
    expect((await createInstitute(second.db, { host: 'second.test' })).id).toBe(1);
    expect(rowsOf<{ TimeZone: string }>(await second.db.execute(sql`show timezone`))[0]).not.toEqual({
      TimeZone: 'Asia/Kolkata',
    });
    expect(rowsOf(await second.db.execute(sql`select name from pg_prepared_statements`))).toEqual([]);
    await second.close();
  });

  it('answers a closed handle as a closed PGlite, and nothing sent through it reaches the next test', async () => {
    const lender = countingLender();
    const first = await lender.lend();
    await first.close();
    const second = await lender.lend();
    expect(lender.opened()).toBe(1);
    // drizzle names the query, with PGlite's own error as the cause.
    await expect(
      first.db
        .insert(institutes)
        .values({ name: 'Late', isSchool: true, classesMode: 'ONLINE', examMode: 'ONLINE', materialMode: 'NONE' }),
    ).rejects.toMatchObject({
      cause: new Error('PGlite is closed'),
    });
    await expect(first.ping()).rejects.toMatchObject({ cause: new Error('PGlite is closed') });
    expect(await second.db.select().from(institutes)).toEqual([]);
    // A second close of the same handle gives nothing back twice.
    await first.close();
    const third = await lender.lend();
    expect(lender.opened()).toBe(2);
    await Promise.all([second.close(), third.close()]);
  });

  it('lends a database whose schema a test changed to nobody again', async () => {
    const lender = countingLender();
    const first = await lender.lend();
    await first.db.execute(sql`alter table institutes add column left_behind integer`);
    await first.close();
    const second = await lender.lend();
    expect(lender.opened()).toBe(2);
    const columns = rowsOf(
      await second.db.execute(
        sql`select column_name from information_schema.columns
            where table_name = 'institutes' and column_name = 'left_behind'`,
      ),
    );
    expect(columns).toEqual([]);
    await second.close();
  });
});
