import { describe, expect, it } from 'vitest';
import { accountsAlerted, createAbsence, heardOfKind } from '../../../test/factories/alerts.ts';
import { createAnnouncement } from '../../../test/factories/home.ts';
import { createInstitute, createStudent } from '../../../test/factories/institutes.ts';
import { createClassSession } from '../../../test/factories/timetable.ts';
import { closedAfterEach, createTestApp } from '../../../test/helpers.ts';
import { waitForJobs } from '../../../test/jobs.ts';
import { alertsSweepJob, enqueueAlerts, liveSoonAlertsJob } from './alerts.jobs.ts';

/** The production of alerts in the background: after a batch of an institute's data commits, and every five minutes. */
describe('alerts as jobs', () => {
  const apps = closedAfterEach<Awaited<ReturnType<typeof createTestApp>>>();

  async function schoolWithAnAbsence() {
    const app = await createTestApp();
    apps.push(app);
    const school = await createInstitute(app.db);
    const { accounts } = await createAbsence(app.db, school);
    return { app, school, heard: () => accountsAlerted(app.db, school), accounts };
  }

  it('an enqueue for an institute (keyed by it) is produced by a worker', async () => {
    const { app, school, heard, accounts } = await schoolWithAnAbsence();
    expect(await heard()).toEqual([]);
    await Promise.all([1, 2].map(() => enqueueAlerts(app.jobs, school.id)));
    await waitForJobs(app.jobs);
    expect(await heard()).toEqual(accounts);
  });

  it('the sweep produces every institute’s, for an import (which has no queue) or a missed enqueue', async () => {
    const { app, heard, accounts } = await schoolWithAnAbsence();
    await alertsSweepJob.run(app, {});
    expect(await heard()).toEqual(accounts);
  });

  it('the institute’s job and the sweep produce every kind, not only absences', async () => {
    const { app, school, accounts } = await schoolWithAnAbsence();
    const notice = await createAnnouncement(app.db, school);
    await enqueueAlerts(app.jobs, school.id);
    await waitForJobs(app.jobs);
    const noticed = await heardOfKind(app.db, school, 'notice');
    expect(noticed.map(([userId]) => userId)).toEqual(accounts);
    expect(noticed.every(([, , key]) => key === String(notice))).toBe(true);
    // Another institute's notice, which no job was enqueued for: the sweep's; this one's it finds written.
    const other = await createInstitute(app.db);
    const pupil = await createStudent(app.db, other);
    await createAnnouncement(app.db, other);
    await alertsSweepJob.run(app, {});
    expect((await heardOfKind(app.db, other, 'notice')).map(([userId]) => userId)).toEqual([pupil.userId]);
    expect(await heardOfKind(app.db, school, 'notice')).toEqual(noticed);
  });

  it('every minute, live classes starting within 15 minutes', async () => {
    const { app, school } = await schoolWithAnAbsence();
    const soon = await createClassSession(app.db, school, { startsAt: new Date(app.now().getTime() + 10 * 60_000) });
    await liveSoonAlertsJob.run(app, {});
    const heard = await heardOfKind(app.db, school, 'live-soon');
    // The student only: the parent has not opted in.
    expect(heard).toHaveLength(1);
    expect(heard[0]![2]).toBe(String(soon));
  });
});
