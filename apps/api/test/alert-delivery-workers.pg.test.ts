// PostgreSQL only: two workers, each on a pool of its own, plan and deliver the same alerts at the same moment; each
// delivery reaches its SMTP server, push service and SMS outbox once, and ends noted sent.
import { defaultAlertSettings } from '@campus/domain/alerts/index';
import { and, eq, isNull } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../src/db/client.ts';
import { alertDeliveries } from '../src/db/schema/alert-deliveries.ts';
import { smsOutbox } from '../src/db/schema/auth.ts';
import { alertsDeliverJob, alertsPlanJob } from '../src/features/alerts/delivery.jobs.ts';
import { saveSubscription } from '../src/features/alerts/push.repository.ts';
import { saveAlertSettings } from '../src/features/alerts/settings.repository.ts';
import type { JobContext } from '../src/lib/job-queue.ts';
import { smtpMailSender } from '../src/lib/mail.ts';
import { webPushSender } from '../src/lib/push.ts';
import { createAlert } from './factories/alerts.ts';
import { createInstitute, createParent, createStudent } from './factories/institutes.ts';
import { createMigratedDatabase, fixedNow } from './helpers.ts';
import { startMailServer, type MailServer } from './mail-server.ts';
import { createBrowserSubscription, startPushEndpoint } from './push-endpoint.ts';
import { databaseUrl } from './template.ts';
import { databaseNameOf, silentLog } from './workers.ts';

describe('alerts delivered by two workers on one PostgreSQL database', () => {
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:alerts@school.example' };
  let database: Database;
  const pools: Database[] = [];
  let mail: MailServer;
  let push: Awaited<ReturnType<typeof startPushEndpoint>>;
  let clock = fixedNow;

  beforeAll(async () => {
    database = await createMigratedDatabase();
    const name = await databaseNameOf(database);
    for (let index = 0; index < 2; index += 1) pools.push(await openPostgres(databaseUrl(name), { poolSize: 4 }));
    mail = await startMailServer();
    push = await startPushEndpoint();
  });
  afterAll(async () => {
    for (const pool of pools) await pool.close();
    await database?.close();
    await mail?.stop();
    await push?.stop();
  });

  /** A worker's context on `pool`: the real senders, the test's clock, a queue that takes enqueues and runs none. */
  const workerOn = (pool: Database): JobContext => ({
    db: pool.db,
    now: () => clock,
    log: silentLog,
    jobs: { enqueue: async () => true },
    mail: smtpMailSender(mail.url),
    push: webPushSender(vapid),
    pushServices: [push.origin],
  });

  it('sends each delivery once when both plan and both deliver every alert at once', async () => {
    const school = await createInstitute(database.db);
    const parents = [];
    for (let index = 0; index < 40; index += 1) {
      const child = await createStudent(database.db, school);
      const parent = await createParent(database.db, school, [child.studentId], {
        email: `parent${index}@home.example`,
      });
      await saveAlertSettings(
        database.db,
        school.id,
        parent.userId,
        { ...defaultAlertSettings, channels: { absence: { email: true } } },
        fixedNow,
      );
      const browser = createBrowserSubscription(`${push.origin}/${parent.userId}`);
      await saveSubscription(database.db, school.id, parent.userId, browser, fixedNow);
      await createAlert(database.db, school, { userId: parent.userId, studentId: child.studentId });
      parents.push({ ...parent, email: `parent${index}@home.example` });
    }
    const workers = pools.map(workerOn);
    await Promise.all(workers.map((worker) => alertsPlanJob.run(worker, { instituteId: school.id })));
    await Promise.all(
      workers.flatMap((worker) => [alertsDeliverJob.run(worker, {}), alertsDeliverJob.run(worker, {})]),
    );
    // A try that failed on a loaded machine (a timeout) is due again a minute later: both workers run again then.
    clock = new Date(fixedNow.getTime() + 60_000);
    await Promise.all(workers.map((worker) => alertsDeliverJob.run(worker, {})));

    const unsent = await database.db
      .select({ channel: alertDeliveries.channel, lastError: alertDeliveries.lastError })
      .from(alertDeliveries)
      .where(and(eq(alertDeliveries.instituteId, school.id), isNull(alertDeliveries.sentAt)));
    expect(unsent).toEqual([]);
    const emails = mail.received.flatMap((message) => message.recipients).sort();
    expect(emails).toEqual(parents.map((parent) => parent.email).sort());
    const pushed = push.received.map((message) => message.path).sort();
    expect(pushed).toEqual(parents.map((parent) => `/${parent.userId}`).sort());
    const texts = await database.db
      .select({ phone: smsOutbox.phone })
      .from(smsOutbox)
      .where(and(eq(smsOutbox.instituteId, school.id), eq(smsOutbox.purpose, 'alert')));
    expect(texts.map((text) => text.phone).sort()).toEqual(parents.map((parent) => parent.login).sort());
    const sent = await database.db.select().from(alertDeliveries).where(eq(alertDeliveries.instituteId, school.id));
    expect(sent).toHaveLength(3 * parents.length);
  });
});
