// The one schedule model (class_sessions) as both the timetable and the live classes read it: the session rows of a
// student's batches in a window, their recordings and teachers, formatted the way both answers carry them.
import { formatInZone } from '@campus/domain/calendar/calendar';
import type { Recording } from '@campus/domain/live/live.contract';
import { sizeInMb } from '@campus/domain/live/live-rules';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { p, prepared, sqlRows } from '../db/prepared.ts';
import type { classType, meetingProvider } from '../db/schema/index.ts';
import { classRecordings } from '../db/schema/index.ts';
import { fileUrl, type FileSigner } from './signed-urls.ts';
import { mimeForKey } from './storage.ts';

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
