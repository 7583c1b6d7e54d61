import { defineJob, type JobEnqueuer } from '../../lib/job-queue.ts';
import { findPreviewsDue } from '../../lib/office-preview.repository.ts';

// Which stored files are office documents: the converter's own list (lib/office-preview.ts).
export { isOfficeName } from '../../lib/office-preview.ts';

// Office previews in the background (issue 30): LibreOffice runs where jobs run (the worker beside API processes, or
// the API process itself on WORKER=inline), never in an API process that only enqueues. A job is keyed by the source
// file's storage key, so a file is converted once however many processes ask at once; the conversion itself skips a
// file that already has its preview or was refused (lib/office-preview.ts), so a job run twice converts nothing twice.

/** Raised when a conversion could not reach a verdict (the store was away): pg-boss tries again after a pause. */
class PreviewNotReached extends Error {
  override name = 'PreviewNotReached';
}

/** Converts one stored office file to its PDF preview, unless it has one or was refused. */
export const officePreviewJob = defineJob<{ key: string }>({
  name: 'office-preview',
  pollSeconds: 1,
  retries: 3,
  retryDelaySeconds: 10,
  // The sandbox ends a conversion at OFFICE_PREVIEW_SECONDS (600 at most); a run longer than this lost its worker.
  timeoutSeconds: 900,
  atOnce: (context) => context.officePreviews?.atOnce ?? 1,
  async run(context, { key }) {
    const previewer = context.officePreviews;
    if (!previewer?.converts) {
      context.log.warn({ key }, 'office preview not made: this process has no converter (LibreOffice and bubblewrap)');
      return;
    }
    if (await previewer(key)) return;
    const why = await previewer.whyNone(key);
    // A refusal and a limit's pause are remembered in the row; anything else reached no verdict: try again.
    if (why.reason === 'later' && !why.retryAt) throw new PreviewNotReached(key);
  },
});

/** Enqueues the preview of a stored office file (joins the job already waiting for it, if any). */
export const enqueueOfficePreview = (jobs: JobEnqueuer, key: string) =>
  jobs.enqueue(officePreviewJob, { key }, { key });

/** Every minute: a job for each conversion a limit stopped whose pause has ended (lib/office-preview.ts retryAt). */
export const officePreviewRetriesJob = defineJob({
  name: 'office-preview-retries',
  everySeconds: 60,
  retries: 0,
  async run(context) {
    if (!context.officePreviews?.converts) return;
    for (const key of await findPreviewsDue(context.db, context.now(), 100)) {
      await enqueueOfficePreview(context.jobs, key);
    }
  },
});
