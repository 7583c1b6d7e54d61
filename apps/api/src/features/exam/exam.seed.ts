import { hashToken, newToken } from '../../lib/tokens.ts';
import { scoreAttempt } from '@campus/domain/exam/exam-rules';
import { and, eq } from 'drizzle-orm';
import {
  examAnswers,
  examAttempts,
  examLabels,
  examProductTests,
  examQuestions,
  type LetteredText,
} from '../../db/schema/exam.ts';
import { productPurchases, products } from '../../db/schema/products.ts';
import { createTests, passageRows, questionRows, sectionRows } from './index.ts';
import type { DemoContext, DemoInstitute, Tx } from '../../db/seed/context.ts';
import { demoLogins } from '../../db/seed/demo-accounts.ts';

/** Reads the mock tests sold in the demo's products. */
export const seedAfter = ['products'];

const hour = 3_600_000;
const day = 24 * hour;

const letters = (...texts: string[]): LetteredText[] =>
  texts.map((text, index) => ({ letter: 'abcdefghijklmnopqrstuvwxyz'[index]!, text }));
const rightLetters = (...texts: string[]): LetteredText[] =>
  texts.map((text, index) => ({ letter: 'pqrstuvwxyz'[index]!, text }));

/** A small diagram for the image question. */
const triangleSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160" viewBox="0 0 240 160">
<rect width="240" height="160" fill="#fff"/><polygon points="20,140 220,140 20,20" fill="#dbeafe" stroke="#1e3a8a" stroke-width="3"/>
<text x="110" y="155" font-size="14">4 cm</text><text x="0" y="85" font-size="14">3 cm</text></svg>`;

interface TestSpec {
  name: string;
  labelId: number | null;
  type: 1 | 2 | 4;
  startsAt: Date;
  endsAt: Date;
  duration: number;
  limit?: number;
  published?: boolean;
}

/**
 * A paper with every question type (§9): single choice with an image, subjective, multiple choice, true/false,
 * matching in both answer formats, and two questions on one passage; negative marks on the objective ones.
 */
async function seedPaper(tx: Tx, instituteId: number, testId: number, mediaKey: string, subjectId: number | null) {
  const [science, reading] = await sectionRows.create(tx, instituteId, [
    { testId, name: 'Science', subjectId, sortOrder: 0 },
    { testId, name: 'Reading', sortOrder: 1 },
  ]);
  const [passage] = await passageRows.create(tx, instituteId, [
    {
      testId,
      text: '<p>Plants make their food in the leaves. Sunlight, water and carbon dioxide are turned into glucose, and oxygen is given off. This process is called <b>photosynthesis</b>.</p>',
    },
  ]);
  const base = { testId, sectionId: science! };
  await questionRows.create(tx, instituteId, [
    {
      ...base,
      questionNo: 1,
      quesType: 1,
      question:
        '<p>The two short sides of the right triangle in the figure are 3 cm and 4 cm. How long is the third side?</p>',
      mediaType: 'image',
      mediaFileKey: mediaKey,
      options: letters('5 cm', '6 cm', '7 cm', '12 cm'),
      correct: 'a',
      marks: 4,
      negativeMarks: 1,
      solution: '<p>By Pythagoras: 3² + 4² = 9 + 16 = 25, and √25 = 5, so the third side is 5 cm.</p>',
    },
    {
      ...base,
      questionNo: 2,
      quesType: 3,
      question: '<p>Which of these are prime numbers? (Choose all that apply.)</p>',
      options: letters('2', '9', '11', '15'),
      correct: 'a,c',
      marks: 4,
      negativeMarks: 1,
      solution: '<p>2 and 11 have no divisors but 1 and themselves; 9 = 3 × 3 and 15 = 3 × 5.</p>',
    },
    {
      ...base,
      questionNo: 3,
      quesType: 5,
      question: '<p>Water boils at 100 °C at sea level.</p>',
      options: letters('True', 'False'),
      correct: 'a',
      marks: 2,
      negativeMarks: 0.5,
      solution: '<p>At sea level (1 atm) pure water boils at 100 °C; higher up it boils lower.</p>',
    },
    {
      ...base,
      questionNo: 4,
      quesType: 6,
      question: '<p>Match each scientist with the discovery (answer as pairs).</p>',
      options: letters('Newton', 'Curie', 'Darwin'),
      matchOptions: rightLetters('Radioactivity', 'Evolution', 'Gravitation'),
      correct: 'a=r|b=p|c=q',
      marks: 3,
      negativeMarks: 0,
      solution:
        '<p>Newton described gravitation, Curie studied radioactivity and Darwin proposed evolution by natural selection.</p>',
    },
    {
      ...base,
      questionNo: 5,
      quesType: 7,
      question: '<p>Match each organ with its function (answer in order).</p>',
      options: letters('Heart', 'Lungs', 'Kidneys'),
      matchOptions: rightLetters('Filter blood', 'Pump blood', 'Exchange gases'),
      correct: 'q,r,p',
      marks: 3,
      negativeMarks: 0,
      solution: '<p>The heart pumps blood, the lungs exchange gases and the kidneys filter blood.</p>',
    },
    {
      ...base,
      questionNo: 6,
      quesType: 2,
      question: '<p>In two or three sentences, explain why leaves are green.</p>',
      marks: 5,
      negativeMarks: 0,
      solution:
        '<p>Leaves hold chlorophyll, which absorbs red and blue light and reflects green light to our eyes.</p>',
    },
    {
      testId,
      sectionId: reading!,
      passageId: passage!,
      questionNo: 7,
      quesType: 1,
      question: '<p>Where do plants make their food?</p>',
      options: letters('Roots', 'Leaves', 'Flowers', 'Seeds'),
      correct: 'b',
      marks: 2,
      negativeMarks: 0.5,
      solution: '<p>The passage says it: plants make their food in the leaves.</p>',
    },
    {
      testId,
      sectionId: reading!,
      passageId: passage!,
      questionNo: 8,
      quesType: 5,
      question: '<p>Photosynthesis gives off carbon dioxide.</p>',
      options: letters('True', 'False'),
      correct: 'b',
      marks: 2,
      negativeMarks: 0.5,
      solution: '<p>False: photosynthesis takes in carbon dioxide and gives off oxygen.</p>',
    },
  ]);
}

/** A submitted attempt with the answers given and its stored result. */
async function seedSubmitted(
  tx: Tx,
  instituteId: number,
  testId: number,
  who: { studentId: number | null; userId: number },
  startedAt: Date,
  durationMinutes: number,
  attemptNo: number,
  given: Record<number, string>,
) {
  const endsAt = new Date(startedAt.getTime() + durationMinutes * 60_000);
  const questions = await tx
    .select({
      questionNo: examQuestions.questionNo,
      quesType: examQuestions.quesType,
      correct: examQuestions.correct,
      marks: examQuestions.marks,
      negativeMarks: examQuestions.negativeMarks,
    })
    .from(examQuestions)
    .where(and(eq(examQuestions.instituteId, instituteId), eq(examQuestions.testId, testId)))
    .orderBy(examQuestions.questionNo);
  const result = scoreAttempt(
    questions.map((q) => ({
      ques_type: q.quesType,
      correct: q.correct,
      marks: q.marks,
      negative_marks: q.negativeMarks,
    })),
    questions.map((q) => given[q.questionNo]),
  );
  const [attempt] = await tx
    .insert(examAttempts)
    .values({
      instituteId,
      testId,
      studentId: who.studentId,
      userId: who.userId,
      attemptNo,
      startedAt,
      endsAt,
      submittedAt: new Date(startedAt.getTime() + (durationMinutes - 5) * 60_000),
      submittedBy: 'student',
      credentialHash: hashToken(newToken()),
      score: result.total_score,
      result,
    })
    .returning({ id: examAttempts.id });
  const entries = Object.entries(given);
  if (entries.length > 0) {
    await tx.insert(examAnswers).values(
      entries.map(([questionNo, answer], index) => ({
        instituteId,
        attemptId: attempt!.id,
        questionNo: Number(questionNo),
        answer,
        seq: index + 1,
        savedAt: startedAt,
      })),
    );
  }
}

/** An attempt started at `startedAt` and not submitted (Resume while it has time), with the answers given so far. */
async function seedOpen(
  tx: Tx,
  instituteId: number,
  testId: number,
  who: { studentId: number | null; userId: number },
  startedAt: Date,
  durationMinutes: number,
  attemptNo: number,
  given: Record<number, string>,
) {
  const [attempt] = await tx
    .insert(examAttempts)
    .values({
      instituteId,
      testId,
      studentId: who.studentId,
      userId: who.userId,
      attemptNo,
      startedAt,
      endsAt: new Date(startedAt.getTime() + durationMinutes * 60_000),
      credentialHash: hashToken(newToken()),
    })
    .returning({ id: examAttempts.id });
  await tx.insert(examAnswers).values(
    Object.entries(given).map(([questionNo, answer], index) => ({
      instituteId,
      attemptId: attempt!.id,
      questionNo: Number(questionNo),
      answer,
      seq: index + 1,
      savedAt: startedAt,
    })),
  );
}

/**
 * One institute's desk: a Mock label, an Online label and a Practice label with a test in every desk status for
 * the student (spec part 2 §4) — shown: live now (ongoing, Start), upcoming, started and not submitted (resume),
 * ended and never taken (view: the read-only paper), practice with tries left (Start) and practice with 2 of 3
 * tries submitted and the third open (Resume); not shown: taken last month with a published result (attempted: on
 * Exam Reports), online submitted while still open and practice at its limit (expired). An unlabelled online test
 * is listed under the 'Online exam' placeholder, which the labels call adds although the institute has an online
 * label of its own. Every paper has every question type.
 */
async function seedInstitute(
  tx: Tx,
  institute: DemoInstitute,
  student: { studentId: number | null; userId: number; batchIds: number[] },
  now: Date,
  mediaKey: string,
  names: { mock: string; online: string; practice: string },
) {
  const instituteId = institute.id;
  const labels = await tx
    .insert(examLabels)
    .values([
      { instituteId, name: names.mock, testTypeId: 1, title: names.mock, sortOrder: 0 },
      { instituteId, name: names.online, testTypeId: 4, title: names.online, sortOrder: 1 },
      { instituteId, name: names.practice, testTypeId: 2, title: names.practice, sortOrder: 2 },
    ])
    .returning({ id: examLabels.id });
  const [mock, online, practice] = labels.map((label) => label.id) as [number, number, number];
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
  const kinds = {
    mock: { labelId: mock, type: 1 },
    online: { labelId: online, type: 4 },
    practice: { labelId: practice, type: 2 },
  } as const;
  /** A test under one of the three labels, open from `from` to `to` days from now, of `duration` minutes. */
  const labelled = (
    kind: keyof typeof kinds,
    title: string,
    [from, to]: [number, number],
    duration: number,
    more: Pick<TestSpec, 'limit' | 'published'> = {},
  ): TestSpec => ({
    name: `${names[kind]}: ${title}`,
    ...kinds[kind],
    startsAt: at(from * day),
    endsAt: at(to * day),
    duration,
    ...more,
  });
  const specs: TestSpec[] = [
    labelled('mock', 'full syllabus (live)', [-2, 5], 60),
    labelled('mock', 'full syllabus part two, with a name long enough to be cut on the card', [3, 6], 90),
    labelled('mock', 'last month', [-30, -27], 60, { published: true }),
    labelled('online', 'weekly test (live)', [-1, 4], 45),
    labelled('online', 'missed test', [-10, -8], 45),
    labelled('online', 'already submitted', [-1, 3], 30),
    // Long enough that the open third try still shows Resume hours after the demo is written.
    labelled('practice', 'drill (3 tries)', [-5, 20], 240, { limit: 3 }),
    labelled('practice', 'drill used up', [-5, 20], 20, { limit: 1, published: true }),
    labelled('online', 'revision test (started)', [-1, 3], 360),
    labelled('practice', 'quick quiz', [-2, 10], 15),
    {
      name: 'Surprise quiz (no label)',
      labelId: null,
      type: 4,
      startsAt: at(-1 * day),
      endsAt: at(2 * day),
      duration: 15,
    },
  ];
  const testIds = await createTests(
    tx,
    instituteId,
    specs.map((spec) => ({
      labelId: spec.labelId,
      name: spec.name,
      title: spec.name,
      testTypeId: spec.type,
      startsAt: spec.startsAt,
      endsAt: spec.endsAt,
      durationMinutes: spec.duration,
      testLimit: spec.limit ?? 0,
      isResultPublished: spec.published ?? false,
      batchIds: student.batchIds,
    })),
  );
  const tests = testIds.map((id) => ({ id }));
  const subjectId = institute.subjects[0]?.id ?? null;
  for (const test of tests) await seedPaper(tx, instituteId, test.id, mediaKey, subjectId);
  const good = {
    1: 'a',
    2: 'a,c',
    3: 'a',
    4: 'a=r|b=p|c=q',
    5: 'q,p,r',
    6: '<p>Chlorophyll reflects green light.</p>',
    7: 'b',
  };
  // Taken last month, result published: View.
  await seedSubmitted(tx, instituteId, tests[2]!.id, student, at(-29 * day), 60, 1, good);
  // Submitted within the window: used up.
  await seedSubmitted(tx, instituteId, tests[5]!.id, student, at(-20 * hour), 30, 1, { 1: 'b', 3: 'a' });
  // Practice: two of three tries submitted and the third open with time left (Resume); the other at its limit of
  // one (not shown).
  await seedSubmitted(tx, instituteId, tests[6]!.id, student, at(-3 * day), 240, 1, { 1: 'a', 2: 'a' });
  await seedSubmitted(tx, instituteId, tests[6]!.id, student, at(-2 * day), 240, 2, { 1: 'a', 2: 'a,c' });
  await seedOpen(tx, instituteId, tests[6]!.id, student, at(-10 * 60_000), 240, 3, { 1: 'a' });
  await seedSubmitted(tx, instituteId, tests[7]!.id, student, at(-3 * day), 20, 1, good);
  // Online, started 20 minutes ago and not submitted: Resume.
  await seedOpen(tx, instituteId, tests[8]!.id, student, at(-20 * 60_000), 360, 1, { 1: 'a', 3: 'a' });
  return tests.map((test) => test.id);
}

/**
 * Diya (9000000002's second child, in another section than Aarav's): an online unit test of her section that ended
 * five days ago, taken by her and its result released, so her parent hears of an online result about each child
 * (issue 31).
 */
async function seedChildResult(
  tx: Tx,
  institute: DemoInstitute,
  child: { studentId: number | null; userId: number; batchIds: number[] },
  now: Date,
  mediaKey: string,
) {
  const [label] = await tx
    .select({ id: examLabels.id })
    .from(examLabels)
    .where(and(eq(examLabels.instituteId, institute.id), eq(examLabels.testTypeId, 4)));
  const startsAt = new Date(now.getTime() - 6 * day);
  const [testId] = await createTests(tx, institute.id, [
    {
      labelId: label?.id ?? null,
      name: 'Unit Tests: plants and their food',
      title: 'Unit Tests: plants and their food',
      testTypeId: 4,
      startsAt,
      endsAt: new Date(now.getTime() - 5 * day),
      durationMinutes: 45,
      isResultPublished: true,
      batchIds: child.batchIds,
    },
  ]);
  const subjectId = institute.subjects[0]?.id ?? null;
  await seedPaper(tx, institute.id, testId!, mediaKey, subjectId);
  await seedSubmitted(tx, institute.id, testId!, child, new Date(startsAt.getTime() + 2 * hour), 45, 1, {
    1: 'a',
    2: 'a,c',
    3: 'b',
    5: 'q,p,r',
    7: 'b',
  });
}

/** Exam desks of both institutes, and the Apex buyer's product tests (Mock_Test and Online_Test). */
export async function seed({ tx, now, storage, institutes: { greenfield, apex } }: DemoContext): Promise<void> {
  const { key: mediaKey } = await storage.putBuffer(triangleSvg, 'svg');
  await seedInstitute(tx, greenfield, greenfield.account(demoLogins.greenfieldStudent, 1), now, mediaKey, {
    mock: 'Term Mock Test',
    online: 'Unit Tests',
    practice: 'Practice Papers',
  });
  await seedChildResult(tx, greenfield, greenfield.account(demoLogins.greenfieldSecondChild, 1), now, mediaKey);
  await seedInstitute(tx, apex, apex.account(demoLogins.apexStudent, 1), now, mediaKey, {
    mock: 'JEE Mock',
    online: 'Weekly Online Test',
    practice: 'Daily Practice',
  });

  // Product tests: one mock and one online test sold in the buyer's first product (not set for any batch).
  const buyer = apex.account(demoLogins.apexBuyer, 99);
  const [product] = await tx
    .select({ id: products.id })
    .from(products)
    .innerJoin(
      productPurchases,
      and(eq(productPurchases.instituteId, products.instituteId), eq(productPurchases.productId, products.id)),
    )
    .where(and(eq(products.instituteId, apex.id), eq(productPurchases.userId, buyer.userId)))
    .orderBy(products.id)
    .limit(1);
  const productTestIds = await createTests(tx, apex.id, [
    {
      name: 'JEE Main Crash Course: mock paper 1',
      title: 'Crash course mock',
      testTypeId: 1,
      startsAt: new Date(now.getTime() - 3 * day),
      endsAt: new Date(now.getTime() + 30 * day),
      durationMinutes: 60,
    },
    {
      name: 'JEE Main Crash Course: online test 1',
      title: 'Crash course online test',
      testTypeId: 4,
      startsAt: new Date(now.getTime() - 3 * day),
      endsAt: new Date(now.getTime() + 30 * day),
      durationMinutes: 30,
    },
  ]);
  const productTests = productTestIds.map((id) => ({ id }));
  for (const test of productTests) await seedPaper(tx, apex.id, test.id, mediaKey, null);
  if (product) {
    await tx
      .insert(examProductTests)
      .values(productTests.map((test) => ({ instituteId: apex.id, productId: product.id, testId: test.id })));
  }
}
