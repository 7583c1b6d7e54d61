// The timetable area's writer (issue 29): the one module that creates and changes the teachers, class sessions (the
// timetable's and the live classes' one schedule model), their recordings and the attendance taken at them, for the admin API,
// the demo seed and the test factories, in the caller's transaction.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { StoredFileRef } from '../../lib/storage.ts';
import { countsBy, insertRows, keysHeld, updateRows } from '../../db/bulk.ts';
import { instituteRows, pairRows } from '../../db/institute-rows.ts';
import { attendance, classRecordings, classSessions, teachers } from '../../db/schema/timetable.ts';

/** A teacher as written: a name, and a photo in storage, a phone and an email when known. */
export type TeacherValues = Omit<typeof teachers.$inferInsert, 'instituteId' | 'id'>;

/** A teacher as stored. */
export type StoredTeacher = typeof teachers.$inferSelect;

const teacherRows = instituteRows(teachers);

/** Teachers by id. */
export const findTeachers: (
  db: Db,
  instituteId: number,
  ids: readonly number[],
) => Promise<Map<number, StoredTeacher>> = teacherRows.find;

/**
 * Adds teachers; answers their ids in the order given. A teacher is never deleted: their name stays on the classes
 * and what they posted.
 */
export const createTeachers: (db: Db, instituteId: number, values: readonly TeacherValues[]) => Promise<number[]> =
  teacherRows.create;

/** Changes a teacher's given columns. */
export const updateTeacher = teacherRows.update;

/** A class session as written. */
export type ClassSessionValues = Omit<typeof classSessions.$inferInsert, 'instituteId' | 'id'>;

/** A class session as stored. */
export type StoredClassSession = typeof classSessions.$inferSelect;

/** A recording as written: a file in storage (aws) or a provider's video id. */
export type RecordingValues = Omit<typeof classRecordings.$inferInsert, 'instituteId' | 'id'>;

/** A student's mark at a class session as written; it carries its session's batch, which the writer looks up. */
export type AttendanceValues = Omit<typeof attendance.$inferInsert, 'instituteId' | 'batchId'>;

/** A mark as stored. */
export type StoredAttendance = typeof attendance.$inferSelect;

/** A session's columns with the timetable's rules: its teachers in the order given, each once. */
export function classSessionColumns<V extends Partial<ClassSessionValues>>(values: V): V {
  return values.teacherIds ? { ...values, teacherIds: [...new Set(values.teacherIds)] } : values;
}

const classSessionRows = instituteRows(classSessions);

/** Class sessions by id. */
export const findClassSessionRows: (
  db: Db,
  instituteId: number,
  ids: readonly number[],
) => Promise<Map<number, StoredClassSession>> = classSessionRows.find;

/** Creates class sessions; answers their ids in the order given. */
export async function createClassSessions(
  db: Db,
  instituteId: number,
  values: readonly ClassSessionValues[],
): Promise<number[]> {
  // One statement whatever the count (a column is one array parameter): a year's timetable of the demo is 19,000
  // sessions, which took 3.7 s as 2,000-row VALUES lists (drizzle building each parameter) and planned as such.
  return insertRows(
    db,
    classSessions,
    values.map((session) => ({ instituteId, ...classSessionColumns(session) })),
    { returningId: true },
  );
}

/** Changes a class session's given columns (its marks follow a move to another batch: the foreign key cascades). */
export async function updateClassSession(
  db: Db,
  instituteId: number,
  id: number,
  values: Partial<ClassSessionValues>,
): Promise<void> {
  await db
    .update(classSessions)
    .set(classSessionColumns(values))
    .where(and(eq(classSessions.instituteId, instituteId), eq(classSessions.id, id)));
}

/**
 * The sessions of `ids` that must stay, each with the reason: the portal shows a class's attendance and recordings
 * as history, so a session with either is never deleted.
 */
export async function findKeptClassSessions(
  db: Db,
  instituteId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const kept = new Map<number, string>();
  const marks = await countsBy(db, { by: attendance.sessionId, instituteId: attendance.instituteId }, instituteId, ids);
  for (const [id, total] of marks) kept.set(id, `has attendance of ${total} students, so it cannot be deleted`);
  const recordings = await countsBy(
    db,
    { by: classRecordings.sessionId, instituteId: classRecordings.instituteId },
    instituteId,
    ids,
  );
  for (const [id, total] of recordings) {
    if (!kept.has(id)) kept.set(id, `has ${total} recordings, so it cannot be deleted`);
  }
  return kept;
}

/** Deletes class sessions for good (a cancelled class leaves the timetable); see findKeptClassSessions. */
export const deleteClassSessions = classSessionRows.remove;

const recordingRows = instituteRows(classRecordings);

/** Adds recordings to class sessions; answers their ids in the order given. */
export const createRecordings: (db: Db, instituteId: number, values: readonly RecordingValues[]) => Promise<number[]> =
  recordingRows.create;

/** Recordings by id. */
export const findRecordings = recordingRows.find;

/** Changes a recording's given columns. */
export const updateRecording = recordingRows.update;

/** Deletes recordings for good. */
export const deleteRecordings = recordingRows.remove;

/** A mark's columns, each set (one statement writes many marks, each with every column). */
export function attendanceColumns(mark: AttendanceValues): Required<AttendanceValues> {
  return {
    sessionId: mark.sessionId,
    studentId: mark.studentId,
    status: mark.status,
    homeworkStatus: mark.homeworkStatus ?? '',
    remark: mark.remark ?? '',
    homeworkAssigned: mark.homeworkAssigned ?? '',
    note: mark.note ?? '',
    topicsCovered: mark.topicsCovered ?? '',
  };
}

/** The batch of each of these sessions (a mark carries its session's). */
export async function findSessionBatches(
  db: Db,
  instituteId: number,
  sessionIds: readonly number[],
): Promise<Map<number, number>> {
  const found = await classSessionRows.find(db, instituteId, [...new Set(sessionIds)]);
  return new Map([...found].map(([id, session]) => [id, session.batchId]));
}

const attendanceRows = pairRows(attendance, [attendance.sessionId, attendance.studentId]);

/** The marks of these (session, student) pairs, as stored. */
export const findAttendance: (
  db: Db,
  instituteId: number,
  pairs: readonly (readonly [number, number])[],
) => Promise<StoredAttendance[]> = attendanceRows.find;

/**
 * Marks students at class sessions. Each mark carries its session's batch (the year's totals per batch read marks
 * by it; the foreign key keeps the two equal): looked up here, so no caller can give another.
 */
export async function markAttendance(db: Db, instituteId: number, marks: readonly AttendanceValues[]): Promise<void> {
  if (marks.length === 0) return;
  const batches = await findSessionBatches(
    db,
    instituteId,
    marks.map((mark) => mark.sessionId),
  );
  const rows = marks.map((mark) => ({
    instituteId,
    ...attendanceColumns(mark),
    batchId: batches.get(mark.sessionId)!,
  }));
  // One statement whatever the count: a column is one array parameter.
  await insertRows(db, attendance, rows);
}

/** Changes marks, each found by its session and student. */
export async function updateAttendance(
  db: Db,
  instituteId: number,
  marks: readonly (Pick<AttendanceValues, 'sessionId' | 'studentId'> & Partial<AttendanceValues>)[],
): Promise<void> {
  await updateRows(
    db,
    attendance,
    ['instituteId', 'sessionId', 'studentId'],
    marks.map((mark) => ({ instituteId, ...mark })),
  );
}

/** Removes marks for good (the student's timetable then shows the class unmarked). */
export const deleteAttendance = attendanceRows.remove;

/** Points recordings whose video is the stored object `from` at `to`; answers how many moved. */
export async function moveStoredFile(db: Db, instituteId: number, from: string, to: StoredFileRef): Promise<number> {
  const moved = await db
    .update(classRecordings)
    .set({ fileKey: to.fileKey, sizeBytes: to.sizeBytes })
    .where(and(eq(classRecordings.instituteId, instituteId), eq(classRecordings.fileKey, from)))
    .returning({ id: classRecordings.id });
  return moved.length;
}

/** Which of `keys` a recording plays, in words. */
export async function findStoredFileUses(
  db: Db,
  instituteId: number,
  keys: readonly string[],
): Promise<Map<string, string>> {
  const held = await keysHeld(
    db,
    { key: classRecordings.fileKey, instituteId: classRecordings.instituteId },
    instituteId,
    keys,
  );
  return new Map(held.map((key) => [key, 'a recording']));
}
