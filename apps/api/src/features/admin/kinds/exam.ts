// Documents (hosted videos or uploaded files shared with a subject's students or a library course's users), online
// tests with their batches and result release, their reading passages and their questions (matching ones included).
import { matchLetters } from '@campus/domain/admin/admin.contract';
import { optionLetters } from '@campus/domain/exam/exam-rules';
import { documentRows } from '../../documents/index.ts';
import {
  createTests,
  deleteTests,
  findAttemptedQuestions,
  findAttemptedTests,
  findOrCreateSections,
  findPassageTests,
  findQuestionsOnPassages,
  findTests,
  passageRows,
  questionRows,
  updateTest,
  type StoredTest,
  type TestValues,
} from '../../exam/index.ts';
import { enqueueAlerts } from '../../alerts/index.ts';
import { findExternalIds } from '../admin.repository.ts';
import { materialColumns, mediaColumns, resolveFiles } from './files.ts';
import { resolveReferences, toInstant } from './kind.ts';
import { rowsStore, storeKind } from './table-kind.ts';

export const documentsKind = storeKind({
  kind: 'documents',
  store: rowsStore(documentRows),
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
      subjectId: row.subject_external_id ? subjectIds.get(row.subject_external_id)! : null,
      courseId: row.course_external_id ? courseIds.get(row.course_external_id)! : null,
      category: row.category,
      title: row.title,
      ...materialColumns(row, files),
      sharedOn: row.shared_on,
    });
  },
});

export const testsKind = storeKind<'tests', TestValues>({
  kind: 'tests',
  // What it changes, its institute's alerts tell (features/alerts).
  afterCommit: (jobs, instituteId) => enqueueAlerts(jobs, instituteId),
  // Deleted for good, but never one students have attempted: their results are history.
  deletes: 'hard',
  store: {
    load: async ({ tx, instituteId }, ids) =>
      (await findTests(tx, instituteId, ids)) as Map<number, unknown> as Map<number, Record<string, unknown>>,
    insert: ({ tx, instituteId }, values) => createTests(tx, instituteId, values),
    // The batches the batch's load read: compared there, not read again for each row.
    update: ({ tx, instituteId }, id, value, stored) =>
      updateTest(tx, instituteId, id, value, (stored as StoredTest).batchIds),
    remove: ({ tx, instituteId }, ids) => deleteTests(tx, instituteId, ids),
  },
  build: async (context, rows, problems) => {
    const { batch_external_ids: batchIds } = await resolveReferences(context, rows, problems, {
      batch_external_ids: 'batches',
    });
    return (row) => ({
      name: row.name,
      title: row.title ?? '',
      testTypeId: row.test_type,
      startsAt: toInstant(row.starts_at, context.timeZone),
      endsAt: toInstant(row.ends_at, context.timeZone),
      durationMinutes: row.duration_minutes,
      testLimit: row.test_limit ?? 0,
      isResultPublished: row.is_result_published ?? false,
      batchIds: [...new Set((row.batch_external_ids ?? []).map((batch) => batchIds.get(batch)!))].sort((a, b) => a - b),
    });
  },
  async keep({ tx, instituteId }, ids) {
    const kept = new Map<number, string>();
    for (const [id, total] of await findAttemptedTests(tx, instituteId, ids)) {
      kept.set(id, `has ${total} attempts, so it cannot be deleted`);
    }
    return kept;
  },
});

export const passagesKind = storeKind({
  kind: 'passages',
  store: rowsStore(passageRows),
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
    const used = await findQuestionsOnPassages(
      context.tx,
      context.instituteId,
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
    return (row) => ({ testId: testIds.get(row.test_external_id)!, text: row.text });
  },
  async keep({ tx, instituteId }, ids) {
    const kept = new Map<number, string>();
    for (const [id, { total }] of await findQuestionsOnPassages(tx, instituteId, ids)) {
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

export const questionsKind = storeKind({
  kind: 'questions',
  store: rowsStore(questionRows),
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
    const passageTests = await findPassageTests(context.tx, context.instituteId, [...passageIds.values()]);
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
        : await findOrCreateSections(
            context.tx,
            context.instituteId,
            rows.map(({ row }) => ({
              testId: testIds.get(row.test_external_id)!,
              name: row.section,
              subjectId: row.subject_external_id ? subjectIds.get(row.subject_external_id)! : null,
            })),
          );
    return (row) => {
      const testId = testIds.get(row.test_external_id)!;
      return {
        testId,
        sectionId: sections.get(`${testId}|${row.section}`)!,
        questionNo: row.question_no,
        quesType: row.ques_type,
        question: row.question,
        // Keys in the order jsonb stores them (shorter first), so a rerun compares equal.
        passageId: row.passage_external_id ? passageIds.get(row.passage_external_id)! : null,
        options: (row.options ?? []).map((text, index) => ({ text, letter: optionLetters[index]! })),
        matchOptions: (row.match_options ?? []).map((text, index) => ({ text, letter: matchLetters[index]! })),
        correct: keyOf(row.ques_type, row.correct ?? []),
        solution: row.solution ?? '',
        marks: row.marks,
        negativeMarks: row.negative_marks ?? 0,
        // A picture or a video shown with the question (uploaded through /files).
        ...mediaColumns(row.media_file_external_id ? media.get(row.media_file_external_id) : undefined),
      };
    };
  },
  async keep({ tx, instituteId }, ids) {
    const kept = new Map<number, string>();
    for (const [id, total] of await findAttemptedQuestions(tx, instituteId, ids)) {
      kept.set(id, `its test has ${total} attempts, so it cannot be deleted`);
    }
    return kept;
  },
});
