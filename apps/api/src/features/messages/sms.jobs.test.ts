import { maskedSecret } from '@campus/domain/messages/messages-rules';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createInstitute } from '../../../test/factories/institutes.ts';
import { createMessage } from '../../../test/factories/messages.ts';
import { closedAfterEach, createTestApp, fixedNow } from '../../../test/helpers.ts';
import { waitForJobs } from '../../../test/jobs.ts';
import { smsOutbox } from '../../db/schema/auth.ts';
import type { SmsSender } from '../../lib/sms.ts';
import { enqueueSms, smsSendJob, smsSweepJob } from './sms.jobs.ts';

/**
 * Texts delivered by the sms-send job (issue 30): once each, with the secret in the mask's place, retried while the
 * gateway fails; the institute's own notices (a record of texts it sent) never; the sweep finds what waits.
 */
describe('the sms-send job', () => {
  const apps = closedAfterEach<Awaited<ReturnType<typeof createTestApp>>>();

  async function outbox(sender: SmsSender) {
    const app = await createTestApp({ sms: sender });
    apps.push(app);
    const school = await createInstitute(app.db);
    const text = (values: Parameters<typeof createMessage>[3]) => createMessage(app.db, school, '9000000001', values);
    const sentAt = async (id: number) =>
      (
        await app.db
          .select({ sentAt: smsOutbox.sentAt })
          .from(smsOutbox)
          .where(and(eq(smsOutbox.instituteId, school.id), eq(smsOutbox.id, id)))
      )[0]!.sentAt;
    return { app, school, text, sentAt };
  }

  const firstPassword = {
    purpose: 'first_password',
    body: `Sign in with 9000000001 and the password ${maskedSecret}.`,
    secret: 'Kp3vQ9xa',
    sentAt: null,
  };

  it('sends a text once, with its secret where the outbox keeps the mask, and notes when it went', async () => {
    const sent: { phone: string; body: string }[] = [];
    const { app, school, text, sentAt } = await outbox({ send: async (message) => void sent.push(message) });
    const id = await text(firstPassword);
    await Promise.all([1, 2, 3].map(() => enqueueSms(app.jobs, school.id, id)));
    await waitForJobs(app.jobs);
    expect(sent).toEqual([{ phone: '9000000001', body: 'Sign in with 9000000001 and the password Kp3vQ9xa.' }]);
    expect(await sentAt(id)).toEqual(fixedNow);
    // Again: it went, so nothing is sent.
    await enqueueSms(app.jobs, school.id, id);
    await waitForJobs(app.jobs);
    expect(sent).toHaveLength(1);
  });

  it('a gateway that fails leaves the text unsent and its job waiting for a retry, which sends it', async () => {
    let failures = 1;
    const sent: string[] = [];
    const { app, school, text, sentAt } = await outbox({
      send: async ({ body }) => {
        if (failures-- > 0) throw new Error('gateway away');
        sent.push(body);
      },
    });
    const id = await text(firstPassword);
    await enqueueSms(app.jobs, school.id, id);
    // The failed try: pg-boss holds the job for a retry after its pause (10 s, doubling), read from its row.
    const job = async () =>
      (
        (await app.db.execute(
          sql`select state, retry_limit from pgboss.job where name = 'sms-send' and singleton_key = ${`${school.id}:${id}`}`,
        )) as unknown as { rows: { state: string; retry_limit: number }[] }
      ).rows[0];
    await expect.poll(job, { timeout: 10_000, interval: 50 }).toMatchObject({ state: 'retry' });
    expect((await job())!.retry_limit).toBe(5);
    expect(await sentAt(id)).toBeNull();
    // The retry, run now rather than after its pause: the gateway answers and the text goes.
    await smsSendJob.run(app, { instituteId: school.id, id });
    expect(sent).toHaveLength(1);
    expect(await sentAt(id)).toEqual(fixedNow);
  });

  it('never sends the institute’s own notices, nor a temporary password replaced or expired', async () => {
    const sent: string[] = [];
    const { app, school, text } = await outbox({ send: async ({ body }) => void sent.push(body) });
    const notice = await text({ purpose: 'notice', body: 'School closed tomorrow', sentAt: null });
    const replaced = await text({ ...firstPassword, purpose: 'forgot_password', secret: null, secretUserId: 1 });
    const expired = await text({
      ...firstPassword,
      purpose: 'forgot_password',
      secretUserId: 1,
      secretExpiresAt: new Date(fixedNow.getTime() - 1),
    });
    for (const id of [notice, replaced, expired]) await enqueueSms(app.jobs, school.id, id);
    await smsSweepJob.run(app, {});
    await waitForJobs(app.jobs);
    expect(sent).toEqual([]);
  });

  it('the minute’s sweep sends what waits from the last day (an import’s first passwords), not older', async () => {
    const sent: string[] = [];
    const { app, text, sentAt } = await outbox({ send: async ({ body }) => void sent.push(body) });
    const fresh = await text({ ...firstPassword, minutesAgo: 60 });
    const stale = await text({ ...firstPassword, minutesAgo: 25 * 60 });
    await smsSweepJob.run(app, {});
    await waitForJobs(app.jobs);
    expect(sent).toHaveLength(1);
    expect(await sentAt(fresh)).toEqual(fixedNow);
    expect(await sentAt(stale)).toBeNull();
  });
});
