// The one schedule model (class_sessions) as both the timetable and the live classes answer it: the session rows of a
// student's batches (class-sessions.repository.ts), their recordings and teachers, formatted the way both carry them.
import { formatInZone } from '@campus/domain/calendar/calendar';
import type { Recording } from '@campus/domain/live/live.contract';
import { sizeInMb } from '@campus/domain/live/live-rules';
import type { Db } from '../../db/client.ts';
import { fileUrl, type FileSigner } from '../../lib/signed-urls.ts';
import { mimeForKey } from '../../lib/storage.ts';
import { findSessionRecordings, type SessionRow } from './class-sessions.repository.ts';

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
  const rows = await findSessionRecordings(db, instituteId, [...byId.keys()]);
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
