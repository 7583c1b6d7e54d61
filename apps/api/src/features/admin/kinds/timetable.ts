// Class sessions (the timetable's and the live classes' one schedule model) and the attendance taken at them.
import type { RowProblem } from '@campus/domain/admin/admin-rules';
import { and, count, eq } from 'drizzle-orm';
import { attendance, classRecordings, classSessions } from '../../../db/schema/index.ts';
import { anyOf, findExternalIds, insertRows } from '../admin.repository.ts';
import { chunks, defineKind, RowProblems, resolveReferences, sameColumns, toInstant, type RowOutcome } from './kind.ts';
import { tableKind } from './table-kind.ts';

export const classSessionsKind = tableKind({
  kind: 'class-sessions',
  table: classSessions,
  // Deleted for good (a cancelled class leaves the timetable), but never one with attendance or recordings: the
  // portal shows those as history, so that delete is refused and the row names why.
  deletes: 'hard',
  build: async (context, rows, problems) => {
    const batchIds = await resolveReferences(
      context,
      rows,
      'batches',
      'batch_external_id',
      (row) => row.batch_external_id,
      problems,
    );
    const subjectIds = await resolveReferences(
      context,
      rows,
      'subjects',
      'subject_external_id',
      (row) => row.subject_external_id,
      problems,
    );
    const teacherIds = await resolveReferences(
      context,
      rows,
      'teachers',
      'teacher_external_ids',
      (row) => row.teacher_external_ids,
      problems,
    );
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

export const attendanceKind = defineKind({
  kind: 'attendance',
  // A mark taken by mistake is removed for good (the student's timetable then shows the class unmarked).
  deletes: 'hard',
  keyOf: (row) => `${String(row.class_session_external_id)}|${String(row.student_external_id)}`,
  async upsert(context, rows) {
    const problems: RowProblem[] = [];
    const sessionIds = await resolveReferences(
      context,
      rows,
      'class-sessions',
      'class_session_external_id',
      (row) => row.class_session_external_id,
      problems,
    );
    const studentIds = await resolveReferences(
      context,
      rows,
      'students',
      'student_external_id',
      (row) => row.student_external_id,
      problems,
    );
    if (problems.length > 0) throw new RowProblems(problems);
    const stored = new Map<string, Record<string, unknown>>();
    // A new mark carries its session's batch.
    const batchOfSession = new Map<number, number>();
    for (const part of chunks([...new Set(sessionIds.values())], 5000)) {
      const found = await context.tx
        .select()
        .from(attendance)
        .where(and(eq(attendance.instituteId, context.instituteId), anyOf(attendance.sessionId, part)));
      for (const row of found) stored.set(`${row.sessionId}|${row.studentId}`, row);
      const sessions = await context.tx
        .select({ id: classSessions.id, batchId: classSessions.batchId })
        .from(classSessions)
        .where(and(eq(classSessions.instituteId, context.instituteId), anyOf(classSessions.id, part)));
      for (const row of sessions) batchOfSession.set(row.id, row.batchId);
    }
    const outcomes: RowOutcome[] = [];
    const inserts: Record<string, unknown>[] = [];
    for (const { index, key, row } of rows) {
      const sessionId = sessionIds.get(row.class_session_external_id)!;
      const studentId = studentIds.get(row.student_external_id)!;
      const wanted = attendanceColumns(row);
      const current = stored.get(`${sessionId}|${studentId}`);
      if (!current) {
        inserts.push({
          instituteId: context.instituteId,
          sessionId,
          studentId,
          batchId: batchOfSession.get(sessionId),
          ...wanted,
        });
        outcomes.push({ index, key, action: 'created', beforeId: null, afterId: sessionId });
      } else if (sameColumns(wanted, current)) {
        outcomes.push({ index, key, action: 'unchanged', beforeId: sessionId, afterId: sessionId });
      } else {
        await context.tx
          .update(attendance)
          .set(wanted)
          .where(
            and(
              eq(attendance.instituteId, context.instituteId),
              eq(attendance.sessionId, sessionId),
              eq(attendance.studentId, studentId),
            ),
          );
        outcomes.push({ index, key, action: 'updated', beforeId: sessionId, afterId: sessionId });
      }
    }
    await insertRows(context.tx, attendance, inserts);
    return outcomes;
  },
  async remove(context, keys) {
    const sessions = await findExternalIds(
      context.tx,
      context.instituteId,
      'class-sessions',
      keys.map((k) => k.row.class_session_external_id!),
    );
    const students = await findExternalIds(
      context.tx,
      context.instituteId,
      'students',
      keys.map((k) => k.row.student_external_id!),
    );
    const outcomes: RowOutcome[] = [];
    for (const { index, key, row } of keys) {
      const sessionId = sessions.get(row.class_session_external_id!)?.internalId;
      const studentId = students.get(row.student_external_id!)?.internalId;
      const deleted =
        sessionId !== undefined && studentId !== undefined
          ? await context.tx
              .delete(attendance)
              .where(
                and(
                  eq(attendance.instituteId, context.instituteId),
                  eq(attendance.sessionId, sessionId),
                  eq(attendance.studentId, studentId),
                ),
              )
              .returning({ sessionId: attendance.sessionId })
          : [];
      outcomes.push(
        deleted.length > 0
          ? { index, key, action: 'deleted', beforeId: sessionId!, afterId: null }
          : { index, key, action: 'missing', beforeId: null, afterId: null },
      );
    }
    return outcomes;
  },
});
