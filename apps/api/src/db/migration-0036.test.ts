import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAbsence } from '../../test/factories/alerts.ts';
import { createInstitute } from '../../test/factories/institutes.ts';
import { createEmptyDatabase, fixedNow } from '../../test/helpers.ts';
import { planAlertBatch } from '../features/alerts/delivery.repository.ts';
import type { Database } from './client.ts';
import { migrationsFolder, runMigrations } from './migrate.ts';
import { alertDeliveries } from './schema/alert-deliveries.ts';
import { alerts } from './schema/alerts.ts';

const tag = '0036_alert_deliveries';

/** The migrations folder as it was before 0036: its files and a journal without it. */
function folderBefore0036() {
  const folder = mkdtempSync(join(tmpdir(), 'portal-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  rmSync(join(folder, `${tag}.sql`));
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((entry) => entry.tag !== tag);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

// Migration 0036 (issue 31) adds the deliveries of alerts by SMS, email and push. Alerts produced before it were only
// ever meant for the bell: none of them is sent late on the new channels.
describe('migration 0036 on a database holding alerts', () => {
  let database: Database;
  let before: string;
  beforeAll(async () => {
    before = folderBefore0036();
    database = await createEmptyDatabase();
    await runMigrations(database, before);
  });
  afterAll(async () => {
    await database.close();
    rmSync(before, { recursive: true, force: true });
  });

  it('marks the alerts already there planned, so the worker sends none of them', async () => {
    const school = await createInstitute(database.db);
    const { student, parent } = await createAbsence(database.db, school);
    // Written as the schema before 0036 had it (no planned_at).
    await database.db.execute(sql`
      insert into alerts (institute_id, user_id, student_id, kind, event_key, data, created_at)
      values (${school.id}, ${parent.userId}, ${student.studentId}, 'absence', '2026-11-21', '{}'::jsonb,
        ${fixedNow.toISOString()}::timestamptz)
    `);
    await runMigrations(database, migrationsFolder);
    const [alert] = await database.db.select().from(alerts).where(eq(alerts.instituteId, school.id));
    expect(alert!.plannedAt).toEqual(fixedNow);
    expect(await planAlertBatch(database.db, fixedNow)).toBe(0);
    expect(await database.db.select().from(alertDeliveries)).toEqual([]);
  });
});
