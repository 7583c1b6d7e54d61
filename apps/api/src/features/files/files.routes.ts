import { filesContract } from '@campus/domain/files/files.contract';
import { previewNotSupported, previewUnavailable } from '@campus/domain/media/media-rules';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { defineRoute } from '../../access/define-route.ts';
import { findGrantedFile, findGrantedPoster } from '../library/index.ts';
import { AppError } from '../../errors.ts';
import { sendStoredFile } from '../../lib/serve-file.ts';
import { courseGrantOfCookies } from '../../lib/signed-urls.ts';
import { mimeForKey } from '../../lib/storage.ts';
import { defaultSandboxLimits, findSandboxTools, sandboxedConverter } from '../../lib/document-sandbox.ts';
import { officePreviewer, type OfficeConverter, type OfficePreviewLimits } from '../../lib/office-preview.ts';

/** How office files are previewed: by the converter given, or by LibreOffice in the document sandbox. */
export interface OfficePreviewSettings {
  /** undefined: LibreOffice in the sandbox when both are installed; null: no previews; a function: that converter. */
  officeConverter?: OfficeConverter | null;
  /** The sandbox's limits per conversion, and how many conversions run at once. */
  officePreviews?: OfficePreviewLimits;
}

/**
 * The converter to use. LibreOffice never runs outside the sandbox: without bubblewrap, office files are not
 * previewed (they can still be downloaded), and the log says why.
 */
function officeConverterFor(app: FastifyInstance, options: OfficePreviewSettings): OfficeConverter | undefined {
  if (options.officeConverter !== undefined) return options.officeConverter ?? undefined;
  const { soffice, bwrap } = findSandboxTools();
  if (!soffice) {
    app.log.warn('office previews are off: LibreOffice (soffice) was not found');
    return undefined;
  }
  if (!bwrap) {
    app.log.warn('office previews are off: LibreOffice runs only in the bubblewrap sandbox, and bwrap was not found');
    return undefined;
  }
  return sandboxedConverter({ soffice, bwrap }, { ...defaultSandboxLimits, ...options.officePreviews });
}

/**
 * Serves a stored file to whoever holds a valid signed address, at its institute's host: the route that handed the
 * address out checked the user's right to it. Downloads are attachments, and nosniff keeps a file from being run as
 * a page. Range requests are answered (206), so a PDF, audio or video seeks without being read whole; an office
 * file's preview grant serves its PDF.
 */
export async function filesRoutes(
  app: FastifyInstance,
  { officePreviews: options }: { officePreviews: OfficePreviewSettings },
) {
  const previewOf = officePreviewer(app.db, app.storage, officeConverterFor(app, options), {
    atOnce: options.officePreviews?.atOnce ?? 2,
    now: app.now,
    log: app.log,
  });

  const refused = () => new AppError(403, 'FORBIDDEN', 'This file link is invalid or has expired.');

  /** The answer for an office file with no preview: the file's fault (415), or this server's for now (503). */
  const noPreview = async (sourceKey: string, reply: FastifyReply) => {
    const { reason, retryAt } = await previewOf.whyNone(sourceKey);
    if (reason === 'refused') return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', previewNotSupported);
    if (retryAt) {
      reply.header('retry-after', String(Math.max(1, Math.ceil((retryAt.getTime() - app.now().getTime()) / 1000))));
    }
    return new AppError(503, 'UNAVAILABLE', previewUnavailable);
  };

  defineRoute(app, filesContract.file, async ({ params, query, request, reply }) => {
    const grant = app.signer.verify(params.token, app.now());
    // An address works only at the host names of the institute that handed it out.
    if (!grant || grant.instituteId !== (await app.instituteIdOfHost(request))) {
      throw refused();
    }
    let { key, type, name } = grant;
    const disposition = query.download === '1' && grant.downloadable ? 'attachment' : grant.disposition;
    if (grant.preview === 'pdf') {
      const previewKey = await previewOf(grant.key);
      if (!previewKey) throw await noPreview(grant.key, reply);
      key = previewKey;
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
      const previewKey = await previewOf(file.fileKey);
      if (!previewKey) throw await noPreview(file.fileKey, reply);
      key = previewKey;
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
