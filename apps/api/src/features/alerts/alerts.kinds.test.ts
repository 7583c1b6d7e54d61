import { and, eq } from 'drizzle-orm';
import { saveAlertSettings } from './settings.repository.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertsOfKind, heardOfKind } from '../../../test/factories/alerts.ts';
import { createAssignment, createSubmission } from '../../../test/factories/assignments.ts';
import { createExamTest } from '../../../test/factories/exam.ts';
import { createFeePayment, createFeePlan } from '../../../test/factories/fees.ts';
import { createAnnouncement } from '../../../test/factories/home.ts';
import {
  createInstitute,
  createParent,
  createStudent,
  createSubject,
  createUser,
  enrol,
  type TestInstitute,
} from '../../../test/factories/institutes.ts';
import { createAttempt, createOfflineExam, recordOfflineMarks } from '../../../test/factories/report.ts';
import { createClassSession } from '../../../test/factories/timetable.ts';
import { createMigratedDatabase, createTestStorage, fixedNow } from '../../../test/helpers.ts';
import type { Database } from '../../db/client.ts';
import { assignments } from '../../db/schema/assignments.ts';
import { batchRows } from '../../access/academics.writer.ts';
import {
  produceFeeAlerts,
  produceHomeworkDueAlerts,
  produceHomeworkNewAlerts,
  produceLiveSoonAlerts,
  produceNoticeAlerts,
  produceOfflineResultAlerts,
  produceOnlineResultAlerts,
} from './alerts.repository.ts';

/** A Kolkata wall-clock time on a date, as an instant. fixedNow is 12:00 on Saturday 21 November 2026 there. */
const kolkata = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);
const minutes = (n: number) => new Date(fixedNow.getTime() + n * 60_000);
const rs = (rupees: number) => rupees * 100;
/** Who hears of what, `[userId, studentId, eventKey]`, in the order alertsOfKind reads them. */
const sorted = (triples: (string | number)[][]) =>
  triples.sort(
    (a, b) => Number(a[0]) - Number(b[0]) || Number(a[1]) - Number(b[1]) || String(a[2]).localeCompare(String(b[2])),
  );

/**
 * The alert kinds beyond absence (issue 31): each produced by one statement over every student concerned, to the
 * student and each parent (live classes: the student only), once per event and person — a second run writes nothing.
 */
describe('alert kinds', () => {
  let database: Database;
  const storage = createTestStorage();
  /** A child with two parents, a classmate with none, a student of another section; fresh per institute. */
  async function family(school: TestInstitute) {
    const db = database.db;
    const child = await createStudent(db, school, { user: { name: 'Aarav Shah' } });
    const mother = await createParent(db, school, [child.studentId]);
    const father = await createParent(db, school, [child.studentId]);
    const classmate = await createStudent(db, school, { user: { name: 'Diya Rao' } });
    const [otherBatch] = await batchRows.create(db, school.id, [
      { standardId: school.standardId, academicYearId: school.currentYear.id, name: 'B' },
    ]);
    const elsewhere = await createStudent(db, school, { years: [] });
    await enrol(db, school, elsewhere.studentId, { batchId: otherBatch! });
    const elsewhereParent = await createParent(db, school, [elsewhere.studentId]);
    return { child, mother, father, classmate, elsewhere, elsewhereParent, otherBatch: otherBatch! };
  }
  /** The child's three accounts hearing of `key`, and the classmate's own. */
  const childAndParents = (f: Awaited<ReturnType<typeof family>>, key: number | string) => [
    [f.child.userId, f.child.studentId, String(key)],
    [f.mother.userId, f.child.studentId, String(key)],
    [f.father.userId, f.child.studentId, String(key)],
  ];

  beforeAll(async () => {
    database = await createMigratedDatabase();
  });
  afterAll(() => database?.close());

  describe('fees', () => {
    it('fee-due from three days before the due date, fee-overdue from two days after, with what is left', async () => {
      const db = database.db;
      const school = await createInstitute(db);
      const f = await family(school);
      const [dueIn2, overdue, dayAfter, dueIn4, paidUp, writtenOff, partPaid] = await createFeePlan(
        db,
        school,
        f.child.studentId,
        {
          installments: [
            { due: '2026-11-23', amount: rs(12_500) },
            { due: '2026-11-19', amount: rs(10_000), fine: rs(500) },
            { due: '2026-11-20', amount: rs(10_000) },
            { due: '2026-11-25', amount: rs(10_000) },
            { due: '2026-11-22', amount: rs(5_000) },
            { due: '2026-11-22', amount: rs(5_000), badDebt: rs(5_000) },
            { due: '2026-11-18', amount: rs(8_000), discount: rs(1_000), tax: rs(180), fine: rs(200) },
          ],
        },
      );
      await createFeePayment(db, storage, school, {
        studentId: f.child.studentId,
        parts: [
          { studentInstallmentId: paidUp!, amount: rs(5_000) },
          { studentInstallmentId: partPaid!, amount: rs(3_000), fine: rs(50) },
        ],
      });
      const [classmateDue] = await createFeePlan(db, school, f.classmate.studentId, {
        installments: [{ due: '2026-11-21', amount: rs(2_000) }],
      });
      void dayAfter;
      void dueIn4;
      void writtenOff;

      expect(await produceFeeAlerts(db, fixedNow, school.id)).toBe(3 + 3 + 3 + 1);
      expect(await heardOfKind(db, school, 'fee-due')).toEqual(
        sorted([...childAndParents(f, dueIn2!), [f.classmate.userId, f.classmate.studentId, String(classmateDue)]]),
      );
      expect(await heardOfKind(db, school, 'fee-overdue')).toEqual(
        sorted([...childAndParents(f, overdue!), ...childAndParents(f, partPaid!)]),
      );
      const left = Object.fromEntries(
        [...(await alertsOfKind(db, school, 'fee-due')), ...(await alertsOfKind(db, school, 'fee-overdue'))].map(
          (row) => [row.eventKey, row.data],
        ),
      );
      expect(left[String(dueIn2)]).toEqual({
        id: dueIn2,
        installNo: 1,
        dueDate: '2026-11-23',
        left: rs(12_500),
        child: 'Aarav Shah',
      });
      // 10,000 and its 500 fine unpaid; 8,000 − 1,000 + 180 less 3,000 paid, and 200 − 50 of its fine.
      expect(left[String(overdue)]!.left).toBe(rs(10_500));
      expect(left[String(partPaid)]!.left).toBe(rs(4_180) + rs(150));

      expect(await produceFeeAlerts(db, fixedNow, school.id)).toBe(0);
      // The sweep (every institute) finds nothing new either.
      expect(await produceFeeAlerts(db, fixedNow)).toBe(0);
    });
  });

  describe('homework', () => {
    it('homework-new for an assignment set for the child’s section in the last day and not yet due, once', async () => {
      const db = database.db;
      const school = await createInstitute(db);
      const f = await family(school);
      const maths = await createSubject(db, school, 'Maths');
      const fresh = await createAssignment(db, school, maths, {
        title: 'Fractions',
        dueAt: kolkata('2026-11-28', '23:59'),
      });
      // Set two days ago, or for another section: not news to the child.
      const stale = await createAssignment(db, school, maths);
      await db
        .update(assignments)
        .set({ createdAt: new Date(fixedNow.getTime() - 2 * 86_400_000) })
        .where(and(eq(assignments.instituteId, school.id), eq(assignments.id, stale)));
      const otherSection = await createAssignment(db, school, maths, { batchId: f.otherBatch });
      // Set now but due yesterday (loaded late): nothing is left to do, so no news either.
      await createAssignment(db, school, maths, { dueAt: kolkata('2026-11-20', '23:59') });

      expect(await produceHomeworkNewAlerts(db, fixedNow, school.id)).toBe(4 + 2);
      expect(await heardOfKind(db, school, 'homework-new')).toEqual(
        sorted([
          ...childAndParents(f, fresh),
          [f.classmate.userId, f.classmate.studentId, String(fresh)],
          [f.elsewhere.userId, f.elsewhere.studentId, String(otherSection)],
          [f.elsewhereParent.userId, f.elsewhere.studentId, String(otherSection)],
        ]),
      );
      const [own] = await alertsOfKind(db, school, 'homework-new');
      expect(own!.data).toEqual({
        id: fresh,
        title: 'Fractions',
        subject: 'Maths',
        dueDate: '2026-11-28',
        child: 'Aarav Shah',
      });
      expect(await produceHomeworkNewAlerts(db, fixedNow, school.id)).toBe(0);
    });

    it('homework-due for one due tomorrow in the institute’s zone, to those who have not submitted it', async () => {
      const db = database.db;
      const school = await createInstitute(db);
      const f = await family(school);
      const drafting = await createStudent(db, school);
      const maths = await createSubject(db, school, 'Maths');
      const tomorrow = await createAssignment(db, school, maths, { dueAt: kolkata('2026-11-22', '09:00') });
      // Early on the 23rd in Kolkata is still the 22nd in UTC: not tomorrow here.
      await createAssignment(db, school, maths, { dueAt: kolkata('2026-11-23', '02:00') });
      await createAssignment(db, school, maths, { dueAt: kolkata('2026-11-21', '23:00') });
      await createSubmission(db, storage, school, tomorrow, f.classmate.studentId, { status: 'Submitted' });
      await createSubmission(db, storage, school, tomorrow, drafting.studentId, { status: 'Draft' });

      expect(await produceHomeworkDueAlerts(db, fixedNow, school.id)).toBe(3 + 1);
      expect(await heardOfKind(db, school, 'homework-due')).toEqual(
        sorted([...childAndParents(f, tomorrow), [drafting.userId, drafting.studentId, String(tomorrow)]]),
      );
      expect(await produceHomeworkDueAlerts(db, fixedNow, school.id)).toBe(0);
    });
  });

  describe('results', () => {
    it('result-online for a released test to those who submitted an attempt, once per test', async () => {
      const db = database.db;
      const school = await createInstitute(db);
      const f = await family(school);
      const released = await createExamTest(db, school, { name: 'Unit Test 3', isResultPublished: true });
      const withheld = await createExamTest(db, school, { isResultPublished: false });
      const longAgo = await createExamTest(db, school, {
        isResultPublished: true,
        startsAt: new Date(fixedNow.getTime() - 45 * 86_400_000),
        endsAt: new Date(fixedNow.getTime() - 40 * 86_400_000),
      });
      // Two attempts (a practice test) still make one alert; a course buyer has no child to hear of.
      await createAttempt(db, school, f.child, released);
      await createAttempt(db, school, f.child, released, { attemptNo: 2 });
      await createAttempt(db, school, f.child, withheld);
      await createAttempt(db, school, f.child, longAgo);
      const buyer = await createUser(db, school, { userType: 99 });
      await createAttempt(db, school, { userId: buyer.userId, studentId: null }, released);

      expect(await produceOnlineResultAlerts(db, fixedNow, school.id)).toBe(3);
      expect(await heardOfKind(db, school, 'result-online')).toEqual(sorted(childAndParents(f, released)));
      expect((await alertsOfKind(db, school, 'result-online'))[0]!.data).toEqual({
        id: released,
        test: 'Unit Test 3',
        child: 'Aarav Shah',
      });
      expect(await produceOnlineResultAlerts(db, fixedNow, school.id)).toBe(0);
    });

    it('result-offline for an exam of the last 30 days with the child’s marks recorded, once per exam', async () => {
      const db = database.db;
      const school = await createInstitute(db);
      const f = await family(school);
      const recent = await createOfflineExam(db, school, { examDate: '2026-11-16', topicName: 'Algebra' });
      const old = await createOfflineExam(db, school, { examDate: '2026-10-01' });
      await recordOfflineMarks(db, school, recent, f.child.studentId);
      await recordOfflineMarks(db, school, old, f.child.studentId);

      expect(await produceOfflineResultAlerts(db, fixedNow, school.id)).toBe(3);
      expect(await heardOfKind(db, school, 'result-offline')).toEqual(sorted(childAndParents(f, recent)));
      expect((await alertsOfKind(db, school, 'result-offline'))[0]!.data).toEqual({
        id: recent,
        examDate: '2026-11-16',
        topic: 'Algebra',
        child: 'Aarav Shah',
      });
      // The classmate's marks published later: only the classmate hears.
      await recordOfflineMarks(db, school, recent, f.classmate.studentId, ['Maths']);
      expect(await produceOfflineResultAlerts(db, fixedNow, school.id)).toBe(1);
      expect(await produceOfflineResultAlerts(db, fixedNow, school.id)).toBe(0);
    });
  });

  describe('live-soon', () => {
    it('an online class starting within 15 minutes, to its students (a parent only by choice)', async () => {
      const db = database.db;
      const school = await createInstitute(db);
      const f = await family(school);
      const soon = await createClassSession(db, school, { name: 'Optics', startsAt: minutes(10) });
      await createClassSession(db, school, { startsAt: minutes(16) });
      await createClassSession(db, school, { startsAt: minutes(0) });
      await createClassSession(db, school, {
        classType: 'Class',
        startsAt: minutes(5),
        meetingWith: null,
        sessionLink: '',
      });

      expect(await produceLiveSoonAlerts(db, fixedNow, school.id)).toBe(2);
      expect(await heardOfKind(db, school, 'live-soon')).toEqual(
        sorted([
          [f.child.userId, f.child.studentId, String(soon)],
          [f.classmate.userId, f.classmate.studentId, String(soon)],
        ]),
      );
      const own = (await alertsOfKind(db, school, 'live-soon')).find((row) => row.userId === f.child.userId);
      expect(own!.data).toEqual({
        id: soon,
        name: 'Optics',
        startsAt: minutes(10).toISOString().replace('.000Z', 'Z'),
        timeZone: 'Asia/Kolkata',
        child: 'Aarav Shah',
      });
      expect(await produceLiveSoonAlerts(db, fixedNow, school.id)).toBe(0);
      // A minute later, as the job runs again: the 16-minute class has come into the window, the first is not again.
      expect(await produceLiveSoonAlerts(db, minutes(1), school.id)).toBe(2);
      expect(await heardOfKind(db, school, 'live-soon')).toHaveLength(4);
    });

    it('to a parent too once their settings turn one of its channels on; one turned off stays out', async () => {
      const db = database.db;
      const school = await createInstitute(db);
      const f = await family(school);
      const quiet = { start: '21:00', end: '07:00' };
      await saveAlertSettings(
        db,
        school.id,
        f.mother.userId,
        { channels: { 'live-soon': { push: true } }, quiet, urgent: [], digest: {} },
        fixedNow,
      );
      // The father chose, but not this: every channel of it off.
      await saveAlertSettings(
        db,
        school.id,
        f.father.userId,
        { channels: { 'live-soon': { app: false }, notice: { app: true } }, quiet, urgent: [], digest: {} },
        fixedNow,
      );
      const soon = await createClassSession(db, school, { startsAt: minutes(10) });
      await produceLiveSoonAlerts(db, fixedNow, school.id);
      expect(await heardOfKind(db, school, 'live-soon')).toEqual(
        sorted([
          [f.child.userId, f.child.studentId, String(soon)],
          [f.mother.userId, f.child.studentId, String(soon)],
          [f.classmate.userId, f.classmate.studentId, String(soon)],
        ]),
      );
    });
  });

  describe('notice', () => {
    it('a new announcement for the child’s section, or for everyone this year, once', async () => {
      const db = database.db;
      const school = await createInstitute(db);
      const f = await family(school);
      const lastYearOnly = await createStudent(db, school, { years: ['previous'] });
      const forSection = await createAnnouncement(db, school, {
        title: 'Sports day',
        batchIds: [school.currentYear.batchId],
        announcedAt: minutes(-60),
      });
      const forEveryone = await createAnnouncement(db, school, { announcedAt: fixedNow });
      const forOthers = await createAnnouncement(db, school, { batchIds: [f.otherBatch] });
      await createAnnouncement(db, school, { announcedAt: minutes(-25 * 60) });
      await createAnnouncement(db, school, { announcedAt: minutes(5) });
      await createAnnouncement(db, school, { isActive: false });

      expect(await produceNoticeAlerts(db, fixedNow, school.id)).toBe(4 + 4 + 2 + 2);
      expect(await heardOfKind(db, school, 'notice')).toEqual(
        sorted([
          ...childAndParents(f, forSection),
          ...childAndParents(f, forEveryone),
          [f.classmate.userId, f.classmate.studentId, String(forSection)],
          [f.classmate.userId, f.classmate.studentId, String(forEveryone)],
          [f.elsewhere.userId, f.elsewhere.studentId, String(forEveryone)],
          [f.elsewhereParent.userId, f.elsewhere.studentId, String(forEveryone)],
          [f.elsewhere.userId, f.elsewhere.studentId, String(forOthers)],
          [f.elsewhereParent.userId, f.elsewhere.studentId, String(forOthers)],
        ]),
      );
      expect((await heardOfKind(db, school, 'notice')).some(([userId]) => userId === lastYearOnly.userId)).toBe(false);
      const own = (await alertsOfKind(db, school, 'notice')).find(
        (row) => row.userId === f.child.userId && row.eventKey === String(forSection),
      );
      expect(own!.data).toEqual({ id: forSection, title: 'Sports day', child: 'Aarav Shah' });
      expect(await produceNoticeAlerts(db, fixedNow, school.id)).toBe(0);
    });
  });
});
