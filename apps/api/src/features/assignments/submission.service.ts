import {
  assignmentMessages,
  canSaveDraft,
  canSubmit,
  cleanFileName,
  deriveStudentStatus,
  detectUploadKind,
  extensionOf,
  fileNameProblem,
  maxAssignmentBytes,
  maxAssignmentFiles,
  maxAssignmentLinks,
  validateLink,
} from '@campus/domain/assignments/assignment-rules';
import { updateAssignmentJsonSchema, type UpdateAssignmentJson } from '@campus/domain/assignments/assignments.contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { clearJournal, journalFiles } from '../../db/pending-files.ts';
import { assignmentAttachments, idempotentWrites, submissions } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Staged, Storage } from '../../lib/storage.ts';
import type { AuthContext } from '../../types.d.ts';
import type { AssignmentRow } from '../../access/access.repository.ts';
import { findAttachments, findIdempotentAnswer } from './assignments.repository.ts';

interface Upload {
  staged: Staged;
  name: string;
}

const multipartLimits = {
  files: maxAssignmentFiles,
  fileSize: maxAssignmentBytes,
  fields: 5,
  fieldSize: 200_000,
  parts: 40,
};

/** Maps what @fastify/multipart raises on a limit to the spec's messages. */
function limitError(error: unknown): AppError | undefined {
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return new AppError(413, 'PAYLOAD_TOO_LARGE', assignmentMessages.tooManyFiles);
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError(413, 'PAYLOAD_TOO_LARGE', assignmentMessages.totalTooLarge);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError(413, 'PAYLOAD_TOO_LARGE', 'Too many parts');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the assignment as multipart/form-data');
  }
  // The multipart parser's own complaints (a cut or garbled body) carry no code; disk errors carry an errno code.
  if (error instanceof Error && !(error instanceof AppError) && code === undefined) {
    return new AppError(
      400,
      'BAD_REQUEST',
      'The upload could not be read: send multipart/form-data with the files and a fileJson part',
    );
  }
  return undefined;
}

/**
 * Reads the multipart request: every file streams to a staged object (never whole in memory) under the
 * 20-file and 150 MB limits, and is recognised by its content; the fileJson part is validated. On any
 * failure what was staged is discarded, so nothing is stored.
 */
async function readUpload(
  request: FastifyRequest,
  storage: Storage,
): Promise<{ json: UpdateAssignmentJson; uploads: Upload[] }> {
  const uploads: Upload[] = [];
  let json: UpdateAssignmentJson | undefined;
  let total = 0;
  try {
    for await (const part of request.parts({ limits: multipartLimits })) {
      if (part.type === 'file') {
        const nameProblem = fileNameProblem(part.filename ?? '');
        if (nameProblem) throw new AppError(400, 'VALIDATION_FAILED', nameProblem);
        const name = cleanFileName(part.filename ?? '');
        const staged = await storage.stage(part.file, (bytes) => {
          total += bytes;
          if (total > maxAssignmentBytes)
            throw new AppError(413, 'PAYLOAD_TOO_LARGE', assignmentMessages.totalTooLarge);
        });
        uploads.push({ staged, name });
        if (part.file.truncated) throw new AppError(413, 'PAYLOAD_TOO_LARGE', assignmentMessages.totalTooLarge);
        if (!detectUploadKind(staged.head, name)) {
          throw new AppError(
            415,
            'UNSUPPORTED_MEDIA_TYPE',
            `"${name.slice(0, 60)}" is not an accepted file: send Word, Excel, PowerPoint, text, PDF, images or MP4/M4V video.`,
          );
        }
      } else if (part.fieldname === 'fileJson') {
        let raw: unknown;
        try {
          raw = JSON.parse(String(part.value));
        } catch {
          throw new AppError(400, 'VALIDATION_FAILED', 'fileJson: must be JSON');
        }
        const parsed = updateAssignmentJsonSchema.safeParse(raw);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          throw new AppError(400, 'VALIDATION_FAILED', `fileJson.${issue.path.join('.') || 'body'}: ${issue.message}`);
        }
        json = parsed.data;
      }
    }
    if (!json) throw new AppError(400, 'VALIDATION_FAILED', 'fileJson: is required');
    return { json, uploads };
  } catch (error) {
    await Promise.all(uploads.map((upload) => storage.discard(upload.staged)));
    throw limitError(error) ?? error;
  }
}

/** Uploads one account may have streaming at once (per API process). */
export const maxConcurrentUploads = 2;
export const uploadBusyMessage = 'Another upload is still in progress. Please wait for it to finish.';
const uploadsInFlight = new Map<string, number>();

/** Saves a submission while holding one of the account's upload slots; refuses (429) when none is free. */
export async function saveSubmissionLimited(
  db: Db,
  storage: Storage,
  request: FastifyRequest,
  auth: AuthContext,
  now: Date,
  authorize: (json: UpdateAssignmentJson) => Promise<AssignmentRow>,
): Promise<{ statusCode: number; message: string }> {
  const slot = `${auth.instituteId}:${auth.accountUserId}`;
  const busy = uploadsInFlight.get(slot) ?? 0;
  if (busy >= maxConcurrentUploads) throw new AppError(429, 'TOO_MANY_REQUESTS', uploadBusyMessage);
  uploadsInFlight.set(slot, busy + 1);
  try {
    return await saveSubmission(db, storage, request, auth, now, authorize);
  } finally {
    const left = (uploadsInFlight.get(slot) ?? 1) - 1;
    if (left > 0) uploadsInFlight.set(slot, left);
    else uploadsInFlight.delete(slot);
  }
}

/**
 * Saves a draft or submits (spec part 1 §4–§5), with every rule checked on the server. Files are committed
 * to storage under journaled keys before the rows that point at them, so a crash leaves either the old state
 * or the new one; a replay (same Idempotency-Key, or the same files and comment sent again after a dropped
 * connection) changes nothing and answers success.
 */
export async function saveSubmission(
  db: Db,
  storage: Storage,
  request: FastifyRequest,
  auth: AuthContext,
  now: Date,
  /** Runs the policies of the ids in fileJson (institute, student, assignment, attachments); answers the assignment. */
  authorize: (json: UpdateAssignmentJson) => Promise<AssignmentRow>,
): Promise<{ statusCode: number; message: string }> {
  const rawKey = request.headers['idempotency-key'];
  const idempotencyKey = typeof rawKey === 'string' && rawKey.length > 0 && rawKey.length <= 100 ? rawKey : undefined;

  const { json, uploads } = await readUpload(request, storage);
  const discardAll = () => Promise.all(uploads.map((upload) => storage.discard(upload.staged)));
  let committedKeys: string[] = [];
  try {
    const row = await authorize(json);
    // A replay is answered only after its ids passed their policies: no answer leaves without that check.
    if (idempotencyKey) {
      const earlier = await findIdempotentAnswer(db, auth.instituteId, auth.accountUserId, idempotencyKey);
      if (earlier) {
        await discardAll();
        return earlier;
      }
    }
    for (const link of json.url_lists) {
      const problem = validateLink(link);
      if (problem) throw new AppError(400, 'VALIDATION_FAILED', problem);
    }
    const existing = await findAttachments(
      db,
      auth.instituteId,
      row.assignment.id,
      ['student_file', 'student_link'],
      row.submission?.id ?? null,
    );

    const isPast = now.getTime() > row.assignment.dueAt.getTime();
    const status = deriveStudentStatus(row.submission?.status ?? null, isPast, row.assignment.isLateAllowed);
    const isReplay =
      status === 'Submitted' &&
      json.student_status === 'Submitted' &&
      json.attachmentId_array.length === 0 &&
      json.student_comment === row.submission?.studentComment &&
      uploads.every((upload) =>
        existing.some((file) => file.sha256 === upload.staged.sha256 && file.displayName === upload.name),
      ) &&
      json.url_lists.every((link) =>
        existing.some((file) => file.kind === 'student_link' && file.url === link.url.trim()),
      );
    if (isReplay) {
      await discardAll();
      return { statusCode: 200, message: assignmentMessages.submitted };
    }
    if (json.student_status === 'Draft' && !canSaveDraft(status, isPast)) {
      throw new AppError(
        409,
        'CONFLICT',
        status === 'Submitted'
          ? 'This assignment is already submitted.'
          : 'A draft can be saved only while the assignment is ongoing.',
      );
    }
    if (json.student_status === 'Submitted' && !canSubmit(status)) {
      throw new AppError(
        409,
        'CONFLICT',
        status === 'Submitted'
          ? 'This assignment is already submitted.'
          : 'The due date has passed and late submission is not allowed.',
      );
    }
    const removed = existing.filter((file) => json.attachmentId_array.includes(file.id));
    if (removed.length !== new Set(json.attachmentId_array).size) {
      throw new AppError(400, 'VALIDATION_FAILED', 'attachmentId_array names an attachment that is not yours');
    }
    const kept = existing.filter((file) => !json.attachmentId_array.includes(file.id));
    // The same file under the same name, already kept or sent twice, is stored once.
    const isSame = (upload: Upload, other: { sha256: string | null; displayName: string }) =>
      other.sha256 === upload.staged.sha256 && other.displayName === upload.name;
    const fresh = uploads.filter(
      (upload, index) =>
        !kept.some((file) => isSame(upload, file)) &&
        uploads.findIndex((other) => isSame(upload, { sha256: other.staged.sha256, displayName: other.name })) ===
          index,
    );
    const keptFiles = kept.filter((file) => file.kind === 'student_file');
    const keptLinks = kept.filter((file) => file.kind === 'student_link');
    if (keptFiles.length + fresh.length > maxAssignmentFiles) {
      throw new AppError(400, 'VALIDATION_FAILED', assignmentMessages.tooManyFiles);
    }
    const totalBytes =
      keptFiles.reduce((sum, file) => sum + file.sizeBytes, 0) +
      fresh.reduce((sum, upload) => sum + upload.staged.size, 0);
    if (totalBytes > maxAssignmentBytes) throw new AppError(413, 'PAYLOAD_TOO_LARGE', assignmentMessages.totalTooLarge);
    if (keptLinks.length + json.url_lists.length > maxAssignmentLinks) {
      throw new AppError(400, 'VALIDATION_FAILED', `You can add up to ${maxAssignmentLinks} links only.`);
    }
    if (kept.length + fresh.length + json.url_lists.length === 0) {
      throw new AppError(400, 'VALIDATION_FAILED', assignmentMessages.nothingToSubmit);
    }

    // 1. Journal the new keys, 2. move the files under them, 3. commit the rows and clear the journal.
    const keys = fresh.map((upload) => storage.reserveKey(extensionOf(upload.name)));
    await journalFiles(db, keys);
    committedKeys = keys;
    for (const [index, upload] of fresh.entries()) await storage.commit(upload.staged, keys[index]!);
    const message = json.student_status === 'Submitted' ? assignmentMessages.submitted : assignmentMessages.savedDraft;
    const answer = { statusCode: 200, message };
    const removedKeys = removed.map((file) => file.fileKey).filter((key): key is string => key !== null);
    await db.transaction(async (tx) => {
      const [submission] = await tx
        .insert(submissions)
        .values({
          instituteId: auth.instituteId,
          assignmentId: row.assignment.id,
          studentId: auth.studentId!,
          status: json.student_status,
          studentComment: json.student_comment,
          submittedAt: json.student_status === 'Submitted' ? now : null,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [submissions.instituteId, submissions.assignmentId, submissions.studentId],
          set: {
            status: json.student_status,
            studentComment: json.student_comment,
            submittedAt: json.student_status === 'Submitted' ? now : null,
            updatedAt: now,
          },
          // A concurrent submit that won the race keeps its submission.
          setWhere: eq(submissions.status, 'Draft'),
        })
        .returning({ id: submissions.id });
      if (!submission) throw new AppError(409, 'CONFLICT', 'This assignment is already submitted.');
      if (removed.length > 0) {
        await tx.delete(assignmentAttachments).where(
          and(
            eq(assignmentAttachments.instituteId, auth.instituteId),
            inArray(
              assignmentAttachments.id,
              removed.map((file) => file.id),
            ),
          ),
        );
        await journalFiles(tx, removedKeys);
      }
      const rows = [
        ...fresh.map((upload, index) => ({
          instituteId: auth.instituteId,
          assignmentId: row.assignment.id,
          submissionId: submission.id,
          kind: 'student_file' as const,
          displayName: upload.name,
          fileKey: keys[index]!,
          sizeBytes: upload.staged.size,
          sha256: upload.staged.sha256,
        })),
        ...json.url_lists.map((link) => ({
          instituteId: auth.instituteId,
          assignmentId: row.assignment.id,
          submissionId: submission.id,
          kind: 'student_link' as const,
          displayName: link.display_name.trim(),
          url: link.url.trim(),
          remarks: link.remarks ?? '',
        })),
      ];
      if (rows.length > 0) await tx.insert(assignmentAttachments).values(rows).onConflictDoNothing();
      await clearJournal(tx, keys);
      if (idempotencyKey) {
        await tx
          .insert(idempotentWrites)
          .values({ instituteId: auth.instituteId, userId: auth.accountUserId, key: idempotencyKey, answer })
          .onConflictDoNothing();
      }
    });
    committedKeys = [];
    await discardAll();
    // Removed files go now; were the process to die here, the journal has them for the start-up sweep.
    for (const key of removedKeys) await storage.remove(key);
    await clearJournal(db, removedKeys);
    return answer;
  } catch (error) {
    await discardAll();
    // Files moved into place for rows that were never committed: nothing points at them.
    for (const key of committedKeys) await storage.remove(key).catch(() => undefined);
    await clearJournal(db, committedKeys).catch(() => undefined);
    throw error;
  }
}
