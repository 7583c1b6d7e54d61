import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { accountsAlerted, createAbsence } from '../../../../test/factories/alerts.ts';
import { createInstitute } from '../../../../test/factories/institutes.ts';
import { createTestApp } from '../../../../test/helpers.ts';
import { waitForJobs } from '../../../../test/jobs.ts';
import { paymentsKind } from './fees.ts';
import { attendanceKind } from './timetable.ts';

/** What the admin API enqueues once a batch of a kind that changed rows has committed (kind.ts afterCommit). */
describe('work after a batch commits', () => {
  const apps: Awaited<ReturnType<typeof createTestApp>>[] = [];
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  async function schoolWithAnAbsence() {
    const app = await createTestApp();
    apps.push(app);
    const school = await createInstitute(app.db);
    const { accounts } = await createAbsence(app.db, school);
    return { app, school, heard: () => accountsAlerted(app.db, school), accounts };
  }

  it('an attendance batch’s commit enqueues its institute’s absence alerts, which a worker produces', async () => {
    const { app, school, heard, accounts } = await schoolWithAnAbsence();
    expect(await heard()).toEqual([]);
    // What the admin API does once an attendance batch that changed rows has committed.
    await attendanceKind.afterCommit!(app.jobs, school.id);
    await waitForJobs(app.jobs);
    expect(await heard()).toEqual(accounts);
  });

  it('payments enqueue the drawing of their receipts', async () => {
    const { app, school } = await schoolWithAnAbsence();
    await paymentsKind.afterCommit!(app.jobs, school.id);
    await waitForJobs(app.jobs);
    const ran = await app.db.execute(
      sql`select state from pgboss.job where name = 'receipt-render' and singleton_key = ${String(school.id)}`,
    );
    expect((ran as unknown as { rows: { state: string }[] }).rows).toEqual([{ state: 'completed' }]);
  });
});
