// Test rows of the exam area (see ./institutes.ts for the conventions).
import type { Db } from '../../src/db/client.ts';
import { examLabels, examProductTests } from '../../src/db/schema/exam.ts';
import * as examWriter from '../../src/features/exam/index.ts';
import { fixedNow } from '../template.ts';
import { nextNumber, type TestInstitute } from './institutes.ts';

/** A test label of the institute (type 1 mock unless told). */
export async function createExamLabel(
  db: Db,
  institute: TestInstitute,
  overrides: Partial<Omit<typeof examLabels.$inferInsert, 'instituteId'>> = {},
) {
  const name = `Test Label ${nextNumber()}`;
  const [row] = await db
    .insert(examLabels)
    .values({ instituteId: institute.id, name, title: name, testTypeId: 1, ...overrides })
    .returning({ id: examLabels.id });
  return row!.id;
}

const lettered = (texts: string[], from = 'a') =>
  texts.map((text, index) => ({ letter: String.fromCharCode(from.charCodeAt(0) + index), text }));

/**
 * The paper every factory test has, one question of each type (§9) in this order, with its key:
 * 1 single 'b' (4 marks, −1, an image), 2 multiple 'a,c' (4, −1), 3 true/false 'a' (2, −0.5), 4 matching 6
 * 'a=q|b=p' (2), 5 matching 7 'q,p' (2), 6 subjective (5), 7 single 'c' on a passage (2, −0.5).
 */
export const factoryPaperKey = { 1: 'b', 2: 'a,c', 3: 'a', 4: 'a=q|b=p', 5: 'q,p', 7: 'c' } as const;

/**
 * An online test (type 4) of the institute, open from a day before the fixed clock for a week, 30 minutes, set
 * for the institute's current batch (or `batchIds`), with the factory paper. `productId` sells it in a product.
 */
export async function createExamTest(
  db: Db,
  institute: TestInstitute,
  {
    batchIds = [institute.currentYear.batchId],
    productId,
    now = fixedNow,
    ...overrides
  }: Partial<Omit<examWriter.TestValues, 'batchIds'>> & {
    batchIds?: number[];
    productId?: number;
    now?: Date;
  } = {},
) {
  const instituteId = institute.id;
  const [created] = await examWriter.createTests(db, instituteId, [
    {
      name: `Test Paper ${nextNumber()}`,
      testTypeId: 4,
      startsAt: new Date(now.getTime() - 86_400_000),
      endsAt: new Date(now.getTime() + 7 * 86_400_000),
      durationMinutes: 30,
      ...overrides,
      batchIds,
    },
  ]);
  const testId = created!;
  if (productId !== undefined) await db.insert(examProductTests).values({ instituteId, productId, testId });
  const sections = await examWriter.findOrCreateSections(db, instituteId, [
    { testId, name: 'Section A', subjectId: null },
  ]);
  const [passageId] = await examWriter.passageRows.create(db, instituteId, [
    { testId, text: '<p>A passage to read.</p>' },
  ]);
  const base = { testId, sectionId: sections.get(`${testId}|Section A`)! };
  await examWriter.questionRows.create(db, instituteId, [
    {
      ...base,
      questionNo: 1,
      quesType: 1,
      question: 'Pick b',
      options: lettered(['A', 'B', 'C', 'D']),
      correct: 'b',
      marks: 4,
      negativeMarks: 1,
      mediaType: 'image',
      mediaFileKey: 'factory-figure.svg',
    },
    {
      ...base,
      questionNo: 2,
      quesType: 3,
      question: 'Pick a and c',
      options: lettered(['A', 'B', 'C', 'D']),
      correct: 'a,c',
      marks: 4,
      negativeMarks: 1,
      solution: 'SECRET-SOLUTION-TEXT',
    },
    {
      ...base,
      questionNo: 3,
      quesType: 5,
      question: 'True?',
      options: lettered(['True', 'False']),
      correct: 'a',
      marks: 2,
      negativeMarks: 0.5,
    },
    {
      ...base,
      questionNo: 4,
      quesType: 6,
      question: 'Match (pairs)',
      options: lettered(['L1', 'L2']),
      matchOptions: lettered(['R1', 'R2'], 'p'),
      correct: 'a=q|b=p',
      marks: 2,
    },
    {
      ...base,
      questionNo: 5,
      quesType: 7,
      question: 'Match (order)',
      options: lettered(['L1', 'L2']),
      matchOptions: lettered(['R1', 'R2'], 'p'),
      correct: 'q,p',
      marks: 2,
    },
    { ...base, questionNo: 6, quesType: 2, question: 'Explain', marks: 5 },
    {
      ...base,
      questionNo: 7,
      quesType: 1,
      passageId: passageId!,
      question: 'On the passage',
      options: lettered(['A', 'B', 'C']),
      correct: 'c',
      marks: 2,
      negativeMarks: 0.5,
    },
  ]);
  return testId;
}
