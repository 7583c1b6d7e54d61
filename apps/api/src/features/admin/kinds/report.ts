// Offline (classroom) exams of a batch with their subjects and total marks, and students' results in them (one row
// per student and subject: present or absent, marks, rank), as the report area's offline results show them.
import type { RowProblem } from '@campus/domain/admin/admin-rules';
import { findEnrolledPairs } from '../../../access/academics.writer.ts';
import type { OfflineSubject } from '../../../db/schema/report.ts';
import {
  deleteOfflineResults,
  findOfflineExamResults,
  findOfflineResults,
  offlineExamRows,
  offlineResultKey,
  recordOfflineResults,
  updateOfflineResults,
  type OfflineResultValues,
} from '../../report/index.ts';
import { enqueueAlerts } from '../../alerts/index.ts';
import { findExternalIds } from '../admin.repository.ts';
import { defineKind, resolveReferences, RowProblems, sameColumns, type RowOutcome } from './kind.ts';
import { rowsStore, storeKind } from './table-kind.ts';

export const offlineExamsKind = storeKind({
  kind: 'offline-exams',
  store: rowsStore(offlineExamRows),
  // Deleted for good, but never one with results: they are the students' history.
  deletes: 'hard',
  build: async (context, rows, problems) => {
    const { batch_external_id: batchIds } = await resolveReferences(context, rows, problems, {
      batch_external_id: 'batches',
    });
    // A changed exam must still hold the results recorded in it: their subjects, their marks, their batch.
    const mappings = await findExternalIds(
      context.tx,
      context.instituteId,
      'offline-exams',
      rows.map((item) => item.key),
    );
    const ids = [...mappings.values()].map((mapping) => mapping.internalId);
    const results = await findOfflineExamResults(context.tx, context.instituteId, ids);
    const stored = await offlineExamRows.find(context.tx, context.instituteId, ids);
    const batchOf = new Map([...stored].map(([id, exam]) => [id, exam.batchId]));
    for (const { index, key, row } of rows) {
      const id = mappings.get(key)?.internalId;
      const recorded = id === undefined ? undefined : results.get(id);
      if (!recorded) continue;
      const batchId = batchIds.get(row.batch_external_id);
      if (batchId !== undefined && batchId !== batchOf.get(id!)) {
        problems.push({
          row: index,
          field: 'batch_external_id',
          rule: `has results of ${recorded.students} students, so its batch cannot change`,
        });
      }
      for (const [subject, top] of recorded.subjects) {
        const position = row.subjects.indexOf(subject);
        if (position === -1) {
          problems.push({ row: index, field: 'subjects', rule: `leaves out ${subject}, which has results` });
        } else if (row.total_marks[position]! < top) {
          problems.push({
            row: index,
            field: 'total_marks',
            rule: `${subject}: must be at least ${top}, the highest marks recorded`,
          });
        }
      }
    }
    return (row) => ({
      batchId: batchIds.get(row.batch_external_id)!,
      examDate: row.exam_date,
      startTime: row.start_time,
      endTime: row.end_time,
      topicName: row.topic_name ?? '',
      description: row.description ?? '',
      // Keys in the order jsonb stores them (shorter first), so a rerun compares equal.
      subjects: row.subjects.map((name, position): OfflineSubject => ({
        name,
        totalMarks: row.total_marks[position]!,
      })),
    });
  },
  async keep({ tx, instituteId }, ids) {
    const kept = new Map<number, string>();
    for (const [id, { students }] of await findOfflineExamResults(tx, instituteId, ids)) {
      kept.set(id, `has results of ${students} students, so it cannot be deleted`);
    }
    return kept;
  },
});

const resultKeyOf = (row: Record<string, unknown>) =>
  `${String(row.offline_exam_external_id)}|${String(row.student_external_id)}|${String(row.subject)}`;

/** Students' results in offline exams, named by the exam, the student and the subject. */
export const offlineResultsKind = defineKind<'offline-results'>({
  kind: 'offline-results',
  // What it changes, its institute's alerts tell (features/alerts).
  afterCommit: (jobs, instituteId) => enqueueAlerts(jobs, instituteId),
  deletes: 'hard',
  keyOf: resultKeyOf,
  async upsert(context, rows) {
    const problems: RowProblem[] = [];
    const { offline_exam_external_id: examIds, student_external_id: studentIds } = await resolveReferences(
      context,
      rows,
      problems,
      {
        offline_exam_external_id: 'offline-exams',
        student_external_id: 'students',
      },
    );
    if (problems.length > 0) throw new RowProblems(problems);
    const exams = await offlineExamRows.find(context.tx, context.instituteId, [...new Set(examIds.values())]);
    // Which of the batch's students sit in each exam's batch: one statement for the batch.
    const enrolled = await findEnrolledPairs(
      context.tx,
      context.instituteId,
      [...new Set(studentIds.values())],
      [...new Set([...exams.values()].map((exam) => exam.batchId))],
    );
    const planned = rows.map((item) => {
      const examId = examIds.get(item.row.offline_exam_external_id)!;
      const studentId = studentIds.get(item.row.student_external_id)!;
      const exam = exams.get(examId)!;
      const subject = exam.subjects.find((each) => each.name === item.row.subject);
      if (!enrolled.has(`${studentId}|${exam.batchId}`)) {
        problems.push({ row: item.index, field: 'student_external_id', rule: 'is not in the batch of the exam' });
      }
      if (!subject) {
        problems.push({
          row: item.index,
          field: 'subject',
          rule: `must be a subject of the exam: ${exam.subjects.map((each) => each.name).join(', ')}`,
        });
      } else if (item.row.marks !== undefined && item.row.marks > subject.totalMarks) {
        problems.push({
          row: item.index,
          field: 'marks',
          rule: `must be at most ${subject.totalMarks}, the total marks of ${subject.name}`,
        });
      }
      return { item, examId, studentId };
    });
    if (problems.length > 0) throw new RowProblems(problems);
    const stored = await findOfflineResults(
      context.tx,
      context.instituteId,
      planned.map(({ item, examId, studentId }) => [examId, studentId, item.row.subject] as const),
    );
    const inserts: OfflineResultValues[] = [];
    const updates: OfflineResultValues[] = [];
    const outcomes = planned.map(({ item, examId, studentId }): RowOutcome => {
      const keyed = { examId, studentId, subjectName: item.row.subject };
      const wanted = {
        attendance: item.row.attendance,
        marksObtained: item.row.marks ?? null,
        rank: item.row.rank ?? null,
      };
      const current = stored.get(offlineResultKey(examId, studentId, item.row.subject));
      const action = !current ? 'created' : sameColumns(wanted, { ...current }) ? 'unchanged' : 'updated';
      if (action === 'created') inserts.push({ ...keyed, ...wanted });
      if (action === 'updated') updates.push({ ...keyed, ...wanted });
      // Audit rows name the exam (the result has no id of its own; the external id names the student and subject).
      return { index: item.index, key: item.key, action, beforeId: current ? examId : null, afterId: examId };
    });
    await recordOfflineResults(context.tx, context.instituteId, inserts);
    await updateOfflineResults(context.tx, context.instituteId, updates);
    return outcomes;
  },
  async remove(context, keys) {
    const exams = await findExternalIds(
      context.tx,
      context.instituteId,
      'offline-exams',
      keys.map((key) => key.row.offline_exam_external_id!),
    );
    const students = await findExternalIds(
      context.tx,
      context.instituteId,
      'students',
      keys.map((key) => key.row.student_external_id!),
    );
    const planned = keys.map((key) => ({
      key,
      examId: exams.get(key.row.offline_exam_external_id!)?.internalId,
      studentId: students.get(key.row.student_external_id!)?.internalId,
    }));
    const named = planned.filter(
      (plan): plan is typeof plan & { examId: number; studentId: number } =>
        plan.examId !== undefined && plan.studentId !== undefined,
    );
    const stored = await findOfflineResults(
      context.tx,
      context.instituteId,
      named.map((plan) => [plan.examId, plan.studentId, plan.key.row.subject!] as const),
    );
    const found = named.filter((plan) =>
      stored.has(offlineResultKey(plan.examId, plan.studentId, plan.key.row.subject!)),
    );
    await deleteOfflineResults(
      context.tx,
      context.instituteId,
      found.map((plan) => [plan.examId, plan.studentId, plan.key.row.subject!] as const),
    );
    const deleted = new Set(found);
    return planned.map((plan): RowOutcome => {
      const isDeleted = deleted.has(plan as (typeof found)[number]);
      return {
        index: plan.key.index,
        key: plan.key.key,
        action: isDeleted ? 'deleted' : 'missing',
        beforeId: isDeleted ? plan.examId! : null,
        afterId: null,
      };
    });
  },
});
