import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createExamTest } from '../../../test/factories/exam.ts';
import { createStudent, type TestInstitute } from '../../../test/factories/institutes.ts';
import { useInstituteDatabase } from '../../../test/institute-database.ts';
import { fixedNow } from '../../../test/template.ts';
import type { Db } from '../../db/client.ts';
import { examAttempts, examQuestions, examSections } from '../../db/schema/exam.ts';
import {
  createTests,
  findAttemptedQuestions,
  findAttemptedTests,
  findOrCreateSections,
  findQuestionsOnPassages,
  findTests,
  passageRows,
  questionRows,
  updateTest,
} from './exam.writer.ts';

// The exam writer's rules, which the admin API, the demo and the factories all write tests and papers through.
describe('the exam writer', () => {
  const opened = useInstituteDatabase();
  let db: Db;
  let school: TestInstitute;
  beforeAll(() => {
    ({ db, school } = opened);
  });

  const paper = {
    name: 'Paper',
    testTypeId: 4,
    startsAt: fixedNow,
    endsAt: new Date(fixedNow.getTime() + 86_400_000),
    durationMinutes: 30,
  };

  it('sets a test for its batches once each, in id order, and changes them only when told', async () => {
    const { currentYear, previousYear } = school;
    const [id] = await createTests(db, school.id, [
      { ...paper, batchIds: [currentYear.batchId, previousYear.batchId, currentYear.batchId] },
    ]);
    const sorted = [currentYear.batchId, previousYear.batchId].sort((a, b) => a - b);
    expect((await findTests(db, school.id, [id!])).get(id!)?.batchIds).toEqual(sorted);
    await updateTest(db, school.id, id!, { name: 'Renamed' });
    expect((await findTests(db, school.id, [id!])).get(id!)).toMatchObject({ name: 'Renamed', batchIds: sorted });
    await updateTest(db, school.id, id!, { batchIds: [previousYear.batchId] });
    expect((await findTests(db, school.id, [id!])).get(id!)?.batchIds).toEqual([previousYear.batchId]);
  });

  it('finds a section by name or makes it, and counts the questions on a passage', async () => {
    const [testId] = await createTests(db, school.id, [paper]);
    const first = await findOrCreateSections(db, school.id, [{ testId: testId!, name: 'A', subjectId: null }]);
    const again = await findOrCreateSections(db, school.id, [
      { testId: testId!, name: 'A', subjectId: null },
      { testId: testId!, name: 'B', subjectId: null },
    ]);
    expect(again.get(`${testId}|A`)).toBe(first.get(`${testId}|A`));
    expect(again.get(`${testId}|B`)).not.toBe(first.get(`${testId}|A`));
    const [passageId] = await passageRows.create(db, school.id, [{ testId: testId!, text: 'Read' }]);
    await questionRows.create(db, school.id, [
      {
        testId: testId!,
        sectionId: first.get(`${testId}|A`)!,
        questionNo: 1,
        quesType: 2,
        question: 'Q',
        marks: 1,
        passageId,
      },
    ]);
    expect(Object.fromEntries(await findQuestionsOnPassages(db, school.id, [passageId!]))).toEqual({
      [passageId!]: { total: 1, testIds: [testId] },
    });
  });

  it('makes one section of a name when several imports ask for it at once', async () => {
    const [testId] = await createTests(db, school.id, [paper]);
    const wanted = [
      { testId: testId!, name: 'Physics', subjectId: null },
      { testId: testId!, name: 'Chemistry', subjectId: null },
    ];
    // At once on PostgreSQL's pool (several connections); one after another on PGlite.
    const answers = await Promise.all(Array.from({ length: 6 }, () => findOrCreateSections(db, school.id, wanted)));
    const sections = await db
      .select({ id: examSections.id, name: examSections.name })
      .from(examSections)
      .where(and(eq(examSections.instituteId, school.id), eq(examSections.testId, testId!)));
    expect(sections.map((section) => section.name).sort()).toEqual(['Chemistry', 'Physics']);
    const ids = new Map(sections.map((section) => [`${testId}|${section.name}`, section.id]));
    for (const answer of answers) expect(answer).toEqual(ids);
  });

  it('tells a test students have attempted, and its questions, from one nobody has', async () => {
    const attempted = await createExamTest(db, school);
    const untouched = await createExamTest(db, school);
    const { studentId, userId } = await createStudent(db, school);
    await db.insert(examAttempts).values({
      instituteId: school.id,
      testId: attempted,
      studentId,
      userId,
      attemptNo: 1,
      startedAt: fixedNow,
      endsAt: new Date(fixedNow.getTime() + 1_800_000),
      credentialHash: 'unused',
    });
    expect(Object.fromEntries(await findAttemptedTests(db, school.id, [attempted, untouched]))).toEqual({
      [attempted]: 1,
    });
    const questions = [...(await questionRows.find(db, school.id, await questionIds(attempted, untouched))).values()];
    const kept = await findAttemptedQuestions(
      db,
      school.id,
      questions.map((question) => question.id),
    );
    expect(new Set(questions.filter((question) => kept.has(question.id)).map((question) => question.testId))).toEqual(
      new Set([attempted]),
    );
  });

  /** The ids of the questions of these tests. */
  async function questionIds(...testIds: number[]) {
    const rows = await db
      .select({ id: examQuestions.id })
      .from(examQuestions)
      .where(and(eq(examQuestions.instituteId, school.id), inArray(examQuestions.testId, testIds)));
    return rows.map((row) => row.id);
  }
});
