import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountsAlerted, createAbsence, heardOfKind } from '../../../../test/factories/alerts.ts';
import { createAnnouncement } from '../../../../test/factories/home.ts';
import { createInstitute } from '../../../../test/factories/institutes.ts';
import { closedAfterEach, createTestApp } from '../../../../test/helpers.ts';
import { waitForJobs } from '../../../../test/jobs.ts';
import { testsKind } from './exam.ts';
import { feeStructuresKind, paymentsKind, studentFeesKind } from './fees.ts';
import { announcementsKind, assignmentsKind } from './notices.ts';
import { offlineResultsKind } from './report.ts';
import { attendanceKind, classSessionsKind } from './timetable.ts';

/** What the admin API enqueues once a batch of a kind that changed rows has committed (kind.ts afterCommit). */
describe('work after a batch commits', () => {
  const apps = closedAfterEach<Awaited<ReturnType<typeof createTestApp>>>();

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

  it('a batch of the kinds alerts are made of enqueues its institute’s alerts of every kind', async () => {
    const { app, school, accounts } = await schoolWithAnAbsence();
    const notice = await createAnnouncement(app.db, school);
    await announcementsKind.afterCommit!(app.jobs, school.id);
    await waitForJobs(app.jobs);
    expect(await heardOfKind(app.db, school, 'notice')).toEqual(
      accounts.map((userId) => [userId, expect.any(Number), String(notice)]),
    );
    // The others enqueue the same job (fees, assignments, tests, offline results, class sessions).
    const kinds = [
      feeStructuresKind,
      studentFeesKind,
      assignmentsKind,
      testsKind,
      offlineResultsKind,
      classSessionsKind,
    ];
    for (const kind of kinds) await kind.afterCommit!(app.jobs, school.id);
    await waitForJobs(app.jobs);
    const ran = await app.db.execute(
      sql`select distinct state from pgboss.job where name = 'alerts-produce' and singleton_key = ${String(school.id)}`,
    );
    expect((ran as unknown as { rows: { state: string }[] }).rows).toEqual([{ state: 'completed' }]);
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
