import { documentsContract, type DocumentItem } from '@campus/domain/documents/documents.contract';
import { ddMmYyyy } from '@campus/domain/documents/documents-rules';
import { encodeYoutubeId, previewNotSupported } from '@campus/domain/media/media-rules';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../access/define-route.ts';
import { entitlementValues, findEntitledCourses } from '../library/index.ts';
import { AppError } from '../../errors.ts';
import { fileUrl } from '../../lib/signed-urls.ts';
import { sendStoredFile } from '../../lib/serve-file.ts';
import { mimeForKey } from '../../lib/storage.ts';
import { registerRowVideoSource } from '../media/index.ts';
import {
  addDocumentWatch,
  countDocumentDownload,
  findByCourse,
  findBySubject,
  findEntitledVideoDocument,
  findStudentSubjects,
  type DocumentRow,
} from './documents.repository.ts';

const fileUrlLifetimeMs = 30 * 60 * 1000;
/** The PDF viewer follows the redirect at once and reads the preview in ranges for a few minutes at most. */
const previewRedirectLifetimeMs = 10 * 60 * 1000;

/** No Range header, or one that starts at the first byte: the start of a download. */
const startsAtFirstByte = (range: string | undefined) => range === undefined || /^bytes=0-/.test(range);

// Documents holding a Vimeo, VdoCipher or YouTube id answer the shared video calls (media area).
registerRowVideoSource('documents', findEntitledVideoDocument, addDocumentWatch);

/** Documents (spec part 1 §2 Documents, §7): by subject for students, by e-course for open-course users. */
export async function documentsRoutes(app: FastifyInstance) {
  defineRoute(app, documentsContract.subjects, async ({ scope }) => {
    const { instituteId, studentId, academicYearId } = scope.session;
    if (studentId === null) {
      const courses = await findEntitledCourses(app.db, await entitlementValues(scope, app.now()));
      return { result: { subject_list: courses.map((c) => ({ course_id: c.id, course_name: c.name })) } };
    }
    const subjects = await findStudentSubjects(app.db, instituteId, studentId, academicYearId);
    return { result: { subject_list: subjects.map((s) => ({ subject_id: s.id, subject_name: s.name })) } };
  });

  defineRoute(app, documentsContract.subjectLevel, async ({ scope, query }) => {
    const { instituteId } = scope.session;
    let rows: DocumentRow[];
    if (query.subject_id !== undefined) rows = await findBySubject(app.db, instituteId, query.subject_id);
    else if (scope.course) rows = await findByCourse(app.db, instituteId, scope.course.id);
    else throw new AppError(400, 'BAD_REQUEST', 'subject_id or eCourse_id is required');
    const expiresAt = app.now().getTime() + fileUrlLifetimeMs;
    const sign = (row: DocumentRow, disposition: 'inline' | 'attachment', preview?: 'pdf') =>
      row.fileKey
        ? fileUrl(app.signer, {
            instituteId,
            key: row.fileKey,
            name: row.fileName || row.title,
            type: mimeForKey(row.fileKey),
            disposition,
            expiresAt,
            ...(preview ? { preview } : {}),
            ...(!preview && !row.isReadonly ? { downloadable: true as const } : {}),
          })
        : '';
    const fileMap: Record<string, DocumentItem[]> = {};
    for (const row of rows) {
      const url = sign(row, 'inline');
      (fileMap[row.category] ??= []).push({
        file_id: row.id,
        file_name: row.fileName,
        file_url: url,
        preview_url: row.kind === 'office' ? sign(row, 'inline', 'pdf') : '',
        title: row.title,
        size: row.sizeBytes,
        category_name: row.category as DocumentItem['category_name'],
        subject_name: row.subjectName,
        student_file_share_date: ddMmYyyy(row.sharedOn),
        is_readonly: row.isReadonly ? 'Y' : 'N',
        thumbnail_list: row.kind === 'image' ? [{ posterUrl: url }] : [],
        proc_id: row.kind === 'youtube' && row.videoId ? encodeYoutubeId(row.videoId) : '',
        vimeo_video_id: row.kind === 'vimeo' ? (row.videoId ?? '') : '',
        vdo_video_id: row.kind === 'vdocipher' ? (row.videoId ?? '') : '',
        kind: row.kind,
      });
    }
    const { isVimeoDownloadable } = await scope.settings();
    return { result: { fileMap, vimeo_video_downlodable: isVimeoDownloadable ? 1 : 0 } };
  });

  // The spec's download calls (part 1 §7): the session's Authorization is the proof, checked by the `document`
  // policy on every request, so the file is streamed straight back (Range answered, as the signed addresses do).
  defineRoute(app, documentsContract.downloadFile, async ({ scope, request, reply }) => {
    const document = scope.document!;
    // A read-only document is viewed, never downloaded (spec part 1 §5): the same answer as no file at all.
    if (!document.fileKey || document.isReadonly) throw new AppError(404, 'NOT_FOUND', 'Not Found');
    // A download counts once, not once per range a resuming client asks for.
    if (startsAtFirstByte(request.headers.range)) {
      await countDocumentDownload(app.db, scope.session.instituteId, document.id);
    }
    return sendStoredFile(app.storage, request, reply, {
      key: document.fileKey,
      type: mimeForKey(document.fileKey),
      name: document.fileName || document.title,
      disposition: 'attachment',
      maxAgeSeconds: 0,
    });
  });

  defineRoute(app, documentsContract.pdfFile, async ({ scope, request, reply }) => {
    const document = scope.document!;
    if (!document.fileKey) throw new AppError(404, 'NOT_FOUND', 'Not Found');
    const name = document.fileName || document.title;
    if (document.kind === 'office') {
      // Converted once by the office-preview job (features/files): the viewer follows to a short-lived address of
      // the PDF, signed now that the policy has allowed the document.
      const preview = fileUrl(app.signer, {
        instituteId: scope.session.instituteId,
        key: document.fileKey,
        name,
        type: mimeForKey(document.fileKey),
        disposition: 'inline',
        expiresAt: app.now().getTime() + previewRedirectLifetimeMs,
        preview: 'pdf',
      });
      return reply.header('cache-control', 'no-store').redirect(preview, 302) as never;
    }
    if (mimeForKey(document.fileKey) !== 'application/pdf') {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', previewNotSupported);
    }
    return sendStoredFile(app.storage, request, reply, {
      key: document.fileKey,
      type: 'application/pdf',
      name,
      disposition: 'inline',
      maxAgeSeconds: 0,
    });
  });
}
