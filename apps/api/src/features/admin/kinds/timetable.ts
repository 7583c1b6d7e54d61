// Class sessions (the timetable's and the live classes' one schedule model) and the attendance taken at them.
import {
  createClassSessions,
  deleteAttendance,
  deleteClassSessions,
  findAttendance,
  findClassSessionRows,
  findKeptClassSessions,
  markAttendance,
  updateAttendance,
  updateClassSession,
  type AttendanceValues,
  type ClassSessionValues,
} from '../../timetable/index.ts';
import { enqueueAlerts } from '../../alerts/index.ts';
import { resolveReferences, toInstant, type KindModule } from './kind.ts';
import { pairKind } from './pair-kind.ts';
import { storeKind } from './table-kind.ts';

export const classSessionsKind = storeKind<'class-sessions', ClassSessionValues>({
  kind: 'class-sessions',
  // A live class starting soon, its students hear of (features/alerts).
  afterCommit: (jobs, instituteId) => enqueueAlerts(jobs, instituteId),
  // Deleted for good (a cancelled class leaves the timetable), but never one with attendance or recordings: the
  // portal shows those as history, so that delete is refused and the row names why.
  deletes: 'hard',
  store: {
    load: async ({ tx, instituteId }, ids) =>
      (await findClassSessionRows(tx, instituteId, ids)) as Map<number, unknown> as Map<
        number,
        Record<string, unknown>
      >,
    insert: ({ tx, instituteId }, values) => createClassSessions(tx, instituteId, values),
    update: ({ tx, instituteId }, id, value) => updateClassSession(tx, instituteId, id, value),
    remove: ({ tx, instituteId }, ids) => deleteClassSessions(tx, instituteId, ids),
  },
  keep: ({ tx, instituteId }, ids) => findKeptClassSessions(tx, instituteId, ids),
  build: async (context, rows, problems) => {
    const {
      batch_external_id: batchIds,
      subject_external_id: subjectIds,
      teacher_external_ids: teacherIds,
    } = await resolveReferences(context, rows, problems, {
      batch_external_id: 'batches',
      subject_external_id: 'subjects',
      teacher_external_ids: 'teachers',
    });
    return (row) => ({
      batchId: batchIds.get(row.batch_external_id)!,
      subjectId: row.subject_external_id ? subjectIds.get(row.subject_external_id) : null,
      classType: row.class_type,
      name: row.name ?? '',
      topics: row.topics ?? '',
      description: row.description ?? '',
      startsAt: toInstant(row.starts_at, context.timeZone),
      durationMinutes: row.duration_minutes,
      // In the order given (the card lists them so), each once.
      teacherIds: [...new Set((row.teacher_external_ids ?? []).map((id) => teacherIds.get(id)!))],
      meetingWith: row.meeting_with ?? null,
      sessionLink: row.session_link ?? '',
    });
  },
});

/** A batch's row as the mark's columns (the writer sets the rest). */
const attendanceColumns = (row: {
  status: string;
  homework_status?: string;
  remark?: string;
  homework_assigned?: string;
  note?: string;
  topics_covered?: string;
}): Omit<AttendanceValues, 'sessionId' | 'studentId'> => ({
  status: row.status,
  homeworkStatus: row.homework_status ?? '',
  remark: row.remark ?? '',
  homeworkAssigned: row.homework_assigned ?? '',
  note: row.note ?? '',
  topicsCovered: row.topics_covered ?? '',
});

export const attendanceKind: KindModule<'attendance'> = {
  ...pairKind({
    kind: 'attendance',
    // A mark taken by mistake is removed for good (the student's timetable then shows the class unmarked).
    deletes: 'hard',
    sides: ['class-sessions', 'students'],
    // The writer gives a new mark its session's batch (the timetable's year totals read marks by batch).
    store: {
      load: ({ tx, instituteId }, pairs) => findAttendance(tx, instituteId, pairs),
      insert: async ({ tx, instituteId }, rows) => {
        await markAttendance(tx, instituteId, rows as unknown as AttendanceValues[]);
        return [];
      },
      update: ({ tx, instituteId }, rows) => updateAttendance(tx, instituteId, rows as unknown as AttendanceValues[]),
      remove: ({ tx, instituteId }, pairs) => deleteAttendance(tx, instituteId, pairs),
    },
    keys: ['sessionId', 'studentId'],
    columns: attendanceColumns,
  }),
  // A mark other than present: the child's parents hear of it the same day (features/alerts).
  afterCommit: (jobs, instituteId) => enqueueAlerts(jobs, instituteId),
};
