import { addDays, dateInZone, instantInZone } from '@campus/domain/calendar/calendar';
import { isMyEvent, listedDays } from '@campus/domain/events/events-rules';
import { feeDues } from '@campus/domain/fees/fee-summary';
import { feeDueEventTitle } from '@campus/domain/fees/fees-rules';
import { timetableContract, type FeedStatus, type TimetableEntry } from '@campus/domain/timetable/timetable.contract';
import { timetableEntry } from '@campus/domain/timetable/timetable-entry';
import { attendancePercent, includedClassTypes, timetableMessages } from '@campus/domain/timetable/timetable-rules';
import { fillPath } from '@campus/domain/shared/endpoint';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import ical from 'ical-generator';
import { defineRoute } from '../../access/define-route.ts';
import type { RequestScope } from '../../access/scope.ts';
import { AppError } from '../../errors.ts';
import { findTimetableSessions } from './class-sessions.repository.ts';
import { recordingFlags, recordingsBySession, sessionTimes, teacherPhotoUrls } from './class-sessions.ts';
import { findAllStudentAllocations, findInstallmentsDueBetween } from '../fees/index.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import {
  attendanceTotals,
  countSessionsByMonth,
  deleteFeed,
  findAttendance,
  findCurrentBatches,
  findFeed,
  findFeedBySecret,
  findHolidays,
  saveFeed,
  type FeedOwner,
} from './timetable.repository.ts';

/** The student's batches, or 'Please assign course!' (which the screen ignores silently) when there are none. */
async function batchesOrAssign(scope: RequestScope): Promise<number[]> {
  const batchIds = scope.session.studentId === null ? [] : await scope.batchIds();
  if (batchIds.length === 0) throw new AppError(400, 'BAD_REQUEST', timetableMessages.assignCourse);
  return batchIds;
}

/** How far a calendar feed reaches: a week back and eight weeks ahead. */
const feedDaysBack = 7;
const feedDaysAhead = 56;

/** The timetable, attendance and the personal calendar feed (spec part 2 §2.2, §7 Timetable and attendance). */
export async function timetableRoutes(app: FastifyInstance) {
  defineRoute(app, timetableContract.timetable, async ({ scope, body }) => {
    const batchIds = await batchesOrAssign(scope);
    const { instituteId } = scope.session;
    const settings = await scope.settings();
    const { timeZone } = settings;
    const now = app.now();
    const types = includedClassTypes(body, { classes: settings.classesMode, exam: settings.examMode });
    const [rows, totals] = await Promise.all([
      findTimetableSessions(app.db, {
        instituteId,
        batchIds,
        from: instantInZone(body.startdate, '00:00', timeZone),
        to: instantInZone(addDays(body.enddate, 1), '00:00', timeZone),
        types,
      }),
      attendanceTotals(app.db, instituteId, scope.studentId, batchIds),
    ]);
    const recordings = await recordingsBySession(app.db, instituteId, rows);
    const batchTimeTableList: Record<string, TimetableEntry[]> = {};
    for (const row of rows) {
      const total = totals.get(row.batchId);
      const entry = timetableEntry(row, {
        timeZone,
        instituteId,
        now,
        attendancePercent: total ? attendancePercent(total.present, total.total) : 0,
        photoUrls: teacherPhotoUrls(app.signer, instituteId, row.teacherPhotoKeys, now),
        downloadLinks: recordings.get(row.id) ?? [],
      });
      (batchTimeTableList[entry.date] ??= []).push(entry);
    }
    return {
      statusCode: 200,
      message: '',
      result: { batchTimeTableList },
      time: now.toISOString(),
      ...recordingFlags(settings),
    };
  });

  defineRoute(app, timetableContract.yearCount, async ({ scope, body }) => {
    const batchIds = await batchesOrAssign(scope);
    const settings = await scope.settings();
    const { timeZone } = settings;
    const types = includedClassTypes(
      { isExamIncludedInTimeTable: 'Y', is_included_online_class: 'Y', is_included_online_exam: 'Y' },
      { classes: settings.classesMode, exam: settings.examMode },
    );
    const rows = await countSessionsByMonth(app.db, {
      instituteId: scope.session.instituteId,
      batchIds,
      from: instantInZone(`${body.year}-01-01`, '00:00', timeZone),
      to: instantInZone(`${body.year + 1}-01-01`, '00:00', timeZone),
      types,
      timeZone,
    });
    const result: Record<string, number> = {};
    for (let month = 1; month <= 12; month += 1) result[String(month)] = 0;
    for (const row of rows) result[String(row.month)] = row.count;
    return { statusCode: 200, message: '', result };
  });

  defineRoute(app, timetableContract.attendance, async ({ scope, params, body }) => {
    if (params.batch_id !== body.batch_id) throw new AppError(400, 'BAD_REQUEST', 'batch_id must match the address');
    const timeZone = await scope.timeZone();
    const rows = await findAttendance(app.db, {
      instituteId: scope.session.instituteId,
      studentId: scope.studentId,
      batchId: body.batch_id,
      from: instantInZone(body.startdate, '00:00', timeZone),
      to: instantInZone(addDays(body.enddate, 1), '00:00', timeZone),
    });
    return {
      statusCode: 200,
      message: '',
      result: rows.map((row) => {
        const { startLocal, endLocal } = sessionTimes(row, timeZone);
        return {
          date: startLocal.date,
          start_time: startLocal.time,
          end_time: endLocal.time,
          status: row.status,
          custom_class_type: row.classType,
          home_work_status: row.homeworkStatus,
          remark: row.remark,
          homework_assigned: row.homeworkAssigned,
          attendance_note: row.note,
          topics_covered: row.topicsCovered,
        };
      }),
    };
  });

  const feedAnswer = (result: FeedStatus) => ({ statusCode: 200, message: '', result });

  /** The feed's address at the host the request came to (what a phone's calendar app subscribes to). */
  const feedAddress = (request: FastifyRequest, secret: string) =>
    `${request.protocol}://${request.host}${fillPath(timetableContract.feed.path, { secret })}`;

  // One feed per account (login) and the student it shows: the student's and each parent's (per child) addresses
  // are their own, so asking for or revoking one leaves the others working (issue 25).
  const feedOwner = (scope: RequestScope): FeedOwner => ({
    instituteId: scope.session.instituteId,
    accountUserId: scope.session.accountUserId,
    studentId: scope.studentId,
  });

  defineRoute(app, timetableContract.feedStatus, async ({ scope }) => {
    const row = await findFeed(app.db, feedOwner(scope));
    return feedAnswer({ active: Boolean(row), created_at: row?.createdAt.toISOString() ?? null, feed_url: null });
  });

  defineRoute(app, timetableContract.feedCreate, async ({ scope, request }) => {
    const secret = newToken();
    const createdAt = app.now();
    await saveFeed(app.db, feedOwner(scope), hashToken(secret), createdAt);
    return feedAnswer({ active: true, created_at: createdAt.toISOString(), feed_url: feedAddress(request, secret) });
  });

  defineRoute(app, timetableContract.feedRevoke, async ({ scope }) => {
    await deleteFeed(app.db, feedOwner(scope));
    return feedAnswer({ active: false, created_at: null, feed_url: null });
  });

  defineRoute(app, timetableContract.feed, async ({ params, request, reply }) => {
    // A revoked or unknown secret, or one used at another institute's host, names nothing.
    const instituteId = await app.instituteIdOfHost(request);
    const feed =
      instituteId === undefined ? undefined : await findFeedBySecret(app.db, instituteId, hashToken(params.secret));
    if (!feed) throw new AppError(404, 'NOT_FOUND', 'Not Found');
    const settings = await app.instituteSettings.get(feed.instituteId);
    const { timeZone } = settings;
    const now = app.now();
    const today = dateInZone(now, timeZone);
    const from = addDays(today, -feedDaysBack);
    const to = addDays(today, feedDaysAhead);
    const enrolled = await findCurrentBatches(app.db, feed.instituteId, feed.studentId, today);
    const types = includedClassTypes(
      { isExamIncludedInTimeTable: 'Y', is_included_online_class: 'Y', is_included_online_exam: 'Y' },
      { classes: settings.classesMode, exam: settings.examMode },
    );
    const student = { instituteId: feed.instituteId, studentId: feed.studentId };
    const [rows, holidays, installments, payments] = await Promise.all([
      findTimetableSessions(app.db, {
        instituteId: feed.instituteId,
        batchIds: enrolled.map((row) => row.batchId),
        from: instantInZone(from, '00:00', timeZone),
        to: instantInZone(addDays(to, 1), '00:00', timeZone),
        types,
      }),
      // Holidays for schools only, as the timetable marks them (spec part 2 §6).
      settings.isSchool ? findHolidays(app.db, feed.instituteId, from, to) : Promise.resolve([]),
      // Fee due dates in the same window (beyond the spec: issue 16). An installment overdue since before the window
      // is left out: the feed is a calendar of days, and the fees screen and the parent's banner show what is owed.
      findInstallmentsDueBetween(app.db, { ...student, from, to }),
      findAllStudentAllocations(app.db, student),
    ]);
    const calendar = ical({ name: 'Timetable', prodId: { company: 'Campus Portal', product: 'Timetable' } });
    for (const row of rows) {
      const { start, end } = sessionTimes(row, timeZone);
      const title = [row.subjectName || row.name, row.classType].filter(Boolean).join(' · ');
      calendar.createEvent({
        id: `session-${feed.instituteId}-${row.id}`,
        start,
        end,
        stamp: now,
        summary: title,
        description: [
          `${row.standardName} - ${row.batchName}`,
          row.teacherNames.join(', '),
          row.topics,
          row.description,
        ]
          .filter(Boolean)
          .join('\n'),
      });
    }
    const standardIds = [...new Set(enrolled.map((row) => row.standardId))];
    for (const holiday of holidays.filter((row) => isMyEvent(row, standardIds))) {
      for (const day of listedDays(holiday, from, to)) {
        calendar.createEvent({
          id: `holiday-${feed.instituteId}-${holiday.startDate}-${day}-${holiday.title.length}`,
          start: new Date(`${day}T00:00:00Z`),
          allDay: true,
          stamp: now,
          summary: holiday.title,
        });
      }
    }
    // Only the installment and what is left to pay: no receipt numbers, payment modes or amounts paid.
    for (const due of feeDues(installments, payments, { now, timeZone })) {
      calendar.createEvent({
        id: `fee-${feed.instituteId}-${due.id}`,
        start: new Date(`${due.dueDate}T00:00:00Z`),
        allDay: true,
        stamp: now,
        summary: feeDueEventTitle(due.installNo, due.balance),
      });
    }
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('cache-control', 'private, max-age=300')
      .header('x-content-type-options', 'nosniff')
      .send(calendar.toString());
  });
}
