import { afterAll, describe, expect, it } from 'vitest';
import { accountsAlerted, createAbsence } from '../../../test/factories/alerts.ts';
import { createInstitute } from '../../../test/factories/institutes.ts';
import { createTestApp } from '../../../test/helpers.ts';
import { waitForJobs } from '../../../test/jobs.ts';
import { alertsSweepJob, enqueueAlerts } from './alerts.jobs.ts';

/** The production of absence alerts in the background: after an attendance batch commits, and every five minutes. */
describe('absence alerts as jobs', () => {
  const apps: Awaited<ReturnType<typeof createTestApp>>[] = [];
  afterAll(() => Promise.all(apps.map((app) => app.close())));

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
});
