// Test rows of the report area (see ./institutes.ts for the conventions): attempts at a test, as a submission
// leaves them, with their answers and bookmarks; offline exams and their results.
import { scoreAttempt } from '@campus/domain/exam/exam-rules';
import type { Db } from '../../src/db/client.ts';
import { examAnswers, examAttempts } from '../../src/db/schema/exam.ts';
import type { reportOfflineExams } from '../../src/db/schema/report.ts';
import * as reportWriter from '../../src/features/report/index.ts';
import { fixedNow } from '../template.ts';
import { nextNumber, type TestInstitute } from './institutes.ts';

const minute = 60_000;

/** The factory paper's keys and marks (./exam.ts createExamTest), in question order. */
export const factoryPaper = [
  { ques_type: 1, correct: 'b', marks: 4, negative_marks: 1 },
  { ques_type: 3, correct: 'a,c', marks: 4, negative_marks: 1 },
  { ques_type: 5, correct: 'a', marks: 2, negative_marks: 0.5 },
  { ques_type: 6, correct: 'a=q|b=p', marks: 2, negative_marks: 0 },
  { ques_type: 7, correct: 'q,p', marks: 2, negative_marks: 0 },
  { ques_type: 2, correct: '', marks: 5, negative_marks: 0 },
  { ques_type: 1, correct: 'c', marks: 2, negative_marks: 0.5 },
];

/**
 * A submitted attempt at a test with the factory paper: `answers` by question number, scored by the exam rules as
 * a submission is, started two hours before `fixedNow` and submitted `minutes` later; `bookmarks` are question
 * numbers the student bookmarked. Answers the attempt id.
 */
export async function createAttempt(
  db: Db,
  institute: TestInstitute,
  who: { userId: number; studentId: number | null },
  testId: number,
  {
    answers = {},
    minutes = 20,
    bookmarks = [],
    attemptNo = 1,
  }: { answers?: Record<number, string>; minutes?: number; bookmarks?: number[]; attemptNo?: number } = {},
) {
  const result = scoreAttempt(
    factoryPaper,
    factoryPaper.map((_, index) => answers[index + 1]),
  );
  const startedAt = new Date(fixedNow.getTime() - 120 * minute);
  const [attempt] = await db
    .insert(examAttempts)
    .values({
      instituteId: institute.id,
      testId,
      studentId: who.studentId,
      userId: who.userId,
      attemptNo,
      startedAt,
      endsAt: new Date(startedAt.getTime() + 30 * minute),
      submittedAt: new Date(startedAt.getTime() + minutes * minute),
      submittedBy: 'student',
      credentialHash: `factory-attempt-${nextNumber()}`,
      score: result.total_score,
      result: result as unknown as Record<string, unknown>,
    })
    .returning({ id: examAttempts.id });
  const numbers = new Set([...Object.keys(answers).map(Number), ...bookmarks]);
  if (numbers.size > 0) {
    await db.insert(examAnswers).values(
      [...numbers].map((questionNo) => ({
        instituteId: institute.id,
        attemptId: attempt!.id,
        questionNo,
        answer: answers[questionNo] ?? '',
        seq: 1,
        bookmarked: bookmarks.includes(questionNo),
        savedAt: new Date(startedAt.getTime() + questionNo * minute),
      })),
    );
  }
  return attempt!.id;
}

/** An offline exam of the institute's current batch (unless told), held on `examDate`, in Maths and Science of 50. */
export async function createOfflineExam(
  db: Db,
  institute: TestInstitute,
  {
    examDate,
    ...overrides
  }: { examDate: string } & Partial<Omit<typeof reportOfflineExams.$inferInsert, 'instituteId'>>,
) {
  const [id] = await reportWriter.offlineExamRows.create(db, institute.id, [
    {
      batchId: institute.currentYear.batchId,
      examDate,
      startTime: '10:00',
      endTime: '11:00',
      topicName: `Unit ${nextNumber()}`,
      subjects: [
        { name: 'Maths', totalMarks: 50 },
        { name: 'Science', totalMarks: 50 },
      ],
      ...overrides,
    },
  ]);
  return id!;
}

/** A student's published marks in an offline exam: present, 40 in each of `subjects` (Maths and Science). */
export function recordOfflineMarks(
  db: Db,
  institute: TestInstitute,
  examId: number,
  studentId: number,
  subjects = ['Maths', 'Science'],
) {
  return reportWriter.recordOfflineResults(
    db,
    institute.id,
    subjects.map((subjectName) => ({ examId, studentId, subjectName, attendance: 'P', marksObtained: 40, rank: 1 })),
  );
}
