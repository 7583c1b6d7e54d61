import { defineJob, type JobEnqueuer } from '../../lib/job-queue.ts';
import { drawReceipt } from './receipts.ts';
import { findReceiptsToDraw } from './receipts.repository.ts';

// Receipts drawn in the background (issue 30): payments recorded through the admin API write their rows and the
// receipt's verification code in the batch's transaction; the PDF is drawn afterwards by a `receipt-render` job per
// institute (where jobs run: the worker, or npm start itself), which draws every receipt of the institute still
// without one. Keyed by the institute, so batches sent meanwhile join the job waiting, and one institute's receipts
// are never drawn twice at once; drawing a receipt that has its PDF draws nothing.

/** Receipts drawn per query: small enough that a stop finds the job between two. */
const receiptsPerRound = 50;

/** Draws the receipts of one institute that have no PDF yet, until none is left. */
export const receiptRenderJob = defineJob<{ instituteId: number }>({
  name: 'receipt-render',
  pollSeconds: 1,
  retries: 5,
  retryDelaySeconds: 10,
  async run(context, { instituteId }) {
    if (!context.storage) throw new Error('receipt-render needs the file storage in its job context');
    for (;;) {
      const due = await findReceiptsToDraw(context.db, { instituteId, limit: receiptsPerRound });
      for (const { paymentId } of due) await drawReceipt(context.db, context.storage, instituteId, paymentId);
      if (due.length < receiptsPerRound) return;
    }
  },
});

/** Enqueues the drawing of an institute's receipts (joins the job already waiting for it, if any). */
export const enqueueReceipts = (jobs: JobEnqueuer, instituteId: number) =>
  jobs.enqueue(receiptRenderJob, { instituteId }, { key: String(instituteId) });

/**
 * Every minute: a drawing job for each institute with receipts still to draw, for those whose job was never enqueued
 * (a process that stopped between the commit and the enqueue) or gave up its retries.
 */
export const receiptRenderSweepJob = defineJob({
  name: 'receipt-render-sweep',
  everySeconds: 60,
  retries: 0,
  async run(context) {
    const institutes = new Set((await findReceiptsToDraw(context.db, { limit: 500 })).map((row) => row.instituteId));
    for (const instituteId of institutes) await enqueueReceipts(context.jobs, instituteId);
  },
});
