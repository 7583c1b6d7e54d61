// Exam reports (spec part 2 §2.4, §4, §5): ranks, percentiles, labels and which tabs show. Pure, clock passed in.
import { monthNames } from '../calendar/index.ts';

/** Institute exam setup values (spec part 2 §9). */
export type ExamSetup = 'ONLINE' | 'OFFLINE' | 'HYBRID_BLENDED';

/** The open-course user type: no Offline tab (spec part 2 §6). */
export const openCourseUserType = 99;

/**
 * Competition ranking ("1224"): equal scores share the best rank, and the next score's rank counts everyone
 * above it (90, 80, 80, 70 → 1, 2, 2, 4). The same as SQL `rank() over (order by score desc)`, which the server
 * stores; this is the reference the tests check it against.
 */
export function competitionRanks(scores: readonly number[]): number[] {
  return scores.map((score) => 1 + scores.filter((other) => other > score).length);
}

/**
 * Percentile as the spec defines it (part 2 §5): (students − rank) ÷ students × 100, 2 decimals; 99 when only one
 * student took the test. So the topper of 4 is at 75, the last at 0: the share of students strictly below.
 */
export function percentile(rank: number, students: number): number {
  if (students <= 1) return 99;
  return Math.round(((students - rank) / students) * 100 * 100) / 100;
}

/** Accuracy: right ÷ (right + wrong) as a percentage, 2 decimals; 0 when nothing was answered. */
export function accuracy(right: number, wrong: number): number {
  if (right + wrong === 0) return 0;
  return Math.round((right / (right + wrong)) * 100 * 100) / 100;
}

/** A time in seconds as h:mm:ss (spec part 2 §5): 3725 → '1:02:05'. */
export function formatSeconds(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  const h = Math.floor(safe / 3600);
  const m = Math.floor((safe % 3600) / 60);
  const s = safe % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** An offline exam date (YYYY-MM-DD) as the spec's exam_date: day-monthname-year ('05-Nov-2026'). */
export function offlineExamDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}-${monthNames[Number(month) - 1]!.slice(0, 3)}-${year}`;
}

/** A date as the screens show it (spec part 2 §9): DD-MM-YYYY. */
export function displayDate(isoDate: string): string {
  return isoDate.slice(0, 10).split('-').reverse().join('-');
}

/** Whether an offline exam (YYYY-MM-DD) is upcoming on `today` (YYYY-MM-DD in the institute's zone): today or later. */
export function isUpcomingOffline(examDate: string, today: string): boolean {
  return examDate >= today;
}

/** Which tabs of Exam Reports show (spec part 2 §2.4). */
export function reportTabs(input: { examSetup: ExamSetup | null; userType: number; studentId: number | null }): {
  online: boolean;
  offline: boolean;
} {
  const { examSetup, userType, studentId } = input;
  return {
    online: examSetup === 'ONLINE' || examSetup === 'HYBRID_BLENDED',
    offline:
      userType !== openCourseUserType &&
      (studentId !== null || examSetup === 'OFFLINE' || examSetup === 'HYBRID_BLENDED'),
  };
}

/** Online report status of a test (spec part 2 §4 Exam Reports online status); undefined: not listed. */
export type OnlineReportStatus = 'expired' | 'evaluation' | 'published';

export function onlineReportStatus(
  test: {
    test_type_id: number;
    end_timestamp: number;
    total_attempts: number;
    incomplete_attempts: number;
    is_result_published: number;
  },
  nowMs: number,
): OnlineReportStatus | undefined {
  const ended = test.end_timestamp * 1000 < nowMs;
  const attempted = (): OnlineReportStatus => (test.is_result_published === 0 ? 'evaluation' : 'published');
  // Evaluated in the spec's order: expired first.
  if (ended && test.total_attempts === 0) return 'expired';
  if (test.test_type_id === 2) return test.total_attempts > 0 ? attempted() : undefined;
  const sum = test.incomplete_attempts + test.total_attempts;
  if (test.test_type_id === 1) return sum > 0 ? attempted() : undefined;
  if (test.test_type_id === 4) return sum > 0 || ended ? attempted() : undefined;
  return undefined;
}

/** Bookmark sort (spec part 2 §4): 1 latest first (default), 2 oldest first. */
export function sortBookmarks<B extends { date_time: string }>(bookmarks: readonly B[], sort: 1 | 2 = 1): B[] {
  const sorted = [...bookmarks].sort((a, b) => a.date_time.localeCompare(b.date_time));
  return sort === 1 ? sorted.reverse() : sorted;
}

/** Bookmark question text for the list: HTML tags removed, 220 characters plus '...' when longer (spec §5). */
export function bookmarkPreview(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 220 ? `${text.slice(0, 220)}...` : text;
}

/**
 * Offline marks (spec part 2 §5): courseLevelMarksObtain when present and above 0, else the sum of the subject
 * marks, else a dash.
 */
export function offlineMarks(record: {
  courseLevelMarksObtain: number | null;
  subjectWiseExamSchdList: readonly { marks_obtained: number | null }[];
}): string {
  if (record.courseLevelMarksObtain !== null && record.courseLevelMarksObtain > 0) {
    return String(record.courseLevelMarksObtain);
  }
  const marks = record.subjectWiseExamSchdList
    .map((subject) => subject.marks_obtained)
    .filter((value): value is number => value !== null);
  return marks.length > 0 ? String(marks.reduce((sum, value) => sum + value, 0)) : '-';
}

/**
 * The marks an offline exam is out of (spec part 2 §3: courseLevelTotalMarks, else the subjects' total_marks
 * summed), or undefined when neither is known: "Marks: 73" alone does not say how well 73 is.
 */
export function offlineTotalMarks(record: {
  courseLevelTotalMarks: number | null;
  subjectWiseExamSchdList: readonly { total_marks: number | null }[];
}): number | undefined {
  if (record.courseLevelTotalMarks !== null && record.courseLevelTotalMarks > 0) return record.courseLevelTotalMarks;
  const totals = record.subjectWiseExamSchdList
    .map((subject) => subject.total_marks)
    .filter((value): value is number => value !== null && value > 0);
  return totals.length > 0 ? totals.reduce((sum, value) => sum + value, 0) : undefined;
}

/** The Marks line of an offline card: '73 out of 125', or the marks alone when the total is unknown ('-' absent). */
export function offlineMarksText(record: Parameters<typeof offlineMarks>[0] & Parameters<typeof offlineTotalMarks>[0]) {
  const marks = offlineMarks(record);
  const total = offlineTotalMarks(record);
  return marks === '-' || total === undefined ? marks : `${marks} out of ${total}`;
}

/**
 * The Rank line of an offline card: §5's rank, where a comma list of subject ranks names each rank's subject
 * ('Mathematics 2, Science 1, English 4', each pair unbroken): '2, 1, 4' alone does not say which rank is whose.
 */
export function offlineRankText(record: {
  isAbsent: string;
  courseLevelRank: number | null;
  subjectWiseExamSchdList: readonly { subject_name: string; rank: number | null }[];
}): string {
  const ranked = record.subjectWiseExamSchdList.filter((subject) => subject.rank !== null);
  if (record.isAbsent === 'Y' || ranked.length <= 1) return offlineRank(record);
  // A no-break space keeps each rank beside its subject when the line wraps on a phone.
  return ranked.map((subject) => `${subject.subject_name}\u00a0${subject.rank}`).join(', ');
}

/** Offline rank (spec part 2 §5): a dash when absent, a comma list of several subject ranks, else the course rank. */
export function offlineRank(record: {
  isAbsent: string;
  courseLevelRank: number | null;
  subjectWiseExamSchdList: readonly { rank: number | null }[];
}): string {
  if (record.isAbsent === 'Y') return '-';
  const ranks = record.subjectWiseExamSchdList
    .map((subject) => subject.rank)
    .filter((value): value is number => value !== null);
  if (ranks.length > 1) return ranks.join(', ');
  if (record.courseLevelRank !== null) return String(record.courseLevelRank);
  return ranks.length === 1 ? String(ranks[0]) : '-';
}
