import { daysLeft, deriveStudentStatus, type StoredStatus } from '@campus/domain/assignments/assignment-rules';
import type { AssignmentDetail, AssignmentListItem } from '@campus/domain/assignments/assignments.contract';
import { dateInZone } from '@campus/domain/calendar/calendar';
import { fileUrl, type FileSigner } from '../../lib/signed-urls.ts';
import { mimeForKey } from '../../lib/storage.ts';
import type { AssignmentListRow, AssignmentRow } from './assignments.repository.ts';
import type { AttachmentRow } from './assignments.repository.ts';
import { sanitiseStaffHtml } from '../../lib/staff-html.ts';

/** Signed addresses of attachments live five minutes: long enough to start the download, no longer. */
export const downloadLifetimeMs = 5 * 60 * 1000;

/** Status and days left of an assignment for its student at `now`. */
export function timing(row: AssignmentListRow, now: Date, timeZone: string) {
  const isPast = now.getTime() > row.assignment.dueAt.getTime();
  const status = deriveStudentStatus(
    (row.submission?.status ?? null) as StoredStatus,
    isPast,
    row.assignment.isLateAllowed,
  );
  const left = daysLeft(
    now,
    row.assignment.dueAt,
    dateInZone(now, timeZone),
    dateInZone(row.assignment.dueAt, timeZone),
  );
  return { isPast, status, ...left };
}

export function toListItem(row: AssignmentListRow, now: Date, timeZone: string): AssignmentListItem {
  const { status, days, timeLeft } = timing(row, now, timeZone);
  return {
    file_id: row.assignment.id,
    title: row.assignment.title,
    course_name: row.courseName,
    subject_name: row.subjectName,
    end_date: row.assignment.dueAt.toISOString(),
    days_left: days,
    time_left: timeLeft,
    student_status: status,
    teacher_status: row.submission?.teacherStatus ?? 'Pending',
  };
}

export function signedUrl(signer: FileSigner, file: AttachmentRow, now: Date): string {
  if (file.kind === 'student_link') return file.url ?? '';
  if (!file.fileKey) return '';
  return fileUrl(signer, {
    instituteId: file.instituteId,
    key: file.fileKey,
    name: file.displayName,
    type: mimeForKey(file.fileKey),
    disposition: 'attachment',
    expiresAt: now.getTime() + downloadLifetimeMs,
  });
}

export const toAttachment = (signer: FileSigner, file: AttachmentRow, now: Date) => ({
  attachment_id: file.id,
  attachment_url: signedUrl(signer, file, now),
  attachment_display_name: file.displayName,
  size: file.sizeBytes,
});

export function toDetail(
  row: AssignmentRow,
  teacherFiles: AttachmentRow[],
  signer: FileSigner,
  now: Date,
  timeZone: string,
): AssignmentDetail {
  const { status, days, timeLeft } = timing(row, now, timeZone);
  const submission = row.submission;
  const isEvaluated = submission?.teacherStatus === 'Evaluated';
  return {
    file_id: row.assignment.id,
    title: row.assignment.title,
    subject_name: row.subjectName,
    topic_name: row.assignment.topicName,
    sub_topic_name: row.assignment.subTopicName,
    end_date: row.assignment.dueAt.toISOString(),
    course_name: row.courseName,
    description: sanitiseStaffHtml(row.assignment.descriptionHtml),
    attachment_lists: teacherFiles.map((file) => toAttachment(signer, file, now)),
    student_status: status,
    teacher_status: submission?.teacherStatus ?? 'Pending',
    days_left: days,
    time_left: timeLeft,
    allow_assignment_late_submission: row.assignment.isLateAllowed ? 'Y' : 'N',
    evaluation_required: row.assignment.isEvaluationRequired ? 'Y' : 'N',
    enable_grade: row.assignment.isGradeEnabled ? 'Y' : 'N',
    // Marks, grade and the teacher's remarks show only once the work is evaluated.
    grade: isEvaluated ? (submission?.grade ?? '') : '',
    evaluation_marks: row.assignment.maxMarks,
    student_marks: isEvaluated ? (submission?.marks ?? null) : null,
    teacher_comment: isEvaluated ? (submission?.teacherComment ?? '') : '',
    student_comment: submission?.studentComment ?? '',
  };
}
