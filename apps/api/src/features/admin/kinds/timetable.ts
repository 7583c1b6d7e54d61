// Class sessions (the timetable's and the live classes' one schedule model) and the attendance taken at them.
import { and, count, eq } from 'drizzle-orm';
import { attendance, classRecordings, classSessions } from '../../../db/schema/index.ts';
import { anyOf } from '../admin.repository.ts';
import { chunks, resolveReferences, toInstant } from './kind.ts';
import { pairKind } from './pair-kind.ts';
import { tableKind } from './table-kind.ts';

export const classSessionsKind = tableKind({
  kind: 'class-sessions',
  table: classSessions,
  // Deleted for good (a cancelled class leaves the timetable), but never one with attendance or recordings: the
  // portal shows those as history, so that delete is refused and the row names why.
  deletes: 'hard',
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
      columns: {
        batchId: batchIds.get(row.batch_external_id),
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
      },
    });
  },
  async keep(context, ids) {
    const kept = new Map<number, string>();
    for (const part of chunks(ids, 5000)) {
      const marked = await context.tx
        .select({ id: attendance.sessionId, total: count() })
        .from(attendance)
        .where(and(eq(attendance.instituteId, context.instituteId), anyOf(attendance.sessionId, part)))
        .groupBy(attendance.sessionId);
      for (const row of marked) kept.set(row.id, `has attendance of ${row.total} students, so it cannot be deleted`);
      const recorded = await context.tx
        .select({ id: classRecordings.sessionId, total: count() })
        .from(classRecordings)
        .where(and(eq(classRecordings.instituteId, context.instituteId), anyOf(classRecordings.sessionId, part)))
        .groupBy(classRecordings.sessionId);
      for (const row of recorded) {
        if (!kept.has(row.id)) kept.set(row.id, `has ${row.total} recordings, so it cannot be deleted`);
      }
    }
    return kept;
  },
});

const attendanceColumns = (row: {
  status: string;
  homework_status?: string;
  remark?: string;
  homework_assigned?: string;
  note?: string;
  topics_covered?: string;
}) => ({
  status: row.status,
  homeworkStatus: row.homework_status ?? '',
  remark: row.remark ?? '',
  homeworkAssigned: row.homework_assigned ?? '',
  note: row.note ?? '',
  topicsCovered: row.topics_covered ?? '',
});

export const attendanceKind = pairKind({
  kind: 'attendance',
  // A mark taken by mistake is removed for good (the student's timetable then shows the class unmarked).
  deletes: 'hard',
  sides: ['class-sessions', 'students'],
  store: attendance,
  keys: ['sessionId', 'studentId'],
  // A new mark carries its session's batch (the timetable's year totals read marks by batch).
  async load(context, _students, sessionIds) {
    const batchOfSession = new Map<number, number>();
    for (const part of chunks(sessionIds, 5000)) {
      const sessions = await context.tx
        .select({ id: classSessions.id, batchId: classSessions.batchId })
        .from(classSessions)
        .where(and(eq(classSessions.instituteId, context.instituteId), anyOf(classSessions.id, part)));
      for (const row of sessions) batchOfSession.set(row.id, row.batchId);
    }
    return batchOfSession;
  },
  insertColumns: (_context, { first, loaded }) => ({ batchId: loaded.get(first) }),
  columns: attendanceColumns,
});
