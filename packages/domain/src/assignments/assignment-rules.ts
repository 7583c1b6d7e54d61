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

/** Kinds of file a student may hand in (spec part 1 §5). */
export type UploadKind = 'pdf' | 'image' | 'video' | 'word' | 'excel' | 'powerpoint' | 'text';

const kindByExtension: Record<string, UploadKind> = {
  pdf: 'pdf',
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  bmp: 'image',
  mp4: 'video',
  m4v: 'video',
  doc: 'word',
  docx: 'word',
  xls: 'excel',
  xlsx: 'excel',
  ppt: 'powerpoint',
  pptx: 'powerpoint',
  txt: 'text',
};

/** Extensions a student may pick (spec part 1 §5); the content check below knows each of them. */
export const acceptedUploadExtensions = Object.keys(kindByExtension);

/** The extension of a file name, lower case, or ''. */
export const extensionOf = (name: string) => (/\.([a-z0-9]{1,8})$/i.exec(name)?.[1] ?? '').toLowerCase();

/**
 * The kind of an upload judged by its first bytes and confirmed by its name: a `.pdf` must start as a PDF,
 * a `.docx` must be a zip container, a `.txt` must be text. Anything that does not agree is refused.
 */
export function detectUploadKind(head: Uint8Array, name: string): UploadKind | undefined {
  const extension = extensionOf(name);
  const claimed = kindByExtension[extension];
  if (!claimed) return undefined;
  const starts = (offset: number, ...bytes: number[]) => bytes.every((byte, index) => head[offset + index] === byte);
  const isZip = starts(0, 0x50, 0x4b, 0x03, 0x04);
  const isOle = starts(0, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
  const matches: Record<string, () => boolean> = {
    pdf: () => starts(0, 0x25, 0x50, 0x44, 0x46, 0x2d),
    jpg: () => starts(0, 0xff, 0xd8, 0xff),
    jpeg: () => starts(0, 0xff, 0xd8, 0xff),
    png: () => starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
    gif: () => starts(0, 0x47, 0x49, 0x46, 0x38),
    webp: () => starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50),
    bmp: () => starts(0, 0x42, 0x4d),
    mp4: () => starts(4, 0x66, 0x74, 0x79, 0x70),
    m4v: () => starts(4, 0x66, 0x74, 0x79, 0x70),
    doc: () => isOle,
    xls: () => isOle,
    ppt: () => isOle,
    docx: () => isZip,
    xlsx: () => isZip,
    pptx: () => isZip,
    txt: () => isText(head),
  };
  return matches[extension]?.() ? claimed : undefined;
}

/** Plain text: no NUL byte and valid UTF-8 (a multi-byte character cut at the end of the sample is fine). */
function isText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  let index = 0;
  while (index < head.length) {
    const byte = head[index]!;
    const length = byte < 0x80 ? 1 : byte >> 5 === 0b110 ? 2 : byte >> 4 === 0b1110 ? 3 : byte >> 3 === 0b11110 ? 4 : 0;
    if (length === 0) return false;
    for (let next = 1; next < length; next += 1) {
      if (index + next >= head.length) return true;
      if (head[index + next]! >> 6 !== 0b10) return false;
    }
    index += length;
  }
  return true;
}

/** Longest file name accepted (what common file systems allow). */
export const maxFileNameLength = 255;
export const badFileNameMessage = `File names must be at most ${maxFileNameLength} characters and must not name a folder.`;

/** Why a file name sent with an upload is refused: too long, or a path rather than a name. */
export function fileNameProblem(name: string): string | undefined {
  if (name.trim() === '' || name.length > maxFileNameLength || /[\\/]/.test(name) || name.trim() === '..') {
    return badFileNameMessage;
  }
  return undefined;
}

/**
 * A display name safe to store and show: no path, no control characters, no bidirectional formatting characters
 * (LRM/RLM, the embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069: a right-to-left override makes
 * "invoice\u202Efdp.exe" display as "invoiceexe.pdf"), at most 150 characters.
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  if (cleaned.length <= 150) return cleaned || 'file';
  const extension = extensionOf(cleaned);
  return `${cleaned.slice(0, 140)}${extension ? `.${extension}` : ''}`;
}
