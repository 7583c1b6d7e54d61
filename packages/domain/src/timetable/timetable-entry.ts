import { dateInZone, formatInZone } from '../calendar/index.ts';
import type { TimetableEntry } from './timetable.contract.ts';
import { minutesBetween, type ClassType } from './timetable-rules.ts';

/** The fields of a class session that a timetable entry shows (the API's session row, the bench reference's). */
export interface TimetableSession {
  id: number;
  batchId: number;
  classType: ClassType;
  name: string;
  topics: string;
  description: string;
  startsAt: Date;
  durationMinutes: number;
  meetingWith: string | null;
  sessionLink: string;
  testId: number | null;
  subjectName: string;
  standardName: string;
  batchName: string;
  teacherNames: string[];
}

/** What the entry takes from outside the session: the clock, the institute and what the caller resolved. */
export interface TimetableEntryContext {
  timeZone: string;
  instituteId: number;
  now: Date;
  /** The student's attendance in the session's batch, in percent. */
  attendancePercent: number;
  /** The teachers' photo addresses, comma separated. */
  photoUrls: string;
  downloadLinks: TimetableEntry['download_links'];
}

/**
 * One schedule of the timetable answer (spec part 2 §2.2, §7): times in the institute's zone, the batch as
 * `Standard - Batch`, and an online class's link only once it has started. The bench's reference server builds its
 * answer with the same function, so the two answers cannot drift apart.
 */
export function timetableEntry(row: TimetableSession, context: TimetableEntryContext): TimetableEntry {
  const start = row.startsAt;
  const end = new Date(start.getTime() + row.durationMinutes * 60_000);
  const startLocal = formatInZone(start, context.timeZone);
  const endLocal = formatInZone(end, context.timeZone);
  const hasStarted = context.now.getTime() >= start.getTime();
  return {
    date: dateInZone(start, context.timeZone),
    start_time: startLocal.time,
    end_time: endLocal.time,
    start_datetime: start.toISOString(),
    end_datetime: end.toISOString(),
    duration: minutesBetween(start, end),
    class_type: row.classType,
    subject_name: row.subjectName,
    course: `${row.standardName} - ${row.batchName}`,
    topics_covered: row.topics,
    teacher_name: row.teacherNames.join(', '),
    t_photo_url: context.photoUrls,
    student_attendance_percent: context.attendancePercent,
    batch_id: row.batchId,
    session_id: row.id,
    session_name: row.name,
    session_link: row.classType === 'Online Class' && hasStarted ? row.sessionLink : '',
    live_meeting_with: row.meetingWith ?? '',
    master_course_name: row.standardName,
    product_name: '',
    download_links: context.downloadLinks,
    description: row.description,
    test_id: row.testId ?? 0,
    test_inst_id: row.testId === null ? 0 : context.instituteId,
    end_date: dateInZone(end, context.timeZone),
  };
}
