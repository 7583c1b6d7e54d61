import { defaultAlertSettings, type AlertSettings } from '@campus/domain/alerts/index';
import { and, eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlert } from '../../../test/factories/alerts.ts';
import {
  createInstitute,
  createParent,
  createStudent,
  type TestInstitute,
} from '../../../test/factories/institutes.ts';
import { createTestApp, fixedNow } from '../../../test/helpers.ts';
import { startMailServer, type MailServer } from '../../../test/mail-server.ts';
import { checkVapid, createBrowserSubscription, startPushEndpoint } from '../../../test/push-endpoint.ts';
import { alertDeliveries, alertDigests } from '../../db/schema/alert-deliveries.ts';
import { alerts, pushSubscriptions } from '../../db/schema/alerts.ts';
import { smsOutbox } from '../../db/schema/auth.ts';
import type { JobContext, JobEnqueuer, JobKind } from '../../lib/job-queue.ts';
import { smtpMailSender } from '../../lib/mail.ts';
import { knownPushServices } from '../../lib/push-services.ts';
import { webPushSender } from '../../lib/push.ts';
import { smsSendJob } from '../messages/index.ts';
import { alertsDeliverJob, alertsPlanJob } from './delivery.jobs.ts';
import { claimDueDeliveries } from './delivery.repository.ts';
import { saveSubscription } from './push.repository.ts';
import { saveAlertSettings } from './settings.repository.ts';

/** A Kolkata wall-clock time on a date, as an instant (+05:30). */
const at = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);

/**
 * Alerts delivered by SMS (the outbox), email (a real SMTP server on loopback) and Web Push (a push service on
 * loopback; the test decrypts each payload with the browser's keys), as the worker's jobs run them at a fixed clock.
 */
describe('alert deliveries', () => {
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:alerts@school.example' };
  let mail: MailServer;
  let push: Awaited<ReturnType<typeof startPushEndpoint>>;
  /** The push service answers 410 at /gone/… and 500 at /down/…. */
  const pushAnswer = (path: string) => (path.startsWith('/gone') ? 410 : path.startsWith('/down') ? 500 : 201);
  const texts: { phone: string; body: string }[] = [];
  let clock = fixedNow;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  /** The jobs the deliveries enqueue (the sms-send of each text), recorded: the test runs them itself. */
  const enqueued: { name: string; data: object }[] = [];
  const recordingQueue = {
    enqueue: async (kind: JobKind, data: object) => {
      enqueued.push({ name: kind.name, data });
      return true;
    },
  } as JobEnqueuer;
  /** A worker's context: the app's senders and database, the test's clock, no queue of its own. */
  const worker = (overrides: Partial<JobContext> = {}): JobContext => ({
    db: app.db,
    now: () => clock,
    log: app.log,
    jobs: recordingQueue,
    mail: app.mail,
    push: app.push,
    pushServices: app.pushServices,
    sms: app.sms,
    ...overrides,
  });

  beforeAll(async () => {
    mail = await startMailServer();
    push = await startPushEndpoint((path) => pushAnswer(path));
    app = await createTestApp({
      now: () => clock,
      mail: smtpMailSender(mail.url, 'Campus Portal <alerts@school.example>'),
      pushKey: vapid.publicKey,
      push: webPushSender(vapid),
      pushServices: [...knownPushServices, push.origin],
      sms: { send: async (text) => void texts.push(text) },
    });
  });
  afterAll(async () => {
    await app?.close();
    await mail?.stop();
    await push?.stop();
  });

  /** A parent of a child (an email address of their own), whose settings are `settings`, with one browser. */
  async function family(school: TestInstitute, settings: Partial<AlertSettings> = {}, endpointPath = '/ok') {
    const child = await createStudent(app.db, school, { user: { name: 'Asha <b>&' } });
    const parent = await createParent(app.db, school, [child.studentId], {
      email: `parent${child.userId}@home.example`,
    });
    await saveAlertSettings(app.db, school.id, parent.userId, { ...defaultAlertSettings, ...settings }, clock);
    const browser = createBrowserSubscription(`${push.origin}${endpointPath}/${parent.userId}`);
    await saveSubscription(app.db, school.id, parent.userId, browser, clock);
    return { child, parent, browser, email: `parent${child.userId}@home.example` };
  }

  /** An absence alert to the parent, produced at the clock's time. */
  const absenceAlert = (school: TestInstitute, people: Awaited<ReturnType<typeof family>>) =>
    createAlert(app.db, school, {
      userId: people.parent.userId,
      studentId: people.child.studentId,
      createdAt: clock,
      data: { child: 'Asha <b>&', classes: ['Maths'], date: '2026-11-21' },
    });

  /** What the worker does: plans the institute's new alerts, then a delivery run. */
  async function runWorker(school: TestInstitute, context = worker()) {
    await alertsPlanJob.run(context, { instituteId: school.id });
    await alertsDeliverJob.run(context, {});
  }

  const mailTo = (address: string) => mail.received.filter((message) => message.recipients.includes(address));
  const pushesTo = (userId: number) => push.received.filter((message) => message.path.endsWith(`/${userId}`));
  const outboxOf = (school: TestInstitute, phone: string) =>
    app.db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.instituteId, school.id), eq(smsOutbox.phone, phone)));
  const deliveriesOf = (school: TestInstitute, alertId: number) =>
    app.db
      .select()
      .from(alertDeliveries)
      .where(and(eq(alertDeliveries.instituteId, school.id), eq(alertDeliveries.alertId, alertId)))
      .orderBy(alertDeliveries.channel);

  it('sends an absence by SMS (into Messages), email and push, each once, with no more than the alert says', async () => {
    clock = fixedNow;
    const school = await createInstitute(app.db);
    const people = await family(school, { channels: { absence: { email: true } } });
    const alertId = await absenceAlert(school, people);
    await runWorker(school);
    await runWorker(school);

    // Email: to the parent's address, the words as text and as escaped HTML.
    const mails = mailTo(people.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      recipients: [people.email],
      from: 'alerts@school.example',
      subject: 'Asha <b>& was absent on 21-11-2026',
    });
    expect(mails[0]!.text).toContain('Asha <b>& was marked absent in Maths on 21-11-2026.');
    expect(mails[0]!.html).toContain('Asha &#60;b&#62;&#38; was marked absent in Maths on 21-11-2026.');
    expect(mails[0]!.html).not.toContain('<b>&');
    const link = `https://${school.host}/my-account/timetable?date=2026-11-21&child=${people.child.studentId}`;
    expect(mails[0]!.text).toContain(`Open the portal: ${link}`);
    expect(mails[0]!.html).toContain(`<a href="${link.replace('&', '&#38;')}">Open the portal</a>`);

    // Push: signed with the server's VAPID key for the service's origin; the payload decrypts with the browser's keys.
    const pushes = pushesTo(people.parent.userId);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.headers['content-encoding']).toBe('aes128gcm');
    expect(checkVapid(pushes[0]!.headers, push.origin)).toMatchObject({
      publicKey: vapid.publicKey,
      claims: { aud: push.origin, sub: vapid.subject },
    });
    expect(JSON.parse(people.browser.decrypt(pushes[0]!.body))).toEqual({
      title: 'Asha <b>& was absent on 21-11-2026',
      body: 'Asha <b>& was marked absent in Maths on 21-11-2026.',
      path: '/timetable?date=2026-11-21',
      student_id: people.child.studentId,
      alert_id: alertId,
    });

    // SMS: in the outbox as an alert (the phone's Messages), and the sms-send job hands it to the gateway.
    const phone = people.parent.login;
    const [text] = await outboxOf(school, phone);
    expect(text).toMatchObject({
      purpose: 'alert',
      body: 'Asha <b>& was absent on 21-11-2026: Asha <b>& was marked absent in Maths on 21-11-2026.',
      sentAt: null,
    });
    expect(enqueued).toContainEqual({ name: 'sms-send', data: { instituteId: school.id, id: text!.id } });
    await smsSendJob.run(worker(), { instituteId: school.id, id: text!.id });
    expect(texts.filter((sent) => sent.phone === phone)).toEqual([{ phone, body: text!.body }]);
    expect((await outboxOf(school, phone))[0]!.sentAt).toEqual(clock);

    const rows = await deliveriesOf(school, alertId);
    expect(rows.map((row) => [row.channel, row.attempts, row.sentAt, row.nextTryAt])).toEqual([
      ['email', 1, clock, null],
      ['push', 1, clock, null],
      ['sms', 1, clock, null],
    ]);
  });

  it('a push service answering 410 removes the subscription; the delivery ends without a retry', async () => {
    clock = fixedNow;
    const school = await createInstitute(app.db);
    const people = await family(school, {}, '/gone');
    const alertId = await absenceAlert(school, people);
    await runWorker(school);
    expect(pushesTo(people.parent.userId)).toHaveLength(1);
    const subscriptions = await app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.instituteId, school.id));
    expect(subscriptions).toEqual([]);
    const [pushRow] = (await deliveriesOf(school, alertId)).filter((row) => row.channel === 'push');
    expect(pushRow).toMatchObject({ nextTryAt: null, sentAt: null, lastError: 'every push subscription is gone' });
  });

  it('pushes to accounts with no browser subscribed end skipped, beside a push that goes in the same claim', async () => {
    clock = fixedNow;
    const school = await createInstitute(app.db);
    const subscribed = await family(school);
    const unsubscribed = [await family(school), await family(school)];
    for (const people of unsubscribed)
      await app.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, people.parent.userId));
    const alertIds = [subscribed, ...unsubscribed].map((people) => absenceAlert(school, people));
    const [sentId, ...skippedIds] = await Promise.all(alertIds);
    await runWorker(school);
    expect(pushesTo(subscribed.parent.userId)).toHaveLength(1);
    const [sentRow] = (await deliveriesOf(school, sentId!)).filter((row) => row.channel === 'push');
    expect(sentRow).toMatchObject({ nextTryAt: null, sentAt: clock, lastError: null });
    for (const [index, alertId] of skippedIds.entries()) {
      expect(pushesTo(unsubscribed[index]!.parent.userId)).toEqual([]);
      const rows = await deliveriesOf(school, alertId);
      expect(rows.find((row) => row.channel === 'push')).toMatchObject({
        attempts: 1,
        nextTryAt: null,
        sentAt: null,
        lastError: 'no push subscription',
      });
      // The account's other channels went as usual.
      expect(rows.find((row) => row.channel === 'sms')).toMatchObject({ sentAt: clock, lastError: null });
    }
  });

  it('a subscription outside the push services allowed is not posted to, checked again as the push goes', async () => {
    clock = fixedNow;
    const school = await createInstitute(app.db);
    const people = await family(school);
    // Saved around the route's check (as a wider list of an earlier configuration would have let it).
    await app.db
      .update(pushSubscriptions)
      .set({ endpoint: `http://127.0.0.2:9/${people.parent.userId}` })
      .where(eq(pushSubscriptions.userId, people.parent.userId));
    const alertId = await absenceAlert(school, people);
    await runWorker(school);
    expect(pushesTo(people.parent.userId)).toEqual([]);
    const [pushRow] = (await deliveriesOf(school, alertId)).filter((row) => row.channel === 'push');
    expect(pushRow).toMatchObject({ nextTryAt: null, lastError: 'no push subscription' });
  });

  it('an SMTP server that is down is tried again with a growing pause while the push goes at once', async () => {
    clock = fixedNow;
    const down = await startMailServer();
    await down.stop();
    const school = await createInstitute(app.db);
    const people = await family(school, { channels: { absence: { email: true } } });
    const alertId = await absenceAlert(school, people);
    // A worker whose SMTP server does not answer.
    const failing = worker({ mail: smtpMailSender(down.url) });
    await alertsPlanJob.run(failing, { instituteId: school.id });
    await alertsDeliverJob.run(failing, {});

    expect(pushesTo(people.parent.userId)).toHaveLength(1);
    const email = async () => (await deliveriesOf(school, alertId)).find((row) => row.channel === 'email')!;
    expect(await email()).toMatchObject({ attempts: 1, sentAt: null, nextTryAt: new Date(clock.getTime() + 30_000) });
    expect((await email()).lastError).toMatch(/ECONNREFUSED/);

    // Not before its time; then the server is back on its port and the mail goes, once.
    await alertsDeliverJob.run(failing, {});
    expect((await email()).attempts).toBe(1);
    clock = new Date(fixedNow.getTime() + 30_000);
    await alertsDeliverJob.run(failing, {});
    expect(await email()).toMatchObject({ attempts: 2, nextTryAt: new Date(clock.getTime() + 60_000) });
    const back = await startMailServer(down.port);
    try {
      clock = new Date(fixedNow.getTime() + 90_000);
      await alertsDeliverJob.run(worker({ mail: smtpMailSender(back.url) }), {});
      expect(back.received.map((message) => message.recipients)).toEqual([[people.email]]);
      expect(await email()).toMatchObject({ attempts: 3, sentAt: clock, nextTryAt: null });
      expect(pushesTo(people.parent.userId)).toHaveLength(1);
    } finally {
      await back.stop();
    }
  });

  it('quiet hours hold an alert until 07:00; an alert of a kind marked urgent goes at once', async () => {
    clock = at('2026-11-21', '22:30');
    const school = await createInstitute(app.db);
    const calm = await family(school);
    const worried = await family(school, { urgent: ['absence'] });
    await absenceAlert(school, calm);
    await absenceAlert(school, worried);
    await runWorker(school);
    expect(pushesTo(worried.parent.userId)).toHaveLength(1);
    expect(pushesTo(calm.parent.userId)).toHaveLength(0);

    clock = at('2026-11-22', '06:59');
    await alertsDeliverJob.run(worker(), {});
    expect(pushesTo(calm.parent.userId)).toHaveLength(0);
    expect(await outboxOf(school, calm.parent.login)).toEqual([]);

    clock = at('2026-11-22', '07:00');
    await alertsDeliverJob.run(worker(), {});
    expect(pushesTo(calm.parent.userId)).toHaveLength(1);
    expect((await outboxOf(school, calm.parent.login)).map((text) => text.createdAt)).toEqual([clock]);
    expect(pushesTo(worried.parent.userId)).toHaveLength(1);
  });

  it('an email digest gathers the day’s alerts into one message at its time, sent once', async () => {
    clock = at('2026-11-21', '10:00');
    const school = await createInstitute(app.db);
    const people = await family(school, {
      channels: { absence: { email: true }, 'fee-overdue': { email: true } },
      digest: { email: '18:00' },
    });
    await absenceAlert(school, people);
    clock = at('2026-11-21', '11:00');
    await createAlert(app.db, school, {
      userId: people.parent.userId,
      studentId: people.child.studentId,
      kind: 'fee-overdue',
      eventKey: 'installment-1',
      createdAt: clock,
      data: { child: 'Asha <b>&', dueDate: '2026-11-10', left: 500000 },
    });
    await runWorker(school);
    // The push of each went on its own; the email waits.
    expect(pushesTo(people.parent.userId)).toHaveLength(2);
    expect(mailTo(people.email)).toEqual([]);

    clock = at('2026-11-21', '17:59');
    await alertsDeliverJob.run(worker(), {});
    expect(mailTo(people.email)).toEqual([]);

    clock = at('2026-11-21', '18:00');
    await alertsDeliverJob.run(worker(), {});
    clock = at('2026-11-21', '18:01');
    await alertsDeliverJob.run(worker(), {});
    await alertsDeliverJob.run(worker(), {});
    const digests = mailTo(people.email);
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toBe('Your 2 alerts of the day');
    expect(digests[0]!.text).toContain(
      'Asha <b>& was absent on 21-11-2026: Asha <b>& was marked absent in Maths on 21-11-2026.',
    );
    expect(digests[0]!.text).toContain(
      'Fee overdue: Rs 5,000 of Asha <b>&’s fees was due on 10-11-2026 and is overdue.',
    );
    expect(digests[0]!.html).toContain('<li>Asha &#60;b&#62;&#38; was absent on 21-11-2026');
    const [digest] = await app.db.select().from(alertDigests).where(eq(alertDigests.instituteId, school.id));
    expect(digest).toMatchObject({ channel: 'email', day: '2026-11-21', sentAt: at('2026-11-21', '18:00') });
    expect(digest!.alertCount).toBe(2);

    // An alert after the digest waits for tomorrow's.
    await createAlert(app.db, school, {
      userId: people.parent.userId,
      studentId: people.child.studentId,
      createdAt: clock,
    });
    await runWorker(school);
    const [, tomorrow] = await app.db
      .select()
      .from(alertDigests)
      .where(eq(alertDigests.instituteId, school.id))
      .orderBy(alertDigests.day);
    expect(tomorrow).toMatchObject({ day: '2026-11-22', sentAt: null, nextTryAt: at('2026-11-22', '18:00') });
    expect(mailTo(people.email)).toHaveLength(1);
  });

  it('a worker killed after claiming loses nothing: its rows go once its claim has ended', async () => {
    clock = fixedNow;
    const school = await createInstitute(app.db);
    const people = await family(school);
    const alertId = await absenceAlert(school, people);
    await alertsPlanJob.run(worker(), { instituteId: school.id });
    // The worker that claimed them died before sending (its claim lasts ten minutes).
    const claimed = await claimDueDeliveries(app.db, clock, new Date(clock.getTime() + 10 * 60_000), 1000);
    expect(claimed.filter((row) => row.alertId === alertId)).toHaveLength(2);
    clock = new Date(fixedNow.getTime() + 9 * 60_000);
    await alertsDeliverJob.run(worker(), {});
    expect(pushesTo(people.parent.userId)).toEqual([]);
    clock = new Date(fixedNow.getTime() + 10 * 60_000);
    await alertsDeliverJob.run(worker(), {});
    await alertsDeliverJob.run(worker(), {});
    expect(pushesTo(people.parent.userId)).toHaveLength(1);
    expect(await outboxOf(school, people.parent.login)).toHaveLength(1);
    expect((await deliveriesOf(school, alertId)).map((row) => [row.channel, row.attempts, row.sentAt])).toEqual([
      ['push', 2, clock],
      ['sms', 2, clock],
    ]);
  });

  it('plans an alert once when two planners run at once', async () => {
    clock = fixedNow;
    const school = await createInstitute(app.db);
    const people = await family(school);
    const alertId = await absenceAlert(school, people);
    await Promise.all([1, 2].map(() => alertsPlanJob.run(worker(), { instituteId: school.id })));
    expect((await deliveriesOf(school, alertId)).map((row) => row.channel)).toEqual(['push', 'sms']);
    const [planned] = await app.db.select().from(alerts).where(eq(alerts.id, alertId));
    expect(planned!.plannedAt).toEqual(clock);
  });
});
