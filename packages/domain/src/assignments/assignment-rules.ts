/** category_id the assignment calls carry (spec part 1 §9). */
export const assignmentCategoryId = 255;
export const maxAssignmentFiles = 20;
export const maxAssignmentBytes = 150 * 1024 * 1024;
export const maxAssignmentLinks = 5;
export const maxLinkNameLength = 50;
export const maxLinkRemarksLength = 200;
export const maxStudentCommentLength = 2000;
/** Badge shows when this many days or fewer remain. */
export const badgeDays = 7;

/** Messages of assignments (spec part 1 §5, §6, §8), verbatim. */
export const assignmentMessages = {
  nothingToSubmit: 'Please upload at least one assignment file/url',
  totalTooLarge: 'The total file size exceeds the allowed limit of 150 MB.',
  pickTooLarge: 'Total upload size cannot exceed 150 MB.',
  tooManyFiles: 'You can upload up to 20 files only.',
  pickTooManyFiles: 'You can only upload up to 20 files.',
  badUrl: 'Please enter valid url!',
  badUrlName: 'Please enter valid url name.',
  confirmSubmit: 'Are you sure you want to submit the Assignment?',
  savedDraft: 'Assignment saved as draft successfully!',
  submitted: 'Assignment submitted successfully!',
  parentsNotAllowed: 'Parents are not allowed to submit',
  reviewPending: 'Review Pending From Faculty',
  emptyFilter: 'No Assignments Found!',
  emptySchool: 'No Homework is available yet!',
  emptyCoaching: 'No Assignment is available yet!',
} as const;

/** What the server stores of a student's work: nothing yet, a draft, or a submission. */
export type StoredStatus = 'Draft' | 'Submitted' | null;
/** The student_status the spec names (spec part 1 §4). */
export type StudentStatus = 'Pending' | 'Draft' | 'Submitted' | 'Not Submitted' | 'Expired';

/**
 * Derives student_status: submitted work stays Submitted; before the due time a draft is Draft and nothing is
 * Pending; after it, work may still come in only where late submission is allowed (Draft or Not Submitted),
 * otherwise it is Expired.
 */
export function deriveStudentStatus(stored: StoredStatus, isPast: boolean, isLateAllowed: boolean): StudentStatus {
  if (stored === 'Submitted') return 'Submitted';
  if (!isPast) return stored === 'Draft' ? 'Draft' : 'Pending';
  if (!isLateAllowed) return 'Expired';
  return stored === 'Draft' ? 'Draft' : 'Not Submitted';
}

/** The status shown in lists and filters: Evaluated once submitted work is evaluated. */
export function displayStatus(status: StudentStatus, teacherStatus: string): StudentStatus | 'Evaluated' {
  return status === 'Submitted' && teacherStatus === 'Evaluated' ? 'Evaluated' : status;
}

/** Submit is allowed for Pending, Draft and Not Submitted (late only where allowed — folded into the status). */
export const canSubmit = (status: StudentStatus) =>
  status === 'Pending' || status === 'Draft' || status === 'Not Submitted';

/** A draft may be saved only while the assignment is ongoing. */
export const canSaveDraft = (status: StudentStatus, isPast: boolean) =>
  !isPast && (status === 'Pending' || status === 'Draft');

/** Status filter choices of the two tabs (spec part 1 §4). */
export const ongoingFilters = ['Select Status', 'Pending', 'Draft', 'Submitted', 'Evaluated'] as const;
export const pastFilters = ['Select Status', 'Submitted', 'Not Submitted', 'Evaluated', 'Expired'] as const;

/**
 * Days left until the due instant, counted in calendar days of the institute's zone (`today` and `dueDate` as
 * YYYY-MM-DD): 0 on the due day, -1 once the due time has passed. `timeLeft` is hh:mm while due today.
 */
export function daysLeft(now: Date, dueAt: Date, today: string, dueDate: string): { days: number; timeLeft: string } {
  if (now.getTime() > dueAt.getTime()) return { days: -1, timeLeft: '' };
  const days = Math.round((Date.parse(`${dueDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  if (days > 0) return { days, timeLeft: '' };
  const minutes = Math.floor((dueAt.getTime() - now.getTime()) / 60_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return { days: 0, timeLeft: `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}` };
}

/** The card badge: shown with 7 or fewer days left; time left on the due day, singular 'day' at 1. */
export function daysLeftBadge(days: number, timeLeft: string): string | undefined {
  if (days < 0 || days > badgeDays) return undefined;
  if (days === 0) return `${timeLeft} hrs left`;
  return days === 1 ? '1 day left' : `${days} days left`;
}

/** A link's address: http(s) with a dotted host, or such a host without the scheme. */
export function isValidLinkUrl(url: string): boolean {
  const trimmed = url.trim();
  if (trimmed === '' || /\s/.test(trimmed) || trimmed.length > 2000) return false;
  try {
    const parsed = new URL(/^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && /^[^.]+(\.[^.]+)+$/.test(parsed.hostname);
  } catch {
    return false;
  }
}

/** The first problem with a link, or undefined (spec part 1 §5). */
export function validateLink(link: { display_name: string; url: string; remarks?: string }): string | undefined {
  if (!isValidLinkUrl(link.url)) return assignmentMessages.badUrl;
  const name = link.display_name.trim();
  if (name === '' || name.length > maxLinkNameLength) return assignmentMessages.badUrlName;
  if ((link.remarks ?? '').length > maxLinkRemarksLength)
    return `Remarks must be at most ${maxLinkRemarksLength} characters.`;
  return undefined;
}

/** Checks files picked in the browser against the pick-time limits; `existing` counts files already chosen. */
export function validatePick(existing: { size: number }[], picked: { size: number }[]): string | undefined {
  if (existing.length + picked.length > maxAssignmentFiles) return assignmentMessages.pickTooManyFiles;
  const total = [...existing, ...picked].reduce((sum, file) => sum + file.size, 0);
  if (total > maxAssignmentBytes) return assignmentMessages.pickTooLarge;
  return undefined;
}

// The file rules moved to shared/uploads.ts for every area that takes uploads; named here as before.
export {
  acceptedUploadExtensions,
  badFileNameMessage,
  cleanFileName,
  detectUploadKind,
  extensionOf,
  fileNameProblem,
  maxFileNameLength,
  type UploadKind,
} from '../shared/uploads.ts';
