// Documents (hosted videos or uploaded files shared with a subject's students or a library course's users), online
// tests with their batches and result release, their reading passages and their questions (matching ones included).
import { and, count, eq } from 'drizzle-orm';
import { matchLetters } from '@campus/domain/admin/admin.contract';
import { optionLetters } from '@campus/domain/exam/exam-rules';
import {
  documents,
  examAttempts,
  examPassages,
  examQuestions,
  examSections,
  examTestBatches,
  examTests,
} from '../../../db/schema/index.ts';
import { anyOf, findExternalIds } from '../admin.repository.ts';
import { materialColumns, mediaColumns, resolveFiles } from './files.ts';
import { chunks, resolveReferences, toInstant, type KindContext } from './kind.ts';
import { tableKind, type ChildSet } from './table-kind.ts';

export const documentsKind = tableKind({
  kind: 'documents',
  table: documents,
  deletes: 'hard',
  build: async (context, rows, problems) => {
    const { subject_external_id: subjectIds, course_external_id: courseIds } = await resolveReferences(
      context,
      rows,
      problems,
      {
        subject_external_id: 'subjects',
        course_external_id: 'library-courses',
      },
    );
    const files = await resolveFiles(context, rows, problems, { file_external_id: 'any' });
    return (row) => ({
      columns: {
        subjectId: row.subject_external_id ? subjectIds.get(row.subject_external_id) : null,
        courseId: row.course_external_id ? courseIds.get(row.course_external_id) : null,
        category: row.category,
        title: row.title,
        ...materialColumns(row, files),
        sharedOn: row.shared_on,
      },
    });
  },
});

/** The batches a test is set for, sorted. */
const testBatches: ChildSet<number[]> = {
  async load(context: KindContext, ids: number[]) {
    const found = new Map<number, number[]>(ids.map((id) => [id, []]));
    for (const part of chunks(ids, 5000)) {
      const rows = await context.tx
        .select({ id: examTestBatches.testId, batchId: examTestBatches.batchId })
        .from(examTestBatches)
        .where(and(eq(examTestBatches.instituteId, context.instituteId), anyOf(examTestBatches.testId, part)));
      for (const row of rows) found.get(row.id)?.push(row.batchId);
    }
    for (const list of found.values()) list.sort((a, b) => a - b);
    return found;
  },
  async save(context, id, batchIds, isNew) {
    if (!isNew) {
      await context.tx
        .delete(examTestBatches)
        .where(and(eq(examTestBatches.instituteId, context.instituteId), eq(examTestBatches.testId, id)));
    }
    if (batchIds.length > 0) {
      await context.tx
        .insert(examTestBatches)
        .values(batchIds.map((batchId) => ({ instituteId: context.instituteId, testId: id, batchId })));
    }
  },
};

export const testsKind = tableKind({
  kind: 'tests',
  table: examTests,
  // Deleted for good, but never one students have attempted: their results are history.
  deletes: 'hard',
  children: testBatches,
  build: async (context, rows, problems) => {
    const { batch_external_ids: batchIds } = await resolveReferences(context, rows, problems, {
      batch_external_ids: 'batches',
    });
    return (row) => ({
      columns: {
        name: row.name,
        title: row.title ?? '',
        testTypeId: row.test_type,
        startsAt: toInstant(row.starts_at, context.timeZone),
        endsAt: toInstant(row.ends_at, context.timeZone),
        durationMinutes: row.duration_minutes,
        testLimit: row.test_limit ?? 0,
        isResultPublished: row.is_result_published ?? false,
      },
      children: [...new Set((row.batch_external_ids ?? []).map((batch) => batchIds.get(batch)!))].sort((a, b) => a - b),
    });
  },
  async keep(context, ids) {
    const kept = new Map<number, string>();
    for (const part of chunks(ids, 5000)) {
      const rows = await context.tx
        .select({ id: examAttempts.testId, total: count() })
        .from(examAttempts)
        .where(and(eq(examAttempts.instituteId, context.instituteId), anyOf(examAttempts.testId, part)))
        .groupBy(examAttempts.testId);
      for (const row of rows) kept.set(row.id, `has ${row.total} attempts, so it cannot be deleted`);
    }
    return kept;
  },
});

/** Sections of tests by `${testId}|${name}`, creating the ones a batch names and the test lacks. */
async function sectionsFor(context: KindContext, wanted: { testId: number; name: string; subjectId: number | null }[]) {
  const testIds = [...new Set(wanted.map((item) => item.testId))];
  const found = new Map<string, number>();
  for (const part of chunks(testIds, 5000)) {
    const rows = await context.tx
      .select({ id: examSections.id, testId: examSections.testId, name: examSections.name })
      .from(examSections)
      .where(and(eq(examSections.instituteId, context.instituteId), anyOf(examSections.testId, part)));
    for (const row of rows) if (!found.has(`${row.testId}|${row.name}`)) found.set(`${row.testId}|${row.name}`, row.id);
  }
  for (const item of wanted) {
    const key = `${item.testId}|${item.name}`;
    if (found.has(key)) continue;
    const [inserted] = await context.tx
      .insert(examSections)
      .values({ instituteId: context.instituteId, testId: item.testId, name: item.name, subjectId: item.subjectId })
      .returning({ id: examSections.id });
    found.set(key, inserted!.id);
  }
  return found;
}

/** The tests of passages, by passage id. */
async function testsOfPassages(context: KindContext, ids: number[]) {
  const tests = new Map<number, number>();
  for (const part of chunks(ids, 5000)) {
    const rows = await context.tx
      .select({ id: examPassages.id, testId: examPassages.testId })
      .from(examPassages)
      .where(and(eq(examPassages.instituteId, context.instituteId), anyOf(examPassages.id, part)));
    for (const row of rows) tests.set(row.id, row.testId);
  }
  return tests;
}

/** How many questions name each of these passages, by passage id, with the tests they are in. */
async function questionsOnPassages(context: KindContext, ids: number[]) {
  const found = new Map<number, { total: number; testIds: number[] }>();
  for (const part of chunks(ids, 5000)) {
    const rows = await context.tx
      .select({ id: examQuestions.passageId, testId: examQuestions.testId, total: count() })
      .from(examQuestions)
      .where(and(eq(examQuestions.instituteId, context.instituteId), anyOf(examQuestions.passageId, part)))
      .groupBy(examQuestions.passageId, examQuestions.testId);
    for (const row of rows) {
      const entry = found.get(row.id!) ?? { total: 0, testIds: [] };
      entry.total += row.total;
      entry.testIds.push(row.testId);
      found.set(row.id!, entry);
    }
  }
  return found;
}

export const passagesKind = tableKind({
  kind: 'passages',
  table: examPassages,
  // Deleted for good, but never while questions are on it.
  deletes: 'hard',
  build: async (context, rows, problems) => {
    const { test_external_id: testIds } = await resolveReferences(context, rows, problems, {
      test_external_id: 'tests',
    });
    // A passage moving to another test would leave its questions on a passage of another paper.
    const stored = await findExternalIds(
      context.tx,
      context.instituteId,
      'passages',
      rows.map((item) => item.key),
    );
    const used = await questionsOnPassages(
      context,
      [...stored.values()].map((mapping) => mapping.internalId),
    );
    for (const { index, key, row } of rows) {
      const questions = used.get(stored.get(key)?.internalId ?? -1);
      const testId = testIds.get(row.test_external_id);
      if (questions && testId !== undefined && questions.testIds.some((id) => id !== testId)) {
        problems.push({
          row: index,
          field: 'test_external_id',
          rule: `has ${questions.total} questions in its test, so it cannot move to another test`,
        });
      }
    }
    return (row) => ({ columns: { testId: testIds.get(row.test_external_id), text: row.text } });
  },
  async keep(context, ids) {
    const kept = new Map<number, string>();
    for (const [id, { total }] of await questionsOnPassages(context, ids)) {
      kept.set(id, `has ${total} questions on it; delete them or take them off it first`);
    }
    return kept;
  },
});

/** A question's key in its type's answer format (exam-rules `ScoredQuestion.correct`). */
function keyOf(type: number, correct: readonly string[]): string {
  // Matching 6: pairs by option letter; 7: the match letters in the options' order.
  if (type === 6) return [...correct].sort().join('|');
  if (type === 7) return correct.join(',');
  return [...new Set(correct)].sort().join(',');
}

export const questionsKind = tableKind({
  kind: 'questions',
  table: examQuestions,
  // Deleted for good, but never from a test students have attempted (their scores would change).
  deletes: 'hard',
  build: async (context, rows, problems) => {
    const {
      test_external_id: testIds,
      subject_external_id: subjectIds,
      passage_external_id: passageIds,
    } = await resolveReferences(context, rows, problems, {
      test_external_id: 'tests',
      subject_external_id: 'subjects',
      passage_external_id: 'passages',
    });
    const passageTests = await testsOfPassages(context, [...passageIds.values()]);
    for (const { index, row } of rows) {
      if (!row.passage_external_id) continue;
      const passageTest = passageTests.get(passageIds.get(row.passage_external_id) ?? -1);
      const testId = testIds.get(row.test_external_id);
      if (passageTest !== undefined && testId !== undefined && passageTest !== testId) {
        problems.push({ row: index, field: 'passage_external_id', rule: 'names a passage of another test' });
      }
    }
    const media = await resolveFiles(context, rows, problems, { media_file_external_id: 'media' });
    const sections =
      problems.length > 0
        ? new Map<string, number>()
        : await sectionsFor(
            context,
            rows.map(({ row }) => ({
              testId: testIds.get(row.test_external_id)!,
              name: row.section,
              subjectId: row.subject_external_id ? subjectIds.get(row.subject_external_id)! : null,
            })),
          );
    return (row) => {
      const testId = testIds.get(row.test_external_id);
      return {
        columns: {
          testId,
          sectionId: sections.get(`${testId}|${row.section}`),
          questionNo: row.question_no,
          quesType: row.ques_type,
          question: row.question,
          // Keys in the order jsonb stores them (shorter first), so a rerun compares equal.
          passageId: row.passage_external_id ? passageIds.get(row.passage_external_id) : null,
          options: (row.options ?? []).map((text, index) => ({ text, letter: optionLetters[index]! })),
          matchOptions: (row.match_options ?? []).map((text, index) => ({ text, letter: matchLetters[index]! })),
          correct: keyOf(row.ques_type, row.correct ?? []),
          solution: row.solution ?? '',
          marks: row.marks,
          negativeMarks: row.negative_marks ?? 0,
          // A picture or a video shown with the question (uploaded through /files).
          ...mediaColumns(row.media_file_external_id ? media.get(row.media_file_external_id) : undefined),
        },
      };
    };
  },
  async keep(context, ids) {
    const kept = new Map<number, string>();
    for (const part of chunks(ids, 5000)) {
      const rows = await context.tx
        .select({ id: examQuestions.id, total: count() })
        .from(examQuestions)
        .innerJoin(
          examAttempts,
          and(eq(examAttempts.instituteId, examQuestions.instituteId), eq(examAttempts.testId, examQuestions.testId)),
        )
        .where(and(eq(examQuestions.instituteId, context.instituteId), anyOf(examQuestions.id, part)))
        .groupBy(examQuestions.id);
      for (const row of rows) kept.set(row.id, `its test has ${row.total} attempts, so it cannot be deleted`);
    }
    return kept;
  },
});
