// Alerts leave the portal by SMS, email and Web Push in the background (issue 31). Two jobs:
// - `alerts-plan` (keyed by institute, enqueued after its alerts are produced) plans their deliveries: a row per
//   alert and channel the account's settings turn on, due at once, at the end of the quiet hours, or at the
//   channel's digest time (delivery.repository.ts planAlertBatch), then asks for a delivery run;
// - `alerts-deliver` (every 30 s on some working process, and asked for after planning) plans what the enqueues
//   missed, then sends what is due: each delivery on its own, and each digest as one message.
// A channel that fails is tried again after a growing pause (the domain's retryAt) and never holds up the others: each
// channel's rows are sent side by side, and a failure only moves its own row. Rows are claimed in one statement with
// `skip locked`, so two workers never send one row at once.
//
// What a worker killed mid-batch leaves: a row it claimed but had not noted is taken again once its claim ends
// (`claimMinutes`); a row is noted sent only after the send. So a kill between a send and its note sends that alert
// again: at-least-once, chosen over at-most-once because an absence the parent never hears of is worse than one heard
// twice. SMS is the exception: the "send" is writing the text to the outbox, in the transaction that notes the row, so
// it is queued exactly once (the sms-send job hands it to the gateway, once: the outbox notes it went).
import {
  alertSmsText,
  describeAlert,
  digestText,
  retryAt,
  type AlertKind,
  type AlertText,
  type DeliveryChannel,
} from '@campus/domain/alerts/index';
import { inTransaction } from '../../db/client.ts';
import { defineJob, type JobContext, type JobEnqueuer } from '../../lib/job-queue.ts';
import { escapeHtml, type MailMessage } from '../../lib/mail.ts';
import { isPushService, knownPushServices } from '../../lib/push-services.ts';
import { webBase } from '../../plugins/web.ts';
import { enqueueSms } from '../messages/index.ts';
import {
  claimDueDeliveries,
  claimDueDigests,
  failDelivery,
  failDigest,
  findDigestAlerts,
  finishDelivery,
  finishDigest,
  planAlertBatch,
  queueAlertText,
  skipDeliveries,
  type ClaimedDelivery,
  type ClaimedDigest,
} from './delivery.repository.ts';
import { dropSubscription, findSubscriptions, type PushSubscription } from './push.repository.ts';

/** How long a claimed row is this worker's before another may take it again (a send takes seconds). */
const claimMinutes = 10;
/** Rows a claim takes; a run claims again while claims come back full, up to `roundsPerRun`. */
const claimSize = 50;
const roundsPerRun = 20;
/** Rows of one channel sent at once, each on a connection of the pool (one at a time in a transaction). */
const sendsAtOnce = 4;

/** Raised where this process has no sender for a channel: the row is tried again later (by a process that has one). */
class NoSender extends Error {
  override name = 'NoSender';
}

/** What one delivery or digest carries, in the words each channel needs. */
interface Message extends AlertText {
  path: string;
  studentId: number | null;
  alertId: number | null;
  /** The digest's lines; undefined for a single alert. */
  lines?: string[];
  /** The SMS's words. */
  sms: string;
}

/**
 * The absolute address of a screen for an email, when the institute has a host name (none otherwise), naming the
 * child it is about as the service worker's notifications do (the web app's lib/notification-address.ts).
 */
function linkOf(host: string | null, message: Pick<Message, 'path' | 'studentId'>): string | null {
  if (!host) return null;
  const path = message.path.startsWith('/') && !message.path.startsWith('//') ? message.path : '/dashboard';
  const url = new URL(`${webBase}${path}`, `https://${host}`);
  if (message.studentId !== null) url.searchParams.set('child', String(message.studentId));
  return url.href;
}

/** An email of a message: the same words as plain text and as HTML, every piece of data escaped in the HTML. */
function emailOf(message: Message, to: string, host: string | null): MailMessage {
  const link = linkOf(host, message);
  const lines = message.lines ?? [message.body];
  const text = [...lines, ...(link ? ['', `Open the portal: ${link}`] : [])].join('\n');
  const items =
    message.lines === undefined
      ? `<p>${escapeHtml(message.body)}</p>`
      : `<ul>${message.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`;
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(message.title)}</title></head>` +
    `<body><h1>${escapeHtml(message.title)}</h1>${items}` +
    (link ? `<p><a href="${escapeHtml(link)}">Open the portal</a></p>` : '') +
    '</body></html>';
  return { to, subject: message.title, text, html };
}

/** A push's payload, as the service worker reads it. */
const pushPayloadOf = (message: Message) =>
  JSON.stringify({
    title: message.title,
    body: message.body,
    path: message.path,
    student_id: message.studentId,
    alert_id: message.alertId,
  });

/** The account's address on a channel, or why there is none (the row is then closed as skipped). */
interface Recipient {
  instituteId: number;
  userId: number;
  email: string | null;
  phone: string | null;
  host: string | null;
  /** The account's push subscriptions, when its claim found them already (else sendOn looks them up). */
  subscriptions?: readonly PushSubscription[];
}

/**
 * Sends `message` to the account on `channel`. SMS: `queueText` writes it to the outbox with the row's note (see the
 * top of the file). Answers a reason when the account cannot be reached on the channel (nothing was sent).
 */
async function sendOn(
  context: JobContext,
  channel: DeliveryChannel,
  recipient: Recipient,
  message: Message,
  queueText: (phone: string, body: string) => Promise<number>,
): Promise<string | undefined> {
  if (channel === 'sms') {
    if (!recipient.phone) return 'no phone number';
    const textId = await queueText(recipient.phone, message.sms);
    // The sms sweep enqueues a text whose enqueue was lost, so this one's failure is only logged.
    await enqueueSms(context.jobs, recipient.instituteId, textId).catch((error: unknown) =>
      context.log.warn({ err: error }, 'could not enqueue an alert text (the sms sweep will)'),
    );
    return undefined;
  }
  if (channel === 'email') {
    if (!recipient.email) return 'no email address';
    if (!context.mail) throw new NoSender('no mail sender in this process');
    await context.mail.send(emailOf(message, recipient.email, recipient.host));
    return undefined;
  }
  if (!context.push) throw new NoSender('no push sender in this process');
  // The allow-list again, as the push goes: a subscription saved under a wider list is not posted to.
  const services = context.pushServices ?? knownPushServices;
  const subscriptions =
    recipient.subscriptions ?? (await findSubscriptions(context.db, recipient.instituteId, [recipient.userId]));
  const targets = subscriptions.filter((row) => isPushService(row.endpoint, services));
  if (targets.length === 0) return 'no push subscription';
  const payload = pushPayloadOf(message);
  const failures: unknown[] = [];
  let reached = 0;
  for (const target of targets) {
    try {
      const outcome = await context.push.send(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
      );
      if (outcome === 'gone') await dropSubscription(context.db, recipient.instituteId, target.endpoint);
      else reached += 1;
    } catch (error) {
      failures.push(error);
    }
  }
  // One browser's service failing retries the row: the browsers that took it may hear it twice (at-least-once).
  if (failures.length > 0) throw failures[0];
  return reached === 0 ? 'every push subscription is gone' : undefined;
}

/** Runs `tasks` side by side, or one after another when they share one connection (`oneByOne`). */
async function sideBySide(tasks: readonly (() => Promise<void>)[], oneByOne: boolean) {
  if (!oneByOne) {
    await Promise.all(tasks.map((task) => task()));
    return;
  }
  for (const task of tasks) await task();
}

/** Runs `work` over `items`, `atOnce` at a time. */
async function eachAtOnce<T>(items: readonly T[], atOnce: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, lane));
}

const errorText = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/** Sends one claimed delivery and notes how it went. */
async function sendDelivery(context: JobContext, row: ClaimedDelivery & Pick<Recipient, 'subscriptions'>) {
  const now = context.now();
  const text = describeAlert(row.kind as AlertKind, row.data);
  const message: Message = { ...text, studentId: row.studentId, alertId: row.alertId, sms: alertSmsText(text) };
  try {
    const skipped = await sendOn(context, row.channel, row, message, (phone, body) =>
      queueAlertText(context.db, row, phone, body, now),
    );
    if (row.channel !== 'sms' || skipped) await finishDelivery(context.db, row, now, skipped);
  } catch (error) {
    const again = retryAt(row.attempts, now);
    context.log.warn(
      { err: error, channel: row.channel, delivery: row.id, attempts: row.attempts, retry: again?.toISOString() },
      again ? 'an alert could not be delivered: tried again later' : 'an alert could not be delivered: given up',
    );
    await failDelivery(context.db, row, errorText(error), again);
  }
}

/** Sends one claimed digest: the account's alerts gathered since the last one, as one message. */
async function sendDigest(context: JobContext, digest: ClaimedDigest) {
  const now = context.now();
  const items = await findDigestAlerts(context.db, digest);
  const ids = items.map((item) => item.id);
  if (items.length === 0) {
    await finishDigest(context.db, digest, ids, now, { skipped: 'no alert left to gather' });
    return;
  }
  const texts = items.map((item) => describeAlert(item.kind as AlertKind, item.data));
  const gathered = digestText(texts);
  const one = items.length === 1 ? items[0]! : undefined;
  const message: Message = {
    ...gathered,
    path: one ? texts[0]!.path : '/dashboard',
    studentId: one ? one.studentId : null,
    alertId: null,
    sms: `${gathered.title}:\n${gathered.body}`,
  };
  try {
    let queued = false;
    const skipped = await sendOn(context, digest.channel, digest, message, async (phone, body) => {
      queued = true;
      return (await finishDigest(context.db, digest, ids, now, { text: { phone, body } }))!;
    });
    if (!queued) await finishDigest(context.db, digest, ids, now, skipped ? { skipped } : {});
  } catch (error) {
    const again = retryAt(digest.attempts, now);
    context.log.warn(
      { err: error, channel: digest.channel, day: digest.day, attempts: digest.attempts },
      again ? 'a digest could not be delivered: tried again later' : 'a digest could not be delivered: given up',
    );
    await failDigest(context.db, digest, errorText(error), again);
  }
}

/**
 * Sends `rows` with each channel's rows side by side, so a slow or failing channel holds up no other; one row at a
 * time when `oneByOne` (a transaction's single connection: the demo seed's).
 */
async function sendByChannel<T extends { channel: DeliveryChannel }>(
  rows: readonly T[],
  send: (row: T) => Promise<void>,
  oneByOne: boolean,
) {
  const channels = [...new Set(rows.map((row) => row.channel))];
  await sideBySide(
    channels.map(
      (channel) => () =>
        eachAtOnce(
          rows.filter((row) => row.channel === channel),
          oneByOne ? 1 : sendsAtOnce,
          send,
        ),
    ),
    oneByOne,
  );
}

/** Plans every alert not planned yet (of one institute, or of all), batch after batch. Answers how many. */
export async function planAlerts(context: Pick<JobContext, 'db' | 'now'>, instituteId?: number): Promise<number> {
  const batchSize = 500;
  let planned = 0;
  for (;;) {
    const batch = await planAlertBatch(context.db, context.now(), { instituteId, batchSize });
    planned += batch;
    if (batch < batchSize) return planned;
  }
}

/**
 * The push subscriptions of the accounts a claim's pushes go to, in one query an institute, each push row with its
 * account's (an empty list: nowhere to go). Most accounts have no browser subscribed, and a row had cost a query of its
 * own and then its update. Where this process has no push sender, none are looked up: those rows wait for a process
 * that has one, as sendOn's would.
 */
async function withSubscriptions(
  context: JobContext,
  deliveries: readonly ClaimedDelivery[],
): Promise<(ClaimedDelivery & Pick<Recipient, 'subscriptions'>)[]> {
  if (!context.push) return [...deliveries];
  const pushes = deliveries.filter((row) => row.channel === 'push');
  const found = new Map<string, PushSubscription[]>();
  for (const institute of new Set(pushes.map((row) => row.instituteId))) {
    const userIds = [...new Set(pushes.filter((row) => row.instituteId === institute).map((row) => row.userId))];
    for (const subscription of await findSubscriptions(context.db, institute, userIds)) {
      const key = `${institute}:${subscription.userId}`;
      found.set(key, [...(found.get(key) ?? []), subscription]);
    }
  }
  return deliveries.map((row) =>
    row.channel === 'push' ? { ...row, subscriptions: found.get(`${row.instituteId}:${row.userId}`) ?? [] } : row,
  );
}

/** Sends the deliveries and digests due now, claim after claim. Answers how many rows and digests it tried. */
export async function deliverDueAlerts(context: JobContext): Promise<number> {
  let tried = 0;
  for (let round = 0; round < roundsPerRun; round += 1) {
    const now = context.now();
    const claimUntil = new Date(now.getTime() + claimMinutes * 60_000);
    const deliveries = await claimDueDeliveries(context.db, now, claimUntil, claimSize);
    const digests = await claimDueDigests(context.db, now, claimUntil, claimSize);
    const rows = await withSubscriptions(context, deliveries);
    const nowhere = (row: (typeof rows)[number]) => row.subscriptions?.length === 0;
    await skipDeliveries(context.db, rows.filter(nowhere), 'no push subscription');
    const oneByOne = inTransaction(context.db);
    await sideBySide(
      [
        () =>
          sendByChannel(
            rows.filter((row) => !nowhere(row)),
            (row) => sendDelivery(context, row),
            oneByOne,
          ),
        () => sendByChannel(digests, (digest) => sendDigest(context, digest), oneByOne),
      ],
      oneByOne,
    );
    tried += deliveries.length + digests.length;
    if (deliveries.length < claimSize && digests.length < claimSize) break;
  }
  return tried;
}

/** Sends what is due now: every few seconds a run is asked for, and every 30 s one runs anyway. */
export const alertsDeliverJob = defineJob({
  name: 'alerts-deliver',
  everySeconds: 30,
  // A digest or a quiet-hours text that fell due while no process worked goes out as one starts.
  atStart: true,
  pollSeconds: 1,
  retries: 0,
  async run(context) {
    // What an enqueue missed (a process that stopped between producing and enqueueing) is planned here.
    await planAlerts(context);
    await deliverDueAlerts(context);
  },
});

/** Asks for a delivery run (joins the one already waiting, if any). */
export const enqueueAlertDelivery = (jobs: JobEnqueuer) => jobs.enqueue(alertsDeliverJob, {}, { key: 'due' });

/** Plans the deliveries of one institute's new alerts, then asks for a delivery run. */
export const alertsPlanJob = defineJob<{ instituteId: number }>({
  name: 'alerts-plan',
  pollSeconds: 1,
  retries: 5,
  retryDelaySeconds: 10,
  async run(context, { instituteId }) {
    if ((await planAlerts(context, instituteId)) > 0) await enqueueAlertDelivery(context.jobs);
  },
});

/** Enqueues the planning of an institute's new alerts (joins the job already waiting for it, if any). */
export const enqueueAlertPlanning = (jobs: JobEnqueuer, instituteId: number) =>
  jobs.enqueue(alertsPlanJob, { instituteId }, { key: String(instituteId) });
