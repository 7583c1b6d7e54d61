import { assignmentDetailPath } from '@campus/domain/assignments/assignments.page';
import { dateInZone, formatInZone } from '@campus/domain/calendar/calendar';
import { feeDues } from '@campus/domain/fees/fee-summary';
import { formatMoney } from '@campus/domain/fees/fees-rules';
import { homePages } from '@campus/domain/home/home.page';
import { examPages } from '@campus/domain/exam/exam.page';
import { feesPages } from '@campus/domain/fees/fees.page';
import { reportPages } from '@campus/domain/report/report.page';
import { timetablePages } from '@campus/domain/timetable/timetable.page';
import { includedClassTypes, timetableFlags } from '@campus/domain/timetable/timetable-rules';
import { todayContract, type TodayChild, type TodayLine } from '@campus/domain/today/today.contract';
import {
  attendanceWord,
  dueWord,
  feeDueWord,
  isHomeworkPending,
  isNewOnToday,
  isTestToTake,
  todayWindows,
  type TodayWindows,
} from '@campus/domain/today/today-rules';
import type { FastifyInstance } from 'fastify';
import { findStudentBatchIds } from '../../access/access.repository.ts';
import { defineRoute } from '../../access/define-route.ts';
import type { InstituteSettings } from '../../access/institute-settings.ts';
import { findAssignmentsDueBetween } from '../assignments/index.ts';
import { findChildren, findUser } from '../auth/index.ts';
import { findOpenTests } from '../exam/index.ts';
import { findAllStudentAllocations, findInstallmentsDueBetween } from '../fees/index.ts';
import { findStudentAnnouncements } from '../home/index.ts';
import { findNewResults } from '../report/index.ts';
import { findMarksBetween, findTimetableSessions, sessionTimes } from '../timetable/index.ts';

/** Notices read to find the new ones: the newest few are enough, since only the last week's count. */
const noticesRead = 10;

interface Child {
  studentId: number;
  userId: number;
  name: string;
}

interface DayOf {
  app: FastifyInstance;
  instituteId: number;
  academicYearId: number;
  settings: InstituteSettings;
  windows: TodayWindows;
  now: Date;
}

/** A date of the institute (`YYYY-MM-DD`) as the app shows it. */
const shown = (date: string) => date.split('-').reverse().join('-');

/**
 * One child's day: every read depends only on the child's batches, so they all run at once after that one lookup
 * (no waterfall); each is an index range of the child's own rows.
 */
async function dayOf({ app, instituteId, academicYearId, settings, windows, now }: DayOf, child: Child) {
  const { db } = app;
  const { timeZone } = settings;
  const { studentId, userId } = child;
  // The sections of the session's academic year, the year every other screen of the session shows.
  const batchIds = await findStudentBatchIds(db, instituteId, studentId, academicYearId);
  const day = { instituteId, studentId, batchIds, from: windows.dayFrom, to: windows.dayTo };
  // Every kind of session the institute runs, as the timetable shows them with all its switches on.
  const types = includedClassTypes(timetableFlags({ classes: settings.classesMode, exam: settings.examMode }), {
    classes: settings.classesMode,
    exam: settings.examMode,
  });
  const [sessions, marks, homework, tests, installments, allocations, notices, results] = await Promise.all([
    findTimetableSessions(db, { ...day, types }),
    findMarksBetween(db, day),
    findAssignmentsDueBetween(db, { ...day, to: windows.homeworkTo }),
    findOpenTests(db, { instituteId, userId, now }, batchIds),
    findInstallmentsDueBetween(db, { instituteId, studentId, from: windows.today, to: windows.feeTo }),
    findAllStudentAllocations(db, { instituteId, studentId }),
    findStudentAnnouncements(db, instituteId, batchIds, noticesRead),
    findNewResults(db, {
      instituteId,
      userId,
      studentId,
      batchIds,
      since: windows.newSince,
      sinceDate: windows.newSinceDate,
      today: windows.today,
    }),
  ]);

  const lines: TodayLine[] = [];
  const timetable = `${timetablePages.timetable}?date=${windows.today}`;
  for (const session of sessions) {
    const { startLocal, endLocal } = sessionTimes(session, timeZone);
    lines.push({
      kind: 'class',
      title: session.subjectName || session.name,
      detail: [`${startLocal.time} – ${endLocal.time}`, session.classType === 'Class' ? '' : session.classType]
        .filter(Boolean)
        .join(' · '),
      badge: attendanceWord(marks.get(session.id) ?? null, session.startsAt, now),
      path: timetable,
    });
  }
  for (const row of homework) {
    if (!isHomeworkPending(row.submissionStatus)) continue;
    const due = formatInZone(row.dueAt, timeZone);
    lines.push({
      kind: 'homework',
      title: row.title,
      detail: `${row.subjectName} · ${dueWord(dateInZone(row.dueAt, timeZone), due.time, windows.today)}`,
      badge: row.submissionStatus === 'Draft' ? 'Draft' : '',
      path: assignmentDetailPath(row.id),
    });
  }
  for (const test of tests) {
    if (!isTestToTake(test.submitted, test.running)) continue;
    const ends = formatInZone(test.endsAt, timeZone);
    lines.push({
      kind: 'test',
      title: test.title || test.name,
      detail: `Open until ${ends.date === shown(windows.today) ? ends.time : `${ends.date} ${ends.time}`}`,
      badge: test.running > 0 ? 'In progress' : '',
      path: examPages.exam,
    });
  }
  for (const due of feeDues(installments, allocations, { now, timeZone })) {
    lines.push({
      kind: 'fee',
      title: `Installment ${due.installNo}`,
      detail: feeDueWord(due.dueDate, windows.today),
      badge: formatMoney(due.balance),
      path: feesPages.fees,
    });
  }
  for (const notice of notices) {
    if (!isNewOnToday(notice.announcedAt, now)) continue;
    const announced = formatInZone(notice.announcedAt, timeZone);
    lines.push({
      kind: 'notice',
      title: notice.title,
      detail: `${announced.date} ${announced.time}`,
      badge: '',
      path: homePages.announcement,
    });
  }
  for (const result of results.online) {
    lines.push({
      kind: 'result',
      title: result.name,
      detail: 'Online test result',
      badge: '',
      path: reportPages.report,
    });
  }
  for (const result of results.offline) {
    lines.push({
      kind: 'result',
      title: result.topicName || 'Offline exam',
      detail: `Offline exam on ${shown(result.examDate)}`,
      badge: '',
      path: reportPages.report,
    });
  }
  return lines;
}

/** Today: the signed-in account's day, a student's own or each of a parent's children, in one answer. */
export async function todayRoutes(app: FastifyInstance) {
  defineRoute(app, todayContract.today, async ({ scope }) => {
    const { instituteId, academicYearId, accountUserId, isParent, studentId, userId } = scope.session;
    // The children are the session's own, read on the server: a parent's every linked child (not only the one the
    // session views), a student themselves, an open-course user nobody.
    const [settings, children] = await Promise.all([
      scope.settings(),
      isParent
        ? findChildren(app.db, instituteId, accountUserId).then((rows) =>
            rows.map((row) => ({ studentId: row.student.id, userId: row.user.id, name: row.user.name })),
          )
        : studentId === null
          ? Promise.resolve([])
          : findUser(app.db, instituteId, userId).then((user) =>
              user ? [{ studentId, userId, name: user.name }] : [],
            ),
    ]);
    const now = app.now();
    const windows = todayWindows(now, settings.timeZone);
    const context = { app, instituteId, academicYearId, settings, windows, now };
    const days = await Promise.all(children.map((child) => dayOf(context, child)));
    return {
      date: shown(windows.today),
      children: children.map((child, index): TodayChild => ({
        student_id: child.studentId,
        user_id: child.userId,
        name: child.name,
        lines: days[index]!,
      })),
    };
  });
}
