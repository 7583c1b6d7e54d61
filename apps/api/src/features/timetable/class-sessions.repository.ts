// The one schedule model (class_sessions) as both the timetable and the live classes read it: the session rows of a
// student's batches in a window and their recordings (class-sessions.ts formats them), and the session or recording
// an id policy loads.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { p, prepared, sqlRows } from '../../db/prepared.ts';
import type { classType, meetingProvider } from '../../db/schema/timetable.ts';
import { classRecordings, classSessions } from '../../db/schema/timetable.ts';

const anyOf = (column: Parameters<typeof eq>[0], name: string) => sql`${column} = any(${p(name)})`;

/** A session row as the answers read it: teachers resolved in the order the session names them. */
export interface SessionRow {
  id: number;
  batchId: number;
  classType: (typeof classType.enumValues)[number];
  name: string;
  topics: string;
  description: string;
  startsAt: Date;
  durationMinutes: number;
  meetingWith: (typeof meetingProvider.enumValues)[number] | null;
  sessionLink: string;
  testId: number | null;
  subjectName: string;
  standardName: string;
  batchName: string;
  teacherNames: string[];
  teacherPhotoKeys: string[];
}

/**
 * The sessions of the student's batches in a window. Driven from the batches (primary key: the planner knows they
 * are few), each batch's sessions by (institute_id, batch_id, starts_at), and the teachers of each session in one
 * lateral lookup that yields names and photos together, instead of two correlated subqueries a row. The class type
 * is compared as the enum, so the planner reads its statistics rather than guessing at a text cast.
 */
function sessionsOfBatchesSql(filter: string, order: 'asc' | 'desc') {
  return `select cs.id, cs.batch_id as "batchId", cs.class_type as "classType", cs.name, cs.topics, cs.description,
  cs.starts_at as "startsAt", cs.duration_minutes as "durationMinutes", cs.meeting_with as "meetingWith",
  cs.session_link as "sessionLink", cs.test_id as "testId", coalesce(sj.name, '') as "subjectName",
  st.name as "standardName", b.name as "batchName",
  coalesce(tl.names, '{}') as "teacherNames", coalesce(tl.photos, '{}') as "teacherPhotoKeys"
from batches b
join standards st on st.institute_id = b.institute_id and st.id = b.standard_id
join class_sessions cs on cs.institute_id = b.institute_id and cs.batch_id = b.id
left join subjects sj on sj.institute_id = cs.institute_id and sj.id = cs.subject_id
left join lateral (
  select array_agg(t.name order by array_position(cs.teacher_ids, t.id)) as names,
    array_agg(coalesce(t.photo_file_key, '') order by array_position(cs.teacher_ids, t.id)) as photos
  from teachers t where t.institute_id = cs.institute_id and t.id = any(cs.teacher_ids)
) tl on true
where b.institute_id = $1 and b.id = any($2::int[]) and cs.starts_at >= $3 and cs.starts_at < $4 and ${filter}
order by cs.starts_at ${order}, cs.id asc`;
}

const timetableSql = sessionsOfBatchesSql('cs.class_type = any($5::class_type[])', 'asc');
// Online classes only: the partial index of that shape serves them.
const liveAscSql = sessionsOfBatchesSql(`cs.class_type = 'Online Class'`, 'asc');
const liveDescSql = sessionsOfBatchesSql(`cs.class_type = 'Online Class'`, 'desc');

/** The sessions of `batchIds` starting in [from, to) of the given class types, earliest first. */
export function findTimetableSessions(
  db: Db,
  values: { instituteId: number; batchIds: number[]; from: Date; to: Date; types: string[] },
): Promise<SessionRow[]> {
  if (values.batchIds.length === 0 || values.types.length === 0) return Promise.resolve([]);
  return sqlRows<SessionRow>(db, 'schedule_sessions', timetableSql, [
    values.instituteId,
    values.batchIds,
    values.from.toISOString(),
    values.to.toISOString(),
    values.types,
  ]);
}

/** The online classes of `batchIds` starting in [from, to): earliest first, or newest first for past lists. */
export function findLiveSessions(
  db: Db,
  values: { instituteId: number; batchIds: number[]; from: Date; to: Date; newestFirst: boolean },
): Promise<SessionRow[]> {
  if (values.batchIds.length === 0) return Promise.resolve([]);
  const [name, text] = values.newestFirst ? ['schedule_live_desc', liveDescSql] : ['schedule_live_asc', liveAscSql];
  return sqlRows<SessionRow>(db, name, text, [
    values.instituteId,
    values.batchIds,
    values.from.toISOString(),
    values.to.toISOString(),
  ]);
}

const recordingsQuery = prepared((db) =>
  db
    .select({
      id: classRecordings.id,
      sessionId: classRecordings.sessionId,
      host: classRecordings.host,
      name: classRecordings.name,
      sizeBytes: classRecordings.sizeBytes,
      durationSeconds: classRecordings.durationSeconds,
      recordedAt: classRecordings.recordedAt,
      uploadedAt: classRecordings.uploadedAt,
      providerVideoId: classRecordings.providerVideoId,
    })
    .from(classRecordings)
    .where(and(eq(classRecordings.instituteId, p('instituteId')), anyOf(classRecordings.sessionId, 'sessionIds')))
    .orderBy(asc(classRecordings.sessionId), asc(classRecordings.recordedAt), asc(classRecordings.id))
    .prepare('schedule_recordings'),
);

/** The recordings of `sessionIds`, by session, oldest first. */
export const findSessionRecordings = (db: Db, instituteId: number, sessionIds: number[]) =>
  recordingsQuery(db, { instituteId, sessionIds });

const classSessionQuery = prepared((db) =>
  db
    .select({
      id: classSessions.id,
      batchId: classSessions.batchId,
      classType: classSessions.classType,
      startsAt: classSessions.startsAt,
      durationMinutes: classSessions.durationMinutes,
      meetingWith: classSessions.meetingWith,
      sessionLink: classSessions.sessionLink,
    })
    .from(classSessions)
    .where(
      and(
        eq(classSessions.instituteId, p('instituteId')),
        eq(classSessions.id, p('sessionId')),
        anyOf(classSessions.batchId, 'batchIds'),
      ),
    )
    .prepare('access_class_session'),
);

/** The class session `sessionId` if it is for one of `batchIds` (a student's sections this year). */
export async function findClassSession(db: Db, instituteId: number, batchIds: number[], sessionId: number) {
  if (batchIds.length === 0) return undefined;
  const [row] = await classSessionQuery(db, { instituteId, batchIds, sessionId });
  return row;
}

/** The class session a policy loaded. */
export type ClassSessionRow = NonNullable<Awaited<ReturnType<typeof findClassSession>>>;

const recordingQuery = prepared((db) =>
  db
    .select({
      id: classRecordings.id,
      host: classRecordings.host,
      name: classRecordings.name,
      fileKey: classRecordings.fileKey,
      providerVideoId: classRecordings.providerVideoId,
    })
    .from(classRecordings)
    .innerJoin(
      classSessions,
      and(eq(classSessions.instituteId, classRecordings.instituteId), eq(classSessions.id, classRecordings.sessionId)),
    )
    .where(
      and(
        eq(classRecordings.instituteId, p('instituteId')),
        eq(classRecordings.id, p('recordingId')),
        anyOf(classSessions.batchId, 'batchIds'),
      ),
    )
    .prepare('access_recording'),
);

/** The recording `recordingId` if its class is for one of `batchIds`. */
export async function findRecording(db: Db, instituteId: number, batchIds: number[], recordingId: number) {
  if (batchIds.length === 0) return undefined;
  const [row] = await recordingQuery(db, { instituteId, batchIds, recordingId });
  return row;
}

/** The recording a policy loaded. */
export type RecordingRow = NonNullable<Awaited<ReturnType<typeof findRecording>>>;
