import { setTimeout as sleep } from 'node:timers/promises';
import { filesContract } from '@campus/domain/files/files.contract';
import { previewNotSupported, previewUnavailable } from '@campus/domain/media/media-rules';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { defineRoute } from '../../access/define-route.ts';
import { findGrantedFile, findGrantedPoster } from '../library/index.ts';
import { AppError } from '../../errors.ts';
import { sendStoredFile } from '../../lib/serve-file.ts';
import { courseGrantOfCookies } from '../../lib/signed-urls.ts';
import { mimeForKey } from '../../lib/storage.ts';
import { findPreview } from '../../lib/office-preview.repository.ts';
import { enqueueOfficePreview } from './office-preview.jobs.ts';

/** How often a preview request looks at its document's row while the conversion job runs. */
const previewPollMs = 250;

/**
 * Serves a stored file to whoever holds a valid signed address, at its institute's host: the route that handed the
 * address out checked the user's right to it. Downloads are attachments, and nosniff keeps a file from being run as
 * a page. Range requests are answered (206), so a PDF, audio or video seeks without being read whole; an office
 * file's preview grant serves its PDF.
 */
export async function filesRoutes(app: FastifyInstance, { officePreviewWaitMs }: { officePreviewWaitMs: number }) {
  const refused = () => new AppError(403, 'FORBIDDEN', 'This file link is invalid or has expired.');
  const unavailable = (reply: FastifyReply, retryAfterSeconds?: number) => {
    if (retryAfterSeconds !== undefined) reply.header('retry-after', String(Math.max(1, retryAfterSeconds)));
    return new AppError(503, 'UNAVAILABLE', previewUnavailable);
  };

  /**
   * The stored PDF preview of an office file: converted by the office-preview job (here or in a worker), which this
   * request enqueues and waits for a bounded time. Without one, says whose fault it is: the file's (415, the spec's
   * 'Preview not supported'), or this server's for now (503, with when to ask again when that is known).
   */
  async function previewKeyOf(sourceKey: string, reply: FastifyReply): Promise<string> {
    const deadline = performance.now() + officePreviewWaitMs;
    let enqueued = false;
    for (;;) {
      const row = await findPreview(app.db, sourceKey);
      if (row?.previewFileKey) return row.previewFileKey;
      if (row?.failed) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', previewNotSupported);
      if (row?.retryAt && row.retryAt > app.now()) {
        throw unavailable(reply, Math.ceil((row.retryAt.getTime() - app.now().getTime()) / 1000));
      }
      // This process runs the jobs and has no converter: none will come.
      if (app.officePreviews && !app.officePreviews.converts) throw unavailable(reply);
      if (!enqueued) {
        await enqueueOfficePreview(app.jobs, sourceKey);
        enqueued = true;
      }
      if (performance.now() >= deadline) throw unavailable(reply, 15);
      await sleep(previewPollMs);
    }
  }

  defineRoute(app, filesContract.file, async ({ params, query, request, reply }) => {
    const grant = app.signer.verify(params.token, app.now());
    // An address works only at the host names of the institute that handed it out.
    if (!grant || grant.instituteId !== (await app.instituteIdOfHost(request))) {
      throw refused();
    }
    let { key, type, name } = grant;
    const disposition = query.download === '1' && grant.downloadable ? 'attachment' : grant.disposition;
    if (grant.preview === 'pdf') {
      key = await previewKeyOf(grant.key, reply);
      type = 'application/pdf';
      name = `${name.replace(/\.[^.]*$/, '')}.pdf`;
    }
    return sendStoredFile(app.storage, request, reply, {
      key,
      type,
      name,
      disposition,
      maxAgeSeconds: Math.max(0, Math.floor((grant.expiresAt - app.now().getTime()) / 1000)),
    });
  });

  // A file of a course under its course grant (the cookie the study-material answer set): the same answers as
  // above, the file's name, type, read-only flag and kind read from its row, which must belong to the granted
  // institute and course.
  defineRoute(app, filesContract.courseFile, async ({ params, query, request, reply }) => {
    const grant = courseGrantOfCookies(app.signer, request.headers.cookie, params.course, app.now());
    if (!grant || grant.instituteId !== (await app.instituteIdOfHost(request))) throw refused();
    const maxAgeSeconds = Math.max(0, Math.floor((grant.expiresAt - app.now().getTime()) / 1000));
    if (query.poster !== undefined) {
      const posterKey = await findGrantedPoster(app.db, grant.instituteId, grant.courseId, params.file, query.poster);
      if (!posterKey) throw refused();
      const type = mimeForKey(posterKey);
      // Only images are posters: anything else stored under a poster's key is not shown as one.
      if (!type.startsWith('image/')) throw refused();
      return sendStoredFile(app.storage, request, reply, {
        key: posterKey,
        type,
        name: `poster-${query.poster + 1}.${posterKey.split('.').at(-1) ?? 'png'}`,
        disposition: 'inline',
        maxAgeSeconds,
      });
    }
    const file = await findGrantedFile(app.db, grant.instituteId, grant.courseId, params.file);
    // Another course's file, another institute's, or none: the same refusal, naming nothing.
    if (!file) throw refused();
    let key = file.fileKey;
    let type = mimeForKey(file.fileKey);
    let name = file.fileName || file.title;
    let disposition: 'inline' | 'attachment' = query.download === '1' && !file.isReadonly ? 'attachment' : 'inline';
    if (query.preview === 'pdf') {
      if (file.kind !== 'office') throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', previewNotSupported);
      key = await previewKeyOf(file.fileKey, reply);
      type = 'application/pdf';
      name = `${name.replace(/\.[^.]*$/, '')}.pdf`;
      disposition = 'inline';
    }
    return sendStoredFile(app.storage, request, reply, {
      key,
      type,
      name,
      disposition,
      maxAgeSeconds,
    });
  });
}
