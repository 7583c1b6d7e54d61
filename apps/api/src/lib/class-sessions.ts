// The one schedule model (class_sessions) as both the timetable and the live classes read it: the session rows of a
// student's batches in a window, their recordings and teachers, formatted the way both answers carry them.
import { formatInZone } from '@campus/domain/calendar/calendar';
import type { Recording } from '@campus/domain/live/live.contract';
import { sizeInMb } from '@campus/domain/live/live-rules';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { p, prepared } from '../db/prepared.ts';
import { batches, classRecordings, classSessions, standards, subjects } from '../db/schema/index.ts';
import { fileUrl, type FileSigner } from './signed-urls.ts';
import { mimeForKey } from './storage.ts';

const anyOf = (column: Parameters<typeof eq>[0], name: string) => sql`${column} = any(${p(name)})`;

/** What each listed session carries, teachers resolved in the order the session names them. */
const sessionColumns = {
  id: classSessions.id,
  batchId: classSessions.batchId,
  classType: classSessions.classType,
  name: classSessions.name,
  topics: classSessions.topics,
  description: classSessions.description,
  startsAt: classSessions.startsAt,
  durationMinutes: classSessions.durationMinutes,
  meetingWith: classSessions.meetingWith,
  sessionLink: classSessions.sessionLink,
  testId: classSessions.testId,
  subjectName: sql<string>`coalesce(${subjects.name}, '')`,
  standardName: standards.name,
  batchName: batches.name,
  // Written out in full: Drizzle leaves column names unqualified inside a selected sql fragment.
  teacherNames: sql<string[]>`array(
    select t.name from teachers t
    where t.institute_id = "class_sessions"."institute_id" and t.id = any("class_sessions"."teacher_ids")
    order by array_position("class_sessions"."teacher_ids", t.id))`,
  teacherPhotoKeys: sql<string[]>`array(
    select coalesce(t.photo_file_key, '') from teachers t
    where t.institute_id = "class_sessions"."institute_id" and t.id = any("class_sessions"."teacher_ids")
    order by array_position("class_sessions"."teacher_ids", t.id))`,
};

function sessionsOfBatches(db: Db, onlineOnly: boolean, newestFirst: boolean) {
  return db
    .select(sessionColumns)
    .from(classSessions)
    .innerJoin(batches, and(eq(batches.instituteId, classSessions.instituteId), eq(batches.id, classSessions.batchId)))
    .innerJoin(standards, and(eq(standards.instituteId, batches.instituteId), eq(standards.id, batches.standardId)))
    .leftJoin(
      subjects,
      and(eq(subjects.instituteId, classSessions.instituteId), eq(subjects.id, classSessions.subjectId)),
    )
    .where(
      and(
        eq(classSessions.instituteId, p('instituteId')),
        anyOf(classSessions.batchId, 'batchIds'),
        // Served by (institute_id, batch_id, starts_at); online classes by the partial index of that shape.
        gte(classSessions.startsAt, p('from')),
        lt(classSessions.startsAt, p('to')),
        onlineOnly
          ? sql`${classSessions.classType} = 'Online Class'`
          : sql`${classSessions.classType}::text = any(${p('types')})`,
      ),
    )
    .orderBy(newestFirst ? desc(classSessions.startsAt) : asc(classSessions.startsAt), asc(classSessions.id));
}

const timetableQuery = prepared((db) => sessionsOfBatches(db, false, false).prepare('schedule_sessions'));
const liveAscQuery = prepared((db) => sessionsOfBatches(db, true, false).prepare('schedule_live_asc'));
const liveDescQuery = prepared((db) => sessionsOfBatches(db, true, true).prepare('schedule_live_desc'));

/** A session row as the answers read it. */
export type SessionRow = Awaited<ReturnType<typeof findTimetableSessions>>[number];

/** The sessions of `batchIds` starting in [from, to) of the given class types, earliest first. */
export function findTimetableSessions(
  db: Db,
  values: { instituteId: number; batchIds: number[]; from: Date; to: Date; types: string[] },
) {
  if (values.batchIds.length === 0 || values.types.length === 0) return Promise.resolve([]);
  return timetableQuery(db, { ...values, from: values.from.toISOString(), to: values.to.toISOString() });
}

/** The online classes of `batchIds` starting in [from, to): earliest first, or newest first for past lists. */
export function findLiveSessions(
  db: Db,
  values: { instituteId: number; batchIds: number[]; from: Date; to: Date; newestFirst: boolean },
): Promise<SessionRow[]> {
  if (values.batchIds.length === 0) return Promise.resolve([]);
  const { newestFirst, ...rest } = values;
  const query = newestFirst ? liveDescQuery : liveAscQuery;
  return query(db, { ...rest, from: values.from.toISOString(), to: values.to.toISOString() });
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

const twoDigits = (n: number) => String(n).padStart(2, '0');
const hms = (seconds: number) =>
  `${twoDigits(Math.floor(seconds / 3600))}:${twoDigits(Math.floor((seconds % 3600) / 60))}:${twoDigits(seconds % 60)}`;

/** The recordings of the given online sessions as download_links entries, by session id (one query). */
export async function recordingsBySession(
  db: Db,
  instituteId: number,
  sessions: readonly SessionRow[],
): Promise<Map<number, Recording[]>> {
  const byId = new Map(sessions.filter((row) => row.classType === 'Online Class').map((row) => [row.id, row]));
  const result = new Map<number, Recording[]>();
  if (byId.size === 0) return result;
  const rows = await recordingsQuery(db, { instituteId, sessionIds: [...byId.keys()] });
  for (const row of rows) {
    const session = byId.get(row.sessionId)!;
    const entry: Recording = {
      download_id: row.id,
      video_host: row.host,
      video_id: row.host === 'vdocipher' ? (row.providerVideoId ?? '') : '',
      vimeo_video_id: row.host === 'vimeo' ? (row.providerVideoId ?? '') : '',
      view_list_session_name: row.name,
      session_name: session.name,
      recording_date_time: row.recordedAt.toISOString(),
      video_duration: hms(row.durationSeconds),
      duration: row.durationSeconds,
      video_size: sizeInMb(row.sizeBytes),
      recording_uploaded_on: row.uploadedAt.toISOString(),
    };
    const list = result.get(row.sessionId);
    if (list) list.push(entry);
    else result.set(row.sessionId, [entry]);
  }
  return result;
}

/** Teacher photos stay valid as long as a profile photo's address (10 minutes). */
const photoLifetimeMs = 10 * 60 * 1000;

/** Signed photo addresses, comma separated in the teachers' order ('' for a teacher without a photo). */
export function teacherPhotoUrls(signer: FileSigner, instituteId: number, keys: readonly string[], now: Date) {
  const expiresAt = now.getTime() + photoLifetimeMs;
  return keys
    .map((key) =>
      key
        ? fileUrl(signer, {
            instituteId,
            key,
            name: 'teacher-photo',
            type: mimeForKey(key),
            disposition: 'inline',
            expiresAt,
          })
        : '',
    )
    .join(',');
}

/** Start and end of a session, and how the institute reads them. */
export function sessionTimes(row: Pick<SessionRow, 'startsAt' | 'durationMinutes'>, timeZone: string) {
  const start = row.startsAt;
  const end = new Date(start.getTime() + row.durationMinutes * 60_000);
  return { start, end, startLocal: formatInZone(start, timeZone), endLocal: formatInZone(end, timeZone) };
}

/** The link of an online class, given out only once it has started (the start rule of session/start). */
export const linkOnceStarted = (row: Pick<SessionRow, 'startsAt' | 'sessionLink'>, now: Date) =>
  now.getTime() >= row.startsAt.getTime() ? row.sessionLink : '';

/**
 * The three recording flags of every list answer: recordings may be viewed and both offered; vimeo ones downloaded
 * when the institute's Vimeo download switch is on.
 */
export const recordingFlags = (settings: { isVimeoDownloadable: boolean }) => ({
  view_proctur_live_recorded_session: 1,
  vimeo_video_downlodable: settings.isVimeoDownloadable ? 1 : 0,
  proctur_live_view_or_download_visibility: 3,
});
