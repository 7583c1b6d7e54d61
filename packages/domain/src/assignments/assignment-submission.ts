import {
  assignmentCategoryId,
  assignmentMessages,
  acceptedUploadExtensions,
  extensionOf,
  maxAssignmentBytes,
  maxAssignmentFiles,
  maxAssignmentLinks,
} from './assignment-rules.ts';
import type { UpdateAssignmentJson } from './assignments.contract.ts';

/** The `accept` attribute of the file picker. */
export const uploadAccept = acceptedUploadExtensions.map((extension) => `.${extension}`).join(',');

/** Shown when a picked file is of a kind the portal does not take. */
export const notAcceptedMessage = (name: string) =>
  `"${name}" is not an accepted file: choose Word, Excel, PowerPoint, text, PDF, images or MP4/M4V video.`;

/** True when the file name's extension is one a student may upload. */
export const isAcceptedUpload = (name: string) =>
  (acceptedUploadExtensions as readonly string[]).includes(extensionOf(name));

/** What is about to be sent: new files, previous files and links kept, and new links. */
export interface SubmissionDraft {
  newFiles: { size: number }[];
  keptFiles: { size: number }[];
  keptLinkCount: number;
  newLinkCount: number;
}

/**
 * The check before Save as Draft or Submit (spec part 1 §5): something to hand in, then the 150 MB total, then
 * the 20 files; kept previous files count towards both limits as the server counts them.
 */
export function checkSubmission(draft: SubmissionDraft): string | undefined {
  const files = [...draft.keptFiles, ...draft.newFiles];
  if (files.length + draft.keptLinkCount + draft.newLinkCount === 0) return assignmentMessages.nothingToSubmit;
  if (files.reduce((sum, file) => sum + file.size, 0) > maxAssignmentBytes) return assignmentMessages.totalTooLarge;
  if (files.length > maxAssignmentFiles) return assignmentMessages.tooManyFiles;
  return undefined;
}

/** The add-link control shows until new and kept links reach 5 (it hides once they exceed 4). */
export const canAddLink = (newLinkCount: number, keptLinkCount: number) =>
  newLinkCount + keptLinkCount < maxAssignmentLinks;

/** Who and what a save concerns. */
export interface SubmissionTarget {
  instituteId: number;
  studentId: number;
  fileId: number;
}

/** The fileJson part of updateAssignment exactly as the spec lists it (spec part 1 §7). */
export function buildUpdateAssignmentJson(
  target: SubmissionTarget,
  status: 'Draft' | 'Submitted',
  comment: string,
  removedAttachmentIds: number[],
  links: { display_name: string; url: string; remarks: string }[],
): UpdateAssignmentJson {
  return {
    institute_id: target.instituteId,
    category_id: assignmentCategoryId,
    studentId_array: [target.studentId],
    file_id: target.fileId,
    student_status: status,
    student_comment: comment,
    attachmentId_array: removedAttachmentIds,
    url_lists: links.map((link) => ({
      display_name: link.display_name.trim(),
      url: link.url.trim(),
      remarks: link.remarks.trim(),
    })),
  };
}

/** An address to open for a link the student added without a scheme ('www.example.com'). */
export const linkHref = (url: string) => (/^https?:\/\//i.test(url.trim()) ? url.trim() : `https://${url.trim()}`);
