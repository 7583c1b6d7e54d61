// The reference server of the benchmark: plain Fastify + pg (no Drizzle, no zod, no plugins) answering the
// academic-years and announcements routes with the SAME SQL the real server sends (captured by bench/run.ts
// through Drizzle's logger and handed over in REFERENCE_SQL), after a session lookup like the real one. What it
// leaves out on purpose: schemas (validation and serialisation), the access matrix, HTML sanitising and signed
// file links (the bench data has no files). `x-reference-trace: 1` answers the statements a request sent instead,
// so that the bench can check they match the real server's.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import pg from 'pg';
import { decodeCredential } from '../packages/domain/src/auth/credential.ts';
import { addDays, formatInZone, instantInZone, type IsoDate } from '../packages/domain/src/calendar/calendar.ts';
import type { Recording } from '../packages/domain/src/live/live.contract.ts';
import { sizeInMb } from '../packages/domain/src/live/live-rules.ts';
import type { TimetableEntry } from '../packages/domain/src/timetable/timetable.contract.ts';
import { timetableEntry, type TimetableSession } from '../packages/domain/src/timetable/timetable-entry.ts';
import { attendancePercent, includedClassTypes } from '../packages/domain/src/timetable/timetable-rules.ts';
import type { Statement } from './capture.ts';

/** The statements the reference sends, taken from the real server's captured SQL. */
export interface ReferenceSql {
  session: string;
  host: string;
  academicYears?: string;
  flags: string;
  batchIds: string;
  /** The announcements query; the student's batch ids travel as one array parameter. */
  announcements?: string;
  /** The timetable month's class sessions, the student's attendance totals and the online classes' recordings. */
  timetableSessions?: string;
  timetableTotals?: string;
  timetableRecordings?: string;
}

/** Finds each statement the reference needs among the captured ones; throws naming the one that is missing. */
export function pickReferenceSql(all: Statement[]): ReferenceSql {
  const find = (what: string, pattern: RegExp) => {
    const found = all.find(({ text }) => pattern.test(text));
    if (!found) throw new Error(`reference server: the real server sent no ${what} query (${pattern})`);
    return found.text;
  };
  return {
    session: find('session', /from sessions s join users u .* where s\.institute_id = \$1 and s\.token_hash = \$2/s),
    host: find('host', /from "institute_hosts"/),
    // Each route's own statements only when the run loaded it.
    ...(all.some(({ text }) => /from "academic_years"/.test(text))
      ? { academicYears: find('academic years', /from "academic_years"/) }
      : {}),
    flags: find('institute settings', /from "institutes" where "institutes"\."id" = \$1/),
    batchIds: find('batch ids', /select "batch_id" from "enrolments"/),
    ...(all.some(({ text }) => /from "announcements"/.test(text))
      ? { announcements: find('announcements', /from "announcements"/) }
      : {}),
    ...(all.some(({ text }) => /class_sessions/.test(text))
      ? {
          timetableSessions: find('class sessions', /from batches b\s+join standards|from "class_sessions"/),
          timetableTotals: find('attendance totals', /from "attendance" where/),
          timetableRecordings: find('recordings', /from "class_recordings"/),
        }
      : {}),
  };
}

interface Session {
  instituteId: number;
  scope: string;
  userId: number;
  studentId: number | null;
  userType: number;
  deviceId: string;
  academicYearIds: number[];
  mustChangePassword: boolean;
  expiresAt: Date;
  revokedAt: Date | null;
  accountBlocked: boolean;
}

type Mode = 'ONLINE' | 'OFFLINE' | 'HYBRID_BLENDED';

/** The session fields an entry shows, and the teachers' photos the reference signs itself. */
interface SessionRow extends TimetableSession {
  teacherPhotoKeys: string[];
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

class Refused extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startReference(sql: ReferenceSql, databaseUrl: string, port: number) {
  // Dates as the strings PostgreSQL sends (as Drizzle's driver does); timestamps as Date.
  pg.types.setTypeParser(1082, (value) => value);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const hosts = new Map<string, { instituteId: number | undefined; until: number }>();
  // Institute settings cached for a minute, as the real server caches them.
  const settings = new Map<
    number,
    { timeZone: string; classesMode: Mode; examMode: Mode; vimeoDownloadable: boolean; until: number }
  >();

  /** Sends a statement, noting it when the request asked for a trace. */
  const query = async <Row>(trace: Statement[] | undefined, text: string, params: unknown[]) => {
    trace?.push({ text, params });
    return (await pool.query(text, params)).rows as Row[];
  };

  /** The session of the request, checked as the real server checks it; the host lookup cached for a minute. */
  async function session(
    request: FastifyRequest,
    trace: Statement[] | undefined,
  ): Promise<Session & { academicYearId: number }> {
    const credential = decodeCredential((request.headers.authorization ?? '').replace(/^Bearer\s+/i, ''));
    if (!credential) throw new Refused(401, 'Unauthorized');
    // The host names the institute first; the session is looked up in it only (a token of another institute names
    // nothing there).
    const host = request.host.replace(/:\d+$/, '').toLowerCase();
    let hit = hosts.get(host);
    if (!hit || hit.until <= Date.now()) {
      const [found] = await query<{ institute_id: number }>(trace, sql.host, [host]);
      hit = { instituteId: found?.institute_id, until: Date.now() + 60_000 };
      hosts.set(host, hit);
    }
    if (hit.instituteId === undefined) throw new Refused(401, 'Unauthorized');
    const tokenHash = createHash('sha256').update(credential.token).digest('hex');
    const [row] = await query<Session>(trace, sql.session, [hit.instituteId, tokenHash]);
    if (!row || row.scope !== 'main') throw new Refused(401, 'Unauthorized');
    if (
      row.revokedAt ||
      row.accountBlocked ||
      row.expiresAt.getTime() <= Date.now() ||
      row.deviceId !== credential.deviceId
    )
      throw new Refused(403, 'You have been logged out. Please login again.');
    if (!row.academicYearIds.includes(credential.academicYearId))
      throw new Refused(403, 'You are not enrolled in this academic year.');
    if (row.mustChangePassword) throw new Refused(403, 'Please set a new password first.');
    return Object.assign(row, { academicYearId: credential.academicYearId });
  }

  /** The institute's settings, cached for a minute as the real server caches them. */
  async function settingsOf(trace: Statement[] | undefined, instituteId: number) {
    let setting = settings.get(instituteId);
    if (!setting || setting.until <= Date.now()) {
      // Drizzle's statement names its columns unaliased.
      const [found] = await query<{
        time_zone: string;
        classes_mode: Mode;
        exam_mode: Mode;
        is_vimeo_downloadable: boolean;
      }>(trace, sql.flags, [instituteId]);
      setting = {
        timeZone: found?.time_zone ?? 'Asia/Kolkata',
        classesMode: found?.classes_mode ?? 'OFFLINE',
        examMode: found?.exam_mode ?? 'OFFLINE',
        vimeoDownloadable: found?.is_vimeo_downloadable ?? false,
        until: Date.now() + 60_000,
      };
      settings.set(instituteId, setting);
    }
    return setting;
  }

  const app = Fastify({ logger: false });
  const traced = (request: FastifyRequest) => (request.headers['x-reference-trace'] ? ([] as Statement[]) : undefined);
  const answer = (reply: FastifyReply, trace: Statement[] | undefined, body: unknown) =>
    trace ? reply.send({ statements: trace }) : reply.send(body);
  app.setErrorHandler((error, _request, reply) => {
    const statusCode = error instanceof Refused ? error.statusCode : 500;
    return reply.code(statusCode).send({ statusCode, message: error instanceof Error ? error.message : 'error' });
  });

  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get<{ Params: { instituteId: string } }>('/api/v1/academicYear/all/:instituteId', async (request, reply) => {
    const trace = traced(request);
    await session(request, trace);
    const rows = await query<{ id: number; name: string; start_date: string; end_date: string }>(
      trace,
      sql.academicYears!,
      [Number(request.params.instituteId)],
    );
    return answer(reply, trace, {
      statusCode: 200,
      message: 'success',
      result: rows.map((row) => ({
        inst_acad_year_id: row.id,
        inst_acad_year: row.name,
        start_date: row.start_date,
        end_date: row.end_date,
      })),
    });
  });

  app.get<{ Params: { instituteId: string }; Querystring: { student_id?: string } }>(
    '/api/v1/announcementBannerPromotion/fetchAnnouncementForStudent/:instituteId',
    async (request, reply) => {
      const trace = traced(request);
      const user = await session(request, trace);
      const instituteId = Number(request.params.instituteId);
      if (instituteId !== user.instituteId || Number(request.query.student_id) !== user.studentId)
        throw new Refused(404, 'Not Found');
      const setting = await settingsOf(trace, instituteId);
      const batches = await query<{ batch_id: number }>(trace, sql.batchIds, [
        instituteId,
        user.studentId,
        user.academicYearId,
      ]);
      const batchIds = batches.map((row) => row.batch_id);
      const rows = await query<Record<string, unknown> & { announced_at: Date; updated_at: Date }>(
        trace,
        sql.announcements!,
        [instituteId, true, instituteId, instituteId, batchIds, 500],
      );
      const timeZone = setting.timeZone;
      return answer(reply, trace, {
        data: {
          result: rows.map((row) => {
            const announced = formatInZone(row.announced_at, timeZone);
            const updated = formatInZone(row.updated_at, timeZone);
            return {
              ancmnt_title: row.title,
              description: row.description_html,
              updated_by: row.updated_by,
              updated_date: `${updated.date} ${updated.time}`,
              announced_date: announced.date,
              announced_time: announced.time,
              batch_sec_names: row.string_agg ?? 'All',
              announcement_img_url: '',
              file_name: row.attachment_name ?? '',
              file_url: '',
            };
          }),
        },
      });
    },
  );

  // The timetable month (issue 28): the same statements, the answer built by hand. Teacher photos are signed file
  // addresses in the real server; the bench's teachers have none, so none is signed here.
  app.post<{
    Body: {
      startdate: IsoDate;
      enddate: IsoDate;
      institute_id: number;
      student_id: number;
      isExamIncludedInTimeTable: 'Y' | 'N';
      is_included_online_class: 'Y' | 'N';
      is_included_online_exam: 'Y' | 'N';
    };
  }>('/api/v2/timeTable/v3', async (request, reply) => {
    const trace = traced(request);
    const user = await session(request, trace);
    const { body } = request;
    if (body.institute_id !== user.instituteId || body.student_id !== user.studentId)
      throw new Refused(404, 'Not Found');
    const instituteId = user.instituteId;
    const batches = await query<{ batch_id: number }>(trace, sql.batchIds, [
      instituteId,
      user.studentId,
      user.academicYearId,
    ]);
    const batchIds = batches.map((row) => row.batch_id);
    if (batchIds.length === 0) throw new Refused(400, 'Please assign course!');
    const setting = await settingsOf(trace, instituteId);
    const { timeZone } = setting;
    const types = includedClassTypes(body, { classes: setting.classesMode, exam: setting.examMode });
    const [rows, totals] = await Promise.all([
      query<SessionRow>(trace, sql.timetableSessions!, [
        instituteId,
        batchIds,
        instantInZone(body.startdate, '00:00', timeZone).toISOString(),
        instantInZone(addDays(body.enddate, 1), '00:00', timeZone).toISOString(),
        types,
      ]),
      // Its two counts share a name: read by position.
      (async () => {
        const values = [instituteId, user.studentId, batchIds];
        trace?.push({ text: sql.timetableTotals!, params: values });
        return (await pool.query({ text: sql.timetableTotals!, values, rowMode: 'array' })).rows as number[][];
      })(),
    ]);
    const online = rows.filter((row) => row.classType === 'Online Class');
    const recordings = online.length
      ? await query<{
          id: number;
          session_id: number;
          host: Recording['video_host'];
          name: string;
          size_bytes: number;
          duration_seconds: number;
          recorded_at: Date;
          uploaded_at: Date;
          provider_video_id: string | null;
        }>(trace, sql.timetableRecordings!, [instituteId, online.map((row) => row.id)])
      : [];
    const names = new Map(online.map((row) => [row.id, row.name]));
    const links = new Map<number, Recording[]>();
    for (const row of recordings) {
      const list = links.get(row.session_id) ?? [];
      const seconds = row.duration_seconds;
      list.push({
        download_id: row.id,
        video_host: row.host,
        video_id: row.host === 'vdocipher' ? (row.provider_video_id ?? '') : '',
        vimeo_video_id: row.host === 'vimeo' ? (row.provider_video_id ?? '') : '',
        view_list_session_name: row.name,
        session_name: names.get(row.session_id) ?? '',
        recording_date_time: row.recorded_at.toISOString(),
        video_duration: `${twoDigits(Math.floor(seconds / 3600))}:${twoDigits(Math.floor((seconds % 3600) / 60))}:${twoDigits(seconds % 60)}`,
        duration: seconds,
        video_size: sizeInMb(Number(row.size_bytes)),
        recording_uploaded_on: row.uploaded_at.toISOString(),
      });
      links.set(row.session_id, list);
    }
    const percent = new Map(totals.map(([batchId, present, total]) => [batchId!, attendancePercent(present!, total!)]));
    const now = new Date();
    const list: Record<string, TimetableEntry[]> = {};
    for (const row of rows) {
      const entry = timetableEntry(row, {
        timeZone,
        instituteId,
        now,
        attendancePercent: percent.get(row.batchId) ?? 0,
        photoUrls: row.teacherPhotoKeys.map(() => '').join(','),
        downloadLinks: links.get(row.id) ?? [],
      });
      (list[entry.date] ??= []).push(entry);
    }
    return answer(reply, trace, {
      statusCode: 200,
      message: '',
      result: { batchTimeTableList: list },
      time: now.toISOString(),
      view_proctur_live_recorded_session: 1,
      vimeo_video_downlodable: setting.vimeoDownloadable ? 1 : 0,
      proctur_live_view_or_download_visibility: 3,
    });
  });

  await app.listen({ port, host: '127.0.0.1' });
  return app;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.env.REFERENCE_SQL;
  const url = process.env.DATABASE_URL;
  if (!file || !url) throw new Error('REFERENCE_SQL (captured statements, JSON) and DATABASE_URL are required');
  await startReference(JSON.parse(readFileSync(file, 'utf8')) as ReferenceSql, url, Number(process.env.PORT ?? 8098));
}
