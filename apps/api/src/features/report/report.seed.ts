import { scoreAttempt } from '@campus/domain/exam/exam-rules';
import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { offlineExamRows, rankTest, recordOfflineResults, type OfflineResultValues } from './index.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Db } from '../../db/client.ts';
import { examAnswers, examAttempts, examQuestions, examTests } from '../../db/schema/exam.ts';
import { enrolments, students } from '../../db/schema/users.ts';
import type { DemoAccount, DemoContext, DemoInstitute, Tx } from '../../db/seed/context.ts';
import { demoLogins } from '../../db/seed/demo-accounts.ts';

/** Reads results of the demo's exam attempts. */
export const seedAfter = ['exam'];

const day = 86_400_000;

/** Answer sets the classmates give, from strong to weak (the paper of seed/areas/exam.ts: 7 questions). */
const answerSets: Record<number, string>[] = [
  { 1: 'a', 2: 'a,c', 3: 'a', 4: 'a=r|b=p|c=q', 5: 'q,p,r', 7: 'b' },
  { 1: 'a', 2: 'a,c', 3: 'a', 4: 'a=r|b=q|c=p', 5: 'q,p,r', 7: 'c' },
  { 1: 'a', 2: 'a', 3: 'b', 5: 'q,p,r', 7: 'b' },
  { 1: 'b', 2: 'a,c', 3: 'a', 7: 'b' },
  { 1: 'a', 2: 'a', 3: 'a' },
  { 1: 'c', 2: 'b', 3: 'b', 7: 'a' },
  { 1: 'b' },
];

/** The classmates of the demo student: students enrolled in the same batches (or else the institute's others). */
async function classmatesOf(tx: Tx, instituteId: number, student: DemoAccount) {
  const rows = await tx
    .selectDistinct({ studentId: students.id, userId: students.userId })
    .from(students)
    .innerJoin(enrolments, and(eq(enrolments.instituteId, students.instituteId), eq(enrolments.studentId, students.id)))
    .where(
      and(
        eq(students.instituteId, instituteId),
        ne(students.id, student.studentId ?? -1),
        student.batchIds.length > 0 ? inArray(enrolments.batchId, student.batchIds) : sql`true`,
      ),
    )
    .orderBy(asc(students.id));
  return rows;
}

/**
 * Released tests taken by the demo student's classmates (ranks, percentiles and the topper mean something), a
 * released practice paper taken by the student alone (percentile 99),
 * bookmarks of every question type on the demo student's released attempt and one on an unreleased attempt,
 * and offline exams over the term with several subjects, an absence and upcoming exams.
 */
/** The online tests `userId` submitted an attempt of, with whether their result is out and their type. */
function testsTakenBy(tx: Tx, instituteId: number, userId: number) {
  return tx
    .selectDistinct({
      testId: examAttempts.testId,
      published: examTests.isResultPublished,
      testTypeId: examTests.testTypeId,
    })
    .from(examAttempts)
    .innerJoin(
      examTests,
      and(eq(examTests.instituteId, examAttempts.instituteId), eq(examTests.id, examAttempts.testId)),
    )
    .where(
      and(
        eq(examAttempts.instituteId, instituteId),
        eq(examAttempts.userId, userId),
        isNotNull(examAttempts.submittedAt),
      ),
    );
}

async function seedInstitute(tx: Tx, institute: DemoInstitute, student: DemoAccount, now: Date, today: string) {
  const instituteId = institute.id;
  const classmates = await classmatesOf(tx, instituteId, student);
  const taken = await testsTakenBy(tx, instituteId, student.userId);
  for (const { testId, published, testTypeId } of taken) {
    const questions = await tx
      .select({
        quesType: examQuestions.quesType,
        questionNo: examQuestions.questionNo,
        correct: examQuestions.correct,
        marks: examQuestions.marks,
        negativeMarks: examQuestions.negativeMarks,
      })
      .from(examQuestions)
      .where(and(eq(examQuestions.instituteId, instituteId), eq(examQuestions.testId, testId)))
      .orderBy(asc(examQuestions.questionNo));
    const scored = questions.map((q) => ({
      ques_type: q.quesType,
      correct: q.correct,
      marks: q.marks,
      negative_marks: q.negativeMarks,
    }));
    // Bookmarks: every answered question of a released attempt (every question type); one of an unreleased one.
    const own = await tx
      .select({ id: examAttempts.id })
      .from(examAttempts)
      .where(
        and(
          eq(examAttempts.instituteId, instituteId),
          eq(examAttempts.testId, testId),
          eq(examAttempts.userId, student.userId),
        ),
      );
    await tx
      .update(examAnswers)
      .set({ bookmarked: true })
      .where(
        and(
          eq(examAnswers.instituteId, instituteId),
          inArray(
            examAnswers.attemptId,
            own.map((row) => row.id),
          ),
          published ? sql`true` : eq(examAnswers.questionNo, 1),
        ),
      );
    if (!published) continue;
    // A practice paper is the student's alone: its result shows a single student's percentile, 99 (spec part 2 §5).
    for (const [index, classmate] of (testTypeId === 2 ? [] : classmates).entries()) {
      const given = answerSets[index % answerSets.length]!;
      const result = scoreAttempt(
        scored,
        questions.map((q) => given[q.questionNo]),
      );
      const startedAt = new Date(now.getTime() - 29 * day + index * 60_000);
      const [attempt] = await tx
        .insert(examAttempts)
        .values({
          instituteId,
          testId,
          studentId: classmate.studentId,
          userId: classmate.userId,
          attemptNo: 1,
          startedAt,
          endsAt: new Date(startedAt.getTime() + 60 * 60_000),
          submittedAt: new Date(startedAt.getTime() + (25 + ((index * 7) % 30)) * 60_000),
          submittedBy: 'student',
          credentialHash: hashToken(newToken()),
          score: result.total_score,
          result,
        })
        .returning({ id: examAttempts.id });
      const entries = Object.entries(given);
      await tx.insert(examAnswers).values(
        entries.map(([questionNo, answer], seq) => ({
          instituteId,
          attemptId: attempt!.id,
          questionNo: Number(questionNo),
          answer,
          seq: seq + 1,
          savedAt: startedAt,
        })),
      );
    }
    await rankTest(tx as unknown as Db, instituteId, testId, now);
  }

  // Offline exams in the student's first batch: four past (one missed) and two upcoming, several subjects.
  const batchId = student.batchIds[0];
  if (batchId === undefined || student.studentId === null) return;
  const dateFrom = (days: number) =>
    new Date(new Date(`${today}T00:00:00Z`).getTime() + days * day).toISOString().slice(0, 10);
  const subjects = [
    { name: 'Mathematics', totalMarks: 50 },
    { name: 'Science', totalMarks: 50 },
    { name: 'English', totalMarks: 25 },
  ];
  const examIds = await offlineExamRows.create(tx, instituteId, [
    {
      batchId,
      examDate: dateFrom(-70),
      startTime: '09:30',
      endTime: '11:00',
      topicName: 'Term start assessment',
      description: 'Written test on the first chapters',
      subjects,
    },
    {
      batchId,
      examDate: dateFrom(-42),
      startTime: '09:30',
      endTime: '11:00',
      topicName: 'Unit test 1',
      description: 'Chapters 1 to 3',
      subjects,
    },
    {
      batchId,
      examDate: dateFrom(-21),
      startTime: '10:00',
      endTime: '11:00',
      topicName: 'Surprise quiz',
      description: 'Short quiz',
      subjects: [subjects[0]!],
    },
    {
      batchId,
      examDate: dateFrom(-7),
      startTime: '09:30',
      endTime: '11:00',
      topicName: 'Unit test 2',
      description: 'Chapters 4 to 6',
      subjects,
    },
    {
      batchId,
      examDate: dateFrom(9),
      startTime: '09:30',
      endTime: '12:00',
      topicName: 'Half-yearly examination',
      description: 'All chapters so far',
      subjects,
    },
    {
      batchId,
      examDate: dateFrom(30),
      startTime: '10:00',
      endTime: '11:00',
      topicName: 'Unit test 3',
      description: 'Chapters 7 and 8',
      subjects: [subjects[1]!],
    },
  ]);
  const takers = [{ studentId: student.studentId }, ...classmates.slice(0, 6).map((c) => ({ studentId: c.studentId }))];
  const marksRows: OfflineResultValues[] = [];
  const pastSubjects = [subjects, subjects, [subjects[0]!], subjects];
  for (const [examIndex, examSubjects] of pastSubjects.entries()) {
    const examId = examIds[examIndex]!;
    for (const subject of examSubjects) {
      const marks = takers.map((_, takerIndex) =>
        examIndex === 2 && takerIndex === 0
          ? null
          : Math.max(
              0,
              subject.totalMarks - ((takerIndex * 5 + examIndex * 3 + subject.name.length) % subject.totalMarks),
            ),
      );
      takers.forEach((taker, takerIndex) => {
        const value = marks[takerIndex]!;
        marksRows.push({
          examId,
          studentId: taker.studentId,
          subjectName: subject.name,
          attendance: value === null ? 'A' : 'P',
          marksObtained: value,
          rank: value === null ? null : 1 + marks.filter((other) => other !== null && other > value).length,
        });
      });
    }
  }
  await recordOfflineResults(tx, instituteId, marksRows);
}

/**
 * Diya (9000000002's second child, in another section than Aarav's): her released online test ranked, and an offline
 * unit test of her section four days ago with her marks, so her parent hears of results about each child (issue 31).
 */
async function seedSecondChild(tx: Tx, institute: DemoInstitute, child: DemoAccount, now: Date, today: string) {
  const batchId = child.batchIds[0];
  if (batchId === undefined || child.studentId === null) return;
  const released = (await testsTakenBy(tx, institute.id, child.userId)).filter((test) => test.published);
  for (const { testId } of released) await rankTest(tx as unknown as Db, institute.id, testId, now);
  const examDate = new Date(new Date(`${today}T00:00:00Z`).getTime() - 4 * day).toISOString().slice(0, 10);
  const [examId] = await offlineExamRows.create(tx, institute.id, [
    {
      batchId,
      examDate,
      startTime: '09:30',
      endTime: '10:30',
      topicName: 'Unit test 2',
      description: 'Chapters 4 to 6',
      subjects: [
        { name: 'Mathematics', totalMarks: 50 },
        { name: 'English', totalMarks: 25 },
      ],
    },
  ]);
  await recordOfflineResults(tx, institute.id, [
    {
      examId: examId!,
      studentId: child.studentId,
      subjectName: 'Mathematics',
      attendance: 'P',
      marksObtained: 41,
      rank: 1,
    },
    {
      examId: examId!,
      studentId: child.studentId,
      subjectName: 'English',
      attendance: 'P',
      marksObtained: 19,
      rank: 1,
    },
  ]);
}

/** Exam reports of both institutes' demo students, and of 9000000002's second child. */
export async function seed({ tx, now, today, institutes: { greenfield, apex } }: DemoContext): Promise<void> {
  await seedInstitute(tx, greenfield, greenfield.account(demoLogins.greenfieldStudent, 1), now, today);
  await seedSecondChild(tx, greenfield, greenfield.account(demoLogins.greenfieldSecondChild, 1), now, today);
  await seedInstitute(tx, apex, apex.account(demoLogins.apexStudent, 1), now, today);
}
