import { maskedSecret } from '@campus/domain/messages/messages-rules';
import { defineJob, type JobEnqueuer } from '../../lib/job-queue.ts';
import { deliveredPurposes, findOutboxText, findTextsToSend, markTextSent } from './messages.repository.ts';

// Texts delivered in the background (issue 30): a request (forgot password) or an import (first passwords) writes
// the text to the SMS outbox, which the inbox reads, and an `sms-send` job per text hands it to the gateway where jobs
// run (the worker, or npm start itself), so no request waits for the gateway and a gateway that fails is tried again
// after a growing pause. Keyed by the text, and a text that went is not sent again.

/** Texts a minute's sweep enqueues at most, and how far back it looks. */
const sweepSize = 500;
const sweepWindowMs = 24 * 60 * 60 * 1000;

/** Raised when this process has no gateway: the job is tried again (by a worker that has one). */
class NoSmsSender extends Error {
  override name = 'NoSmsSender';
}

/** Hands one outbox text to the gateway, unless it went or is not the portal's to deliver; then notes it went. */
export const smsSendJob = defineJob<{ instituteId: number; id: number }>({
  name: 'sms-send',
  pollSeconds: 1,
  retries: 5,
  retryDelaySeconds: 10,
  atOnce: 4,
  async run(context, { instituteId, id }) {
    const text = await findOutboxText(context.db, instituteId, id);
    if (!text || text.sentAt || !deliveredPurposes.includes(text.purpose)) return;
    // A temporary password a newer one replaced (its secret is forgotten: the newer text is the one to send), or one
    // that expired before the gateway could take it: nothing worth sending.
    if (text.secretUserId !== null && text.secret === null) return;
    if (text.secretExpiresAt !== null && text.secretExpiresAt <= context.now()) return;
    if (!context.sms) throw new NoSmsSender('no SMS gateway in this process');
    // The outbox keeps the mask; the gateway gets the secret in its place.
    const body = text.secret === null ? text.body : text.body.replace(maskedSecret, text.secret);
    await context.sms.send({ phone: text.phone, body });
    await markTextSent(context.db, instituteId, id, context.now());
  },
});

/** Enqueues the delivery of an outbox text (joins the job already waiting for it, if any). */
export const enqueueSms = (jobs: JobEnqueuer, instituteId: number, id: number) =>
  jobs.enqueue(smsSendJob, { instituteId, id }, { key: `${instituteId}:${id}` });

/**
 * Every minute: a delivery for each text of the last day the portal delivers that has not gone, for those whose
 * job was never enqueued (an import, which has no queue; a process that stopped before it enqueued) or gave up.
 */
export const smsSweepJob = defineJob({
  name: 'sms-sweep',
  everySeconds: 60,
  retries: 0,
  async run(context) {
    const since = new Date(context.now().getTime() - sweepWindowMs);
    for (const { instituteId, id } of await findTextsToSend(context.db, since, context.now(), sweepSize)) {
      await enqueueSms(context.jobs, instituteId, id);
    }
  },
});
