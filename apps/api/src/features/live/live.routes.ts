import { addDays, dateInZone, instantInZone, isTimeZone } from '@campus/domain/calendar/calendar';
import { liveContract, type LiveSession } from '@campus/domain/live/live.contract';
import { liveMessages, mayStartSession } from '@campus/domain/live/live-rules';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../access/define-route.ts';
import { AppError } from '../../errors.ts';
import {
  findLiveSessions,
  linkOnceStarted,
  recordingFlags,
  recordingsBySession,
  sessionTimes,
  teacherPhotoUrls,
  type SessionRow,
} from '../timetable/index.ts';
import { sendStoredFile } from '../../lib/serve-file.ts';
import { fileUrl } from '../../lib/signed-urls.ts';
import { mimeForKey } from '../../lib/storage.ts';
import { registerVideoSource } from '../media/index.ts';
import { addRecordingWatch, findVisibleProviderRecording } from './live.repository.ts';

/** `DD-MM-YYYY` to `YYYY-MM-DD`, or undefined when it names no real date. */
function isoOf(display: string): string | undefined {
  const [day, month, year] = display.split('-');
  const iso = `${year}-${month}-${day}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso ? undefined : iso;
}

const badRequest = (message: string) => new AppError(400, 'BAD_REQUEST', message);

/**
 * A recording's address (?type=1) lives long enough for a long class to be watched and sought through: the player
 * asks for byte ranges with it until the video ends.
 */
const recordingUrlLifetimeMs = 3 * 60 * 60 * 1000;

// vimeo and vdocipher recordings of the viewed student's classes (own batches/sections this academic year) answer
// the shared video calls (media area): videoOTP, vimeo/download-links, update-watch-count, allocateWatchHistory.
registerVideoSource({
  name: 'recordings',
  async find({ db, instituteId, videoId, studentId, academicYearId }) {
    // Open-course users are in no batch: no recordings.
    if (studentId === null) return undefined;
    const recording = await findVisibleProviderRecording(db, { instituteId, studentId, academicYearId, videoId });
    if (!recording) return undefined;
    return {
      host: recording.host,
      videoId,
      source: 'recordings',
      countWatch: (database) => addRecordingWatch(database, instituteId, recording.id, 1, 0),
      addWatchSeconds: (database, seconds) => addRecordingWatch(database, instituteId, recording.id, 0, seconds),
    };
  },
});

/** Live classes (spec part 1 §2 Live classes, §7 meeting_manager calls). */
export async function liveRoutes(app: FastifyInstance) {
  function toLiveSession(
    row: SessionRow,
    instituteId: number,
    timeZone: string,
    recordings: LiveSession['download_links'],
  ) {
    const now = app.now();
    const { start, end } = sessionTimes(row, timeZone);
    return {
      session_id: row.id,
      session_name: row.name,
      course_list: [{ course_name: `${row.standardName} - ${row.batchName}` }],
      start_datetime: start.toISOString(),
      end_datetime: end.toISOString(),
      teachersName: row.teacherNames.join(', '),
      t_photo_url: teacherPhotoUrls(app.signer, instituteId, row.teacherPhotoKeys, now),
      live_meeting_with: row.meetingWith ?? 'other',
      session_link: linkOnceStarted(row, now),
      download_links: recordings,
    } satisfies LiveSession;
  }

  defineRoute(app, liveContract.meetings, async ({ scope, body, request }) => {
    const { instituteId, studentId } = scope.session;
    const timeZone = await scope.timeZone();
    // The screen asks for its own calendar days (today, the next ones) and files each class under the day it starts
    // on the device, so the window is cut in the caller's zone: a phone whose clock is not the institute's still
    // finds the class running now under Today. Without a known zone in the header, the institute's days apply.
    const header = request.headers['x-time-zone'];
    const dayZone = typeof header === 'string' && isTimeZone(header) ? header : timeZone;
    const now = app.now();
    const from = isoOf(body.from_date);
    const toGiven = body.to_date ? isoOf(body.to_date) : undefined;
    if (!from) throw badRequest('from_date must be a date DD-MM-YYYY');
    if (body.to_date && !toGiven) throw badRequest('to_date must be a date DD-MM-YYYY');
    const past = body.live_future_past === 2;
    // Upcoming without an end runs a year ahead; past without an end runs to today.
    const to = toGiven ?? (past ? dateInZone(now, dayZone) : addDays(from, 365));
    if (to < from) throw badRequest('to_date must not be before from_date');
    if (Date.parse(to) - Date.parse(from) > 366 * 86_400_000) {
      throw badRequest('from_date to to_date must span at most 366 days');
    }
    // Open-course users are in no batch: they have no live classes here.
    const batchIds = studentId === null ? [] : await scope.batchIds();
    const rows = await findLiveSessions(app.db, {
      instituteId,
      batchIds,
      from: instantInZone(from, '00:00', dayZone),
      to: instantInZone(addDays(to, 1), '00:00', dayZone),
      newestFirst: past,
    });
    // Past: the classes that have ended by now.
    const listed = past ? rows.filter((row) => sessionTimes(row, timeZone).end.getTime() <= now.getTime()) : rows;
    const recordings = await recordingsBySession(app.db, instituteId, listed);
    const classes = listed.map((row) => toLiveSession(row, instituteId, timeZone, recordings.get(row.id) ?? []));
    return {
      statusCode: 200,
      message: '',
      ...(past ? { pastLiveClasses: classes } : { upcomingLiveClasses: classes }),
      ...recordingFlags(await scope.settings()),
    };
  });

  defineRoute(app, liveContract.sessionStart, async ({ scope }) => {
    const session = scope.classSession!;
    if (session.classType !== 'Online Class') throw badRequest('This class has no live session');
    const allowed = mayStartSession(session.startsAt, app.now());
    return {
      statusCode: 200,
      message: allowed ? '' : liveMessages.startOnlyAfterSchedule,
      result: { allow_start_session: allowed, session_link: allowed ? session.sessionLink : '' },
    };
  });

  defineRoute(app, liveContract.recordingDownload, async ({ scope, query, request, reply }) => {
    const recording = scope.recording!;
    // vimeo and vdocipher recordings play through their providers; only files in storage are served here.
    if (recording.host !== 'aws' || !recording.fileKey) throw badRequest(liveMessages.cannotDownload);
    const name = `${recording.name}.${recording.fileKey.split('.').at(-1) ?? 'mp4'}`;
    const type = mimeForKey(recording.fileKey);
    if (query.type === '1') {
      const video_url = fileUrl(app.signer, {
        instituteId: scope.session.instituteId,
        key: recording.fileKey,
        name,
        type,
        disposition: 'inline',
        expiresAt: app.now().getTime() + recordingUrlLifetimeMs,
      });
      return { video_url };
    }
    return sendStoredFile(app.storage, request, reply, {
      key: recording.fileKey,
      type,
      name,
      disposition: 'attachment',
      maxAgeSeconds: 0,
    });
  });
}
