import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase, createTestStorage, fixedNow } from '../../test/helpers.ts';
import type { Database } from './client.ts';
import { migrationsFolder, runMigrations } from './migrate.ts';
import { findAreaSeeds } from './seed/area-seeds.ts';
import { seedDemo } from './seed/demo.ts';

/** The tables whose key migration 0032 puts institute_id in front of, and the key each ends with. */
const keys = [
  ['sessions', 'sessions_institute_id_token_hash_index'],
  ['sso_tokens', 'sso_tokens_institute_id_token_hash_index'],
  ['exam_attempts', 'exam_attempts_institute_id_credential_hash_index'],
  ['calendar_feeds', 'calendar_feeds_institute_id_secret_hash_index'],
  ['exam_launch_tokens', 'exam_launch_tokens_institute_id_token_hash_pk'],
  ['fee_receipts', 'fee_receipts_institute_id_verification_code_index'],
  ['admin_files', 'admin_files_institute_id_file_key_index'],
] as const;

/** The migrations folder as it was before 0032: its files and a journal that ends at 0028. */
function foldersBefore0032() {
  const folder = mkdtempSync(join(tmpdir(), 'portal-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  rmSync(join(folder, '0032_tenant_keys.sql'));
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx < 32);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

const count = async (database: Database, table: string) => {
  const result = (await database.db.execute(sql.raw(`select count(*)::int as n from "${table}"`))) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]!.n;
};

// Migration 0032 (issue 30) swaps the global keys of secrets and storage keys for (institute_id, …) ones. Under the
// old key no two rows could share a value, so the new key holds on a database already in use.
describe('migration 0032 on a database holding rows under the old keys', () => {
  let database: Database;
  let before: string;
  beforeAll(async () => {
    before = foldersBefore0032();
    database = await createEmptyDatabase();
    await runMigrations(database, before);
    // Every area but those whose tables came after 0032 (alerts reads alert_settings, of 0034).
    const areas = (await findAreaSeeds()).map((seed) => seed.name).filter((name) => name !== 'alerts');
    await seedDemo(database.db, fixedNow, createTestStorage(), { areas });
  });
  afterAll(async () => {
    await database.close();
    rmSync(before, { recursive: true, force: true });
  });

  it('keeps every row and ends with the keys that start with institute_id', async () => {
    // Rows of each table the demo does not hold, made from rows it does (the same values stay unique).
    await database.db.execute(sql`
      insert into sessions (institute_id, login_id, scope, token_hash, account_user_id, user_id, user_type, device_id,
        academic_year_ids, expires_at)
      select institute_id, 'migration-0032', 'main', 'hash-' || id, id, id, user_type, 'device', '{}', now()
      from users`);
    await database.db.execute(sql`
      insert into sso_tokens (institute_id, kind, token_hash, user_id, expires_at)
      select institute_id, 'link', 'hash-' || id, id, now() from users`);
    await database.db.execute(sql`
      insert into exam_launch_tokens (token_hash, institute_id, test_id, user_id, expires_at)
      select 'hash-' || institute_id || '-' || id, institute_id, id, (select min(id) from users u
        where u.institute_id = t.institute_id), now() from exam_tests t`);
    await database.db.execute(sql`
      insert into calendar_feeds (institute_id, account_user_id, student_id, secret_hash, created_at)
      select institute_id, user_id, id, 'hash-' || institute_id || '-' || id, now() from students
      where user_id is not null`);
    await database.db.execute(sql`
      insert into admin_files (institute_id, external_id, file_key, file_name, size_bytes, sha256, created_at,
        updated_at)
      select id, 'migration-0032', 'admin/' || id || '/file', 'file.pdf', 1, 'sha', now(), now() from institutes`);
    const counts = new Map<string, number>();
    for (const [table] of keys) {
      counts.set(table, await count(database, table));
      expect(counts.get(table), table).toBeGreaterThan(0);
    }

    await runMigrations(database);

    for (const [table] of keys) expect(await count(database, table), table).toBe(counts.get(table));
    const found = (await database.db.execute(sql`
      select t.relname as "table", i.relname as "key",
        (select a.attname from pg_attribute a where a.attrelid = t.oid and a.attnum = x.indkey[0]) as "first"
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      where t.relnamespace = 'public'::regnamespace and (x.indisunique or x.indisprimary)
        and t.relname in (${sql.join(
          keys.map(([table]) => sql`${table}`),
          sql`, `,
        )})`)) as unknown as { rows: { table: string; key: string; first: string }[] };
    for (const [table, key] of keys) {
      expect(found.rows.find((row) => row.key === key)).toEqual({ table, key, first: 'institute_id' });
    }
    // The old global keys are gone.
    expect(found.rows.filter((row) => row.first !== 'institute_id')).toEqual([]);
  });
});
