import { saveGraceSeconds } from '@campus/domain/exam/exam-rules';
import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { p, prepared, sqlRows } from '../../db/prepared.ts';
import {
  examAnswers,
  examAttempts,
  examLabels,
  examLaunchTokens,
  examPassages,
  examProductTests,
  examQuestions,
  examSections,
  examTestBatches,
  examTests,
} from '../../db/schema/exam.ts';
import { productPurchases } from '../../db/schema/products.ts';

/** An open attempt counts as submitted once its end plus the grace has passed (it is submitted on the next touch). */
const graceMs = saveGraceSeconds * 1000;

// Written out in full: Drizzle leaves column names unqualified inside a selected sql fragment.
const ofThisTest = sql`a.institute_id = "exam_tests"."institute_id" and a.test_id = "exam_tests"."id"
  and a.user_id = ${p('userId')}`;

/** The columns of a desk listing: the test and the user's attempts at it. */
const testColumns = {
  instituteId: examTests.instituteId,
  id: examTests.id,
  name: examTests.name,
  title: examTests.title,
  testTypeId: examTests.testTypeId,
  startsAt: examTests.startsAt,
  endsAt: examTests.endsAt,
  durationMinutes: examTests.durationMinutes,
  testLimit: examTests.testLimit,
  isResultPublished: examTests.isResultPublished,
  submitted: sql<number>`(select count(*)::int from exam_attempts a where ${ofThisTest}
    and (a.submitted_at is not null or a.ends_at < ${p('overdueBefore')}))`,
  running: sql<number>`(select count(*)::int from exam_attempts a where ${ofThisTest}
    and a.submitted_at is null and a.ends_at >= ${p('overdueBefore')})`,
  bestScore: sql<string | null>`(select max(a.score) from exam_attempts a where ${ofThisTest}
    and a.submitted_at is not null)`,
  totalMarks: sql<string>`(select coalesce(sum(q.marks), 0) from exam_questions q
    where q.institute_id = "exam_tests"."institute_id" and q.test_id = "exam_tests"."id")`,
};

const setForBatches = sql`exists (select 1 from ${examTestBatches} b where b.institute_id = ${examTests.instituteId}
  and b.test_id = ${examTests.id} and b.batch_id = any(${p('batchIds')}))`;

const byLabelQuery = prepared((db) =>
  db
    .select(testColumns)
    .from(examTests)
    .where(and(eq(examTests.instituteId, p('instituteId')), eq(examTests.labelId, p('labelId')), setForBatches))
    .orderBy(asc(examTests.startsAt), asc(examTests.id))
    .prepare('exam_tests_by_label'),
);

const unlabelledQuery = prepared((db) =>
  db
    .select(testColumns)
    .from(examTests)
    .where(
      and(
        eq(examTests.instituteId, p('instituteId')),
        isNull(examTests.labelId),
        sql`${examTests.testTypeId} = any(${p('testTypeIds')})`,
        setForBatches,
      ),
    )
    .orderBy(asc(examTests.startsAt), asc(examTests.id))
    .prepare('exam_tests_unlabelled'),
);

const byIdsQuery = prepared((db) =>
  db
    .select(testColumns)
    .from(examTests)
    .where(and(eq(examTests.instituteId, p('instituteId')), sql`${examTests.id} = any(${p('testIds')})`))
    .orderBy(asc(examTests.startsAt), asc(examTests.id))
    .prepare('exam_tests_by_ids'),
);

/** A test as the desk lists it, with the user's attempt counts. */
export type TestRow = Awaited<ReturnType<typeof byIdsQuery>>[number];

interface ListFor {
  instituteId: number;
  userId: number;
  now: Date;
}
const overdueBefore = (now: Date) => new Date(now.getTime() - graceMs);

/** The tests of a label set for `batchIds`. */
export const findTestsOfLabel = (db: Db, { instituteId, userId, now }: ListFor, labelId: number, batchIds: number[]) =>
  byLabelQuery(db, { instituteId, userId, overdueBefore: overdueBefore(now), labelId, batchIds });

/** The tests of these types without a label (listed under a placeholder label) set for `batchIds`. */
export const findUnlabelledTests = (
  db: Db,
  { instituteId, userId, now }: ListFor,
  testTypeIds: number[],
  batchIds: number[],
) => unlabelledQuery(db, { instituteId, userId, overdueBefore: overdueBefore(now), testTypeIds, batchIds });

const unlabelledTypesQuery = prepared((db) =>
  db
    .selectDistinct({ testTypeId: examTests.testTypeId })
    .from(examTests)
    .where(and(eq(examTests.instituteId, p('instituteId')), isNull(examTests.labelId), setForBatches))
    .prepare('exam_unlabelled_types'),
);

/** The test types of the unlabelled tests set for `batchIds` (each needs a placeholder label to be reached). */
export const findUnlabelledTypes = async (db: Db, instituteId: number, batchIds: number[]) =>
  (await unlabelledTypesQuery(db, { instituteId, batchIds })).map((row) => row.testTypeId);

/** The tests with these ids (already checked visible to the user). */
export const findTestsByIds = (db: Db, { instituteId, userId, now }: ListFor, testIds: number[]) =>
  byIdsQuery(db, { instituteId, userId, overdueBefore: overdueBefore(now), testIds });

const openNowQuery = prepared((db) =>
  db
    .select(testColumns)
    .from(examTests)
    .where(
      and(
        eq(examTests.instituteId, p('instituteId')),
        // Driven from the batches' tests (the (institute_id, batch_id) index), then each test by its primary key.
        sql`${examTests.id} in (select b.test_id from ${examTestBatches} b where b.institute_id = ${p('instituteId')}
          and b.batch_id = any(${p('batchIds')}))`,
        sql`${examTests.startsAt} <= ${p('now')}`,
        sql`${examTests.endsAt} > ${p('now')}`,
      ),
    )
    .orderBy(asc(examTests.endsAt), asc(examTests.id))
    .prepare('exam_tests_open_now'),
);

/** The tests set for `batchIds` whose window is open at `now`, closing soonest first, with the user's attempts. */
export function findOpenTests(db: Db, { instituteId, userId, now }: ListFor, batchIds: number[]) {
  if (batchIds.length === 0) return Promise.resolve([]);
  return openNowQuery(db, { instituteId, userId, overdueBefore: overdueBefore(now), now, batchIds });
}

const labelsQuery = prepared((db) =>
  db
    .select({ id: examLabels.id, name: examLabels.name, testTypeId: examLabels.testTypeId, title: examLabels.title })
    .from(examLabels)
    .where(eq(examLabels.instituteId, p('instituteId')))
    .orderBy(asc(examLabels.sortOrder), asc(examLabels.id))
    .prepare('exam_labels'),
);

/** The institute's test labels in their order. */
export const findLabels = (db: Db, instituteId: number) => labelsQuery(db, { instituteId });

const productTestsQuery = prepared((db) =>
  db
    .selectDistinct({ testId: examProductTests.testId, instituteId: examProductTests.instituteId })
    .from(examProductTests)
    .innerJoin(
      productPurchases,
      and(
        eq(productPurchases.instituteId, examProductTests.instituteId),
        eq(productPurchases.productId, examProductTests.productId),
      ),
    )
    .innerJoin(
      examTests,
      and(eq(examTests.instituteId, examProductTests.instituteId), eq(examTests.id, examProductTests.testId)),
    )
    .where(
      and(
        eq(examProductTests.instituteId, p('instituteId')),
        eq(productPurchases.userId, p('userId')),
        eq(examTests.testTypeId, p('testTypeId')),
      ),
    )
    .orderBy(asc(examProductTests.testId))
    .prepare('exam_product_tests'),
);

/** The tests of one type in the products the user bought. */
export const findProductTestIds = (db: Db, instituteId: number, userId: number, testTypeId: number) =>
  productTestsQuery(db, { instituteId, userId, testTypeId });

// ——— The panel ———

/** Stores a launch token (its hash). */
export async function insertLaunchToken(db: Db, row: typeof examLaunchTokens.$inferInsert) {
  await db.insert(examLaunchTokens).values(row);
}

/**
 * Uses a launch token of the institute once: answers its grant if it was unused and unexpired at `now`, marking it
 * used. A token sent to another institute's host is left alone (and answers nothing).
 */
export async function consumeLaunchToken(db: Db, instituteId: number, tokenHash: string, now: Date) {
  const [row] = await db
    .update(examLaunchTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(examLaunchTokens.tokenHash, tokenHash),
        eq(examLaunchTokens.instituteId, instituteId),
        isNull(examLaunchTokens.usedAt),
        sql`${examLaunchTokens.expiresAt} > ${now}`,
      ),
    )
    .returning({
      instituteId: examLaunchTokens.instituteId,
      testId: examLaunchTokens.testId,
      studentId: examLaunchTokens.studentId,
      userId: examLaunchTokens.userId,
    });
  return row;
}

const testQuery = prepared((db) =>
  db
    .select({
      id: examTests.id,
      name: examTests.name,
      testTypeId: examTests.testTypeId,
      startsAt: examTests.startsAt,
      endsAt: examTests.endsAt,
      durationMinutes: examTests.durationMinutes,
      testLimit: examTests.testLimit,
      isResultPublished: examTests.isResultPublished,
      paperVersion: examTests.paperVersion,
    })
    .from(examTests)
    .where(and(eq(examTests.instituteId, p('instituteId')), eq(examTests.id, p('testId'))))
    .prepare('exam_test'),
);

/** One test of the institute, with its paper's version (bumped by triggers on every change of the paper). */
export async function findTest(db: Db, instituteId: number, testId: number) {
  const [row] = await testQuery(db, { instituteId, testId });
  return row;
}

/** One test's counts for one user, as the desk sees them. */
export async function findTestForUser(db: Db, list: ListFor, testId: number) {
  const [row] = await findTestsByIds(db, list, [testId]);
  return row;
}

const attemptColumns = {
  id: examAttempts.id,
  testId: examAttempts.testId,
  userId: examAttempts.userId,
  attemptNo: examAttempts.attemptNo,
  startedAt: examAttempts.startedAt,
  endsAt: examAttempts.endsAt,
  submittedAt: examAttempts.submittedAt,
  result: examAttempts.result,
};

const attemptQuery = prepared((db) =>
  db
    .select(attemptColumns)
    .from(examAttempts)
    .where(and(eq(examAttempts.instituteId, p('instituteId')), eq(examAttempts.id, p('attemptId'))))
    .prepare('exam_attempt'),
);

/** One attempt. */
export async function findAttempt(db: Db, instituteId: number, attemptId: number) {
  const [row] = await attemptQuery(db, { instituteId, attemptId });
  return row;
}
export type AttemptRow = NonNullable<Awaited<ReturnType<typeof findAttempt>>>;

/** The user's open attempt at a test, if any. */
export async function findOpenAttempt(db: Db, instituteId: number, testId: number, userId: number) {
  const [row] = await db
    .select(attemptColumns)
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.instituteId, instituteId),
        eq(examAttempts.testId, testId),
        eq(examAttempts.userId, userId),
        isNull(examAttempts.submittedAt),
      ),
    );
  return row;
}

/** The user's latest attempt at a test (submitted or not), if any: the read-only paper shows its answers. */
export async function findLatestAttempt(db: Db, instituteId: number, testId: number, userId: number) {
  const [row] = await db
    .select({ id: examAttempts.id })
    .from(examAttempts)
    .where(
      and(eq(examAttempts.instituteId, instituteId), eq(examAttempts.testId, testId), eq(examAttempts.userId, userId)),
    )
    .orderBy(desc(examAttempts.attemptNo))
    .limit(1);
  return row;
}

/**
 * Gives an open attempt a new credential (the old panel window's stops working); the old one is kept, as its hash,
 * so that window is told the test continues elsewhere. One statement: both writes or neither.
 */
export async function setAttemptCredential(
  db: Db,
  instituteId: number,
  attemptId: number,
  credentialHash: string,
  now: Date,
) {
  await sqlRows(
    db,
    'exam_set_attempt_credential',
    `with previous as (
       select credential_hash from exam_attempts where institute_id = $1 and id = $2
     ), kept as (
       insert into exam_superseded_credentials (institute_id, credential_hash, attempt_id, superseded_at)
       select $1, credential_hash, $2, $4 from previous
       on conflict do nothing
     )
     update exam_attempts set credential_hash = $3 where institute_id = $1 and id = $2`,
    [instituteId, attemptId, credentialHash, now.toISOString()],
  );
}

/**
 * Starts the next attempt if fewer than `maxAttempts` exist. Two parallel starts compute the same attempt number;
 * the unique keys (attempt number, one open attempt) let only one of them in: the other gets `undefined` back
 * with `conflict` set.
 */
export async function insertAttempt(
  db: Db,
  row: {
    instituteId: number;
    testId: number;
    studentId: number | null;
    userId: number;
    startedAt: Date;
    endsAt: Date;
    credentialHash: string;
    maxAttempts: number;
  },
): Promise<{ id: number; attemptNo: number } | { conflict: true } | undefined> {
  try {
    const [inserted] = await sqlRows<{ id: number; attemptNo: number }>(
      db,
      'exam_insert_attempt',
      `insert into exam_attempts
         (institute_id, test_id, student_id, user_id, attempt_no, started_at, ends_at, credential_hash)
       select $1, $2, $3, $4, n.c + 1, $5, $6, $7
       from (select count(*)::int as c from exam_attempts
             where institute_id = $1 and test_id = $2 and user_id = $4) n
       where n.c < $8
       returning id, attempt_no as "attemptNo"`,
      [
        row.instituteId,
        row.testId,
        row.studentId,
        row.userId,
        row.startedAt.toISOString(),
        row.endsAt.toISOString(),
        row.credentialHash,
        Number.isFinite(row.maxAttempts) ? row.maxAttempts : 2_000_000_000,
      ],
    );
    return inserted;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return { conflict: true };
    throw error;
  }
}

/** The paper: sections, passages and questions in order (with the key, for scoring: never sent as is). */
export async function findPaper(db: Db, instituteId: number, testId: number, { inTransaction = false } = {}) {
  const reads = [
    () =>
      db
        .select({ id: examSections.id, name: examSections.name })
        .from(examSections)
        .where(and(eq(examSections.instituteId, instituteId), eq(examSections.testId, testId)))
        .orderBy(asc(examSections.sortOrder), asc(examSections.id)),
    () =>
      db
        .select({ id: examPassages.id, text: examPassages.text })
        .from(examPassages)
        .where(and(eq(examPassages.instituteId, instituteId), eq(examPassages.testId, testId)))
        .orderBy(asc(examPassages.id)),
    () =>
      db
        .select({
          questionNo: examQuestions.questionNo,
          sectionId: examQuestions.sectionId,
          passageId: examQuestions.passageId,
          quesType: examQuestions.quesType,
          question: examQuestions.question,
          mediaType: examQuestions.mediaType,
          mediaFileKey: examQuestions.mediaFileKey,
          options: examQuestions.options,
          matchOptions: examQuestions.matchOptions,
          correct: examQuestions.correct,
          marks: examQuestions.marks,
          negativeMarks: examQuestions.negativeMarks,
        })
        .from(examQuestions)
        .where(and(eq(examQuestions.instituteId, instituteId), eq(examQuestions.testId, testId)))
        .orderBy(asc(examQuestions.questionNo)),
  ] as const;
  // A transaction has one connection: its statements go one after another (pg refuses overlapping queries on one
  // client from version 9); on the pool the three reads go out together.
  if (inTransaction) {
    const sections = await reads[0]();
    const passages = await reads[1]();
    const questions = await reads[2]();
    return { sections, passages, questions };
  }
  const [sections, passages, questions] = await Promise.all([reads[0](), reads[1](), reads[2]()]);
  return { sections, passages, questions };
}
export type PaperRows = Awaited<ReturnType<typeof findPaper>>;

/** The saved answers of an attempt, by question number. */
export async function findAnswers(db: Db, instituteId: number, attemptId: number) {
  return db
    .select({
      questionNo: examAnswers.questionNo,
      answer: examAnswers.answer,
      seq: examAnswers.seq,
      markedForReview: examAnswers.markedForReview,
      bookmarked: examAnswers.bookmarked,
    })
    .from(examAnswers)
    .where(and(eq(examAnswers.instituteId, instituteId), eq(examAnswers.attemptId, attemptId)))
    .orderBy(asc(examAnswers.questionNo));
}

/** One merged change per question (the highest seq; each field from the latest change that set it). */
export interface MergedChange {
  questionNo: number;
  seq: number;
  answer: string | null;
  markedForReview: boolean | null;
  bookmarked: boolean | null;
}

// One statement: the attempt row is share-locked while it is open and its time (plus grace) not over, so a submit
// (which locks it for update) either waits for this save or makes it write nothing. A change writes only when its
// seq is above the stored one: replays and older saves arriving late change nothing. `attemptCondition` narrows the
// locked row further (the credential's check, below).
const saveCtes = (attemptCondition: string) => `att as (
    select id, ends_at from exam_attempts
    where institute_id = $1 and id = $2 and submitted_at is null and ends_at >= $3${attemptCondition}
    for share
  ), x as (
    select * from unnest($4::int[], $5::text[], $6::int[], $7::bool[], $8::bool[]) as x(q, a, s, m, b)
  )`;
const upsertSql = `insert into exam_answers
    (institute_id, attempt_id, question_no, answer, seq, marked_for_review, bookmarked, saved_at)
  select $1, att.id, x.q, coalesce(x.a, ''), x.s, coalesce(x.m, false), coalesce(x.b, false), $9
  from x cross join att
  on conflict (institute_id, attempt_id, question_no) do update set
    answer = coalesce((select x.a from x where x.q = excluded.question_no), exam_answers.answer),
    marked_for_review = coalesce((select x.m from x where x.q = excluded.question_no), exam_answers.marked_for_review),
    bookmarked = coalesce((select x.b from x where x.q = excluded.question_no), exam_answers.bookmarked),
    seq = excluded.seq,
    saved_at = excluded.saved_at
  where exam_answers.seq < excluded.seq
  returning question_no`;

const saveSql = `with ${saveCtes('')}
  ${upsertSql} as "questionNo"`;

const saveValues = (instituteId: number, attemptId: number, changes: MergedChange[], now: Date) => [
  instituteId,
  attemptId,
  new Date(now.getTime() - graceMs).toISOString(),
  changes.map((change) => change.questionNo),
  changes.map((change) => change.answer),
  changes.map((change) => change.seq),
  changes.map((change) => change.markedForReview),
  changes.map((change) => change.bookmarked),
  now.toISOString(),
];

/** Saves changes of an open attempt; answers the question numbers whose change was written. */
export async function saveAnswers(
  db: Db,
  instituteId: number,
  attemptId: number,
  changes: MergedChange[],
  now: Date,
): Promise<Set<number>> {
  const rows = await sqlRows<{ questionNo: number }>(
    db,
    'exam_save_answers',
    saveSql,
    saveValues(instituteId, attemptId, changes, now),
  );
  return new Set(rows.map((row) => row.questionNo));
}

// The save in one round trip (issue 28): the same upsert, its locked attempt row also matched by the credential's
// hash, so the credential being current, the attempt open and its time left are checked in the statement that
// writes. It always answers one row: the attempt's end when that row was found (null: nothing could be written, and
// the caller reads the attempt again to say why), and the question numbers written.
export const checkedSaveSql = `with ${saveCtes(' and credential_hash = $10')}, ins as (${upsertSql})
  select (select ends_at from att) as "endsAt", coalesce((select array_agg(question_no) from ins), '{}') as "applied"`;

/**
 * Saves changes of an open attempt whose credential hashes to `credentialHash`, in one statement. Answers the
 * attempt's end and the question numbers written, or `endsAt: null` when the credential is not current or the
 * attempt not open or out of time (nothing written).
 */
export async function saveAnswersWithCredential(
  db: Db,
  values: { instituteId: number; attemptId: number; credentialHash: string; changes: MergedChange[]; now: Date },
): Promise<{ endsAt: Date | null; applied: Set<number> }> {
  const [row] = await sqlRows<{ endsAt: Date | null; applied: number[] }>(db, 'exam_save_checked', checkedSaveSql, [
    ...saveValues(values.instituteId, values.attemptId, values.changes, values.now),
    values.credentialHash,
  ]);
  return { endsAt: row!.endsAt, applied: new Set(row!.applied) };
}

/**
 * Submits an open attempt under its row lock: `score` works out the result from the paper and the answers read
 * inside the lock. Answers the attempt after, or undefined when it was already submitted.
 */
export async function submitAttempt(
  db: Db,
  instituteId: number,
  attemptId: number,
  submittedAt: (attempt: { endsAt: Date }) => { at: Date; by: 'student' | 'auto' },
  score: (
    paper: PaperRows,
    answers: Awaited<ReturnType<typeof findAnswers>>,
  ) => { score: number; result: Record<string, unknown> },
) {
  return db.transaction(async (tx) => {
    const [attempt] = await tx
      .select({ id: examAttempts.id, testId: examAttempts.testId, endsAt: examAttempts.endsAt })
      .from(examAttempts)
      .where(
        and(
          eq(examAttempts.instituteId, instituteId),
          eq(examAttempts.id, attemptId),
          isNull(examAttempts.submittedAt),
        ),
      )
      .for('update');
    if (!attempt) return undefined;
    const paper = await findPaper(tx as unknown as Db, instituteId, attempt.testId, { inTransaction: true });
    const answers = await findAnswers(tx as unknown as Db, instituteId, attemptId);
    const { score: total, result } = score(paper, answers);
    const { at, by } = submittedAt(attempt);
    await tx
      .update(examAttempts)
      .set({ submittedAt: at, submittedBy: by, score: total, result })
      .where(and(eq(examAttempts.instituteId, instituteId), eq(examAttempts.id, attemptId)));
    return { submittedAt: at, result };
  });
}

/** Open attempts past their end plus the grace (the sweep's work), oldest first. */
export async function findOverdueAttempts(db: Db, now: Date, limit: number) {
  return db
    .select({ instituteId: examAttempts.instituteId, id: examAttempts.id })
    .from(examAttempts)
    .where(and(isNull(examAttempts.submittedAt), lt(examAttempts.endsAt, overdueBefore(now))))
    .orderBy(asc(examAttempts.endsAt))
    .limit(limit);
}

/** The user's overdue open attempts at one test (submitted before a new start). */
export async function findOverdueAttemptsOf(db: Db, instituteId: number, testId: number, userId: number, now: Date) {
  return db
    .select({ id: examAttempts.id })
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.instituteId, instituteId),
        eq(examAttempts.testId, testId),
        eq(examAttempts.userId, userId),
        isNull(examAttempts.submittedAt),
        lt(examAttempts.endsAt, overdueBefore(now)),
      ),
    );
}
