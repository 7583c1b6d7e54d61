import {
  assignmentMessages,
  canSaveDraft,
  canSubmit,
  deriveStudentStatus,
  maxAssignmentBytes,
  maxAssignmentFiles,
  maxAssignmentLinks,
  validateLink,
} from '@campus/domain/assignments/assignment-rules';
import { updateAssignmentJsonSchema, type UpdateAssignmentJson } from '@campus/domain/assignments/assignments.contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Storage } from '../../lib/storage.ts';
import {
  findIdempotentAnswer,
  idempotentRequestOf,
  receiveUpload,
  storeIdempotentAnswer,
  uploadSlots,
  type ReceivedFile,
  type UploadForm,
} from '../../lib/uploads.ts';
import type { AuthContext } from '../../types.d.ts';
import type { AssignmentRow } from './assignments.repository.ts';
import {
  deleteAttachments,
  findAttachments,
  findSubmissionTotals,
  insertAttachments,
  lockSubmission,
  updateSubmission,
} from './assignments.repository.ts';

export { maxConcurrentUploads, uploadBusyMessage } from '../../lib/uploads.ts';

type Answer = { statusCode: number; message: string };

/** A submission's files: up to 20 and 150 MB together, of the kinds spec part 1 §5 names, with fileJson. */
const submissionForm: UploadForm<UpdateAssignmentJson> = {
  maxFiles: maxAssignmentFiles,
  maxBytes: maxAssignmentBytes,
  jsonField: 'fileJson',
  jsonSchema: updateAssignmentJsonSchema,
  messages: {
    tooManyFiles: assignmentMessages.tooManyFiles,
    tooLarge: assignmentMessages.totalTooLarge,
    notMultipart: 'Send the assignment as multipart/form-data',
    notAccepted: (name) =>
      `"${name.slice(0, 60)}" is not an accepted file: send Word, Excel, PowerPoint, text, PDF, images or MP4/M4V video.`,
  },
};

const linksMessage = `You can add up to ${maxAssignmentLinks} links only.`;

/**
 * Refuses (and so rolls back) a save that left the submission past its limits, counted under the submission's row
 * lock: the checks before the upload saw the state of that moment, and a parallel save may have added to it since.
 */
async function checkStoredLimits(tx: Db, instituteId: number, submissionId: number): Promise<void> {
  const totals = await findSubmissionTotals(tx, instituteId, submissionId);
  if (totals!.files > maxAssignmentFiles) {
    throw new AppError(400, 'VALIDATION_FAILED', assignmentMessages.tooManyFiles);
  }
  if (totals!.bytes > maxAssignmentBytes)
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', assignmentMessages.totalTooLarge);
  if (totals!.links > maxAssignmentLinks) {
    throw new AppError(400, 'VALIDATION_FAILED', linksMessage);
  }
}

/** Saves a submission while holding one of the account's upload slots; refuses (429) when none is free. */
export function saveSubmissionLimited(
  db: Db,
  storage: Storage,
  request: FastifyRequest,
  auth: AuthContext,
  now: Date,
  authorize: (json: UpdateAssignmentJson) => Promise<AssignmentRow>,
): Promise<Answer> {
  return uploadSlots.withUploadSlot(auth, () => saveSubmission(db, storage, request, auth, now, authorize));
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
  /**
   * Runs the policies of the ids in fileJson (institute, student, assignment, attachments); answers the assignment.
   * Called as soon as fileJson is read, before any file part.
   */
  authorize: (json: UpdateAssignmentJson) => Promise<AssignmentRow>,
): Promise<Answer> {
  let authorized: AssignmentRow | undefined;
  const authorizeJson = async (json: UpdateAssignmentJson) => {
    authorized = await authorize(json);
  };
  return receiveUpload(
    request,
    storage,
    submissionForm,
    authorizeJson,
    async ({ json, files: uploads, requestHash, store }) => {
      const row = authorized!;
      // A replay is answered only after its ids passed their policies: no answer leaves without that check. The key
      // answers only the request it was first sent with.
      const idempotent = idempotentRequestOf(request, requestHash);
      if (idempotent) {
        const earlier = await findIdempotentAnswer<Answer>(db, auth, idempotent);
        if (earlier) return earlier;
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
      const isSame = (upload: ReceivedFile, other: { sha256: string | null; displayName: string }) =>
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
      if (totalBytes > maxAssignmentBytes)
        throw new AppError(413, 'PAYLOAD_TOO_LARGE', assignmentMessages.totalTooLarge);
      if (keptLinks.length + json.url_lists.length > maxAssignmentLinks) {
        throw new AppError(400, 'VALIDATION_FAILED', linksMessage);
      }
      if (kept.length + fresh.length + json.url_lists.length === 0) {
        throw new AppError(400, 'VALIDATION_FAILED', assignmentMessages.nothingToSubmit);
      }

      const message =
        json.student_status === 'Submitted' ? assignmentMessages.submitted : assignmentMessages.savedDraft;
      const answer = { statusCode: 200, message };
      const removedKeys = removed.map((file) => file.fileKey).filter((key): key is string => key !== null);
      await store(db, fresh, removedKeys, async (tx, keys) => {
        // The submission row, created if missing, is locked for the rest of the transaction: saves of one submission
        // commit one after the other, and the limits below count what the earlier ones stored.
        const submission = await lockSubmission(tx, {
          instituteId: auth.instituteId,
          assignmentId: row.assignment.id,
          studentId: auth.studentId!,
          now,
        });
        // A concurrent submit that won the race keeps its submission.
        if (!submission || submission.status !== 'Draft') {
          throw new AppError(409, 'CONFLICT', 'This assignment is already submitted.');
        }
        await updateSubmission(tx, auth.instituteId, submission.id, {
          status: json.student_status,
          studentComment: json.student_comment,
          submittedAt: json.student_status === 'Submitted' ? now : null,
          updatedAt: now,
        });
        if (removed.length > 0) {
          await deleteAttachments(
            tx,
            auth.instituteId,
            removed.map((file) => file.id),
          );
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
        if (rows.length > 0) await insertAttachments(tx, rows);
        await checkStoredLimits(tx, auth.instituteId, submission.id);
        if (idempotent) await storeIdempotentAnswer(tx, auth, idempotent, answer);
      });
      return answer;
    },
  );
}
