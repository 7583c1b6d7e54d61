// Offline (classroom) exams of a batch with their subjects and total marks, and students' results in them (one row
// per student and subject: present or absent, marks, rank), as the report area's offline results show them.
import type { RowProblem } from '@campus/domain/admin/admin-rules';
import { and, eq, sql } from 'drizzle-orm';
import { enrolments, reportOfflineExams, reportOfflineMarks, type OfflineSubject } from '../../../db/schema/index.ts';
import { anyOf, findExternalIds, insertRows, updateRows } from '../admin.repository.ts';
import {
  chunks,
  defineKind,
  resolveReferences,
  RowProblems,
  sameColumns,
  sqlRows,
  type KindContext,
  type RowOutcome,
} from './kind.ts';
import { tableKind } from './table-kind.ts';

/** Per offline exam (by id): its students with results, and the highest marks recorded in each subject. */
async function resultsOf(context: KindContext, examIds: number[]) {
  const found = new Map<number, { students: number; subjects: Map<string, number> }>();
  if (examIds.length === 0) return found;
  const rows = await sqlRows<{ exam_id: number; subject_name: string; students: number; top: string | null }>(
    context,
    sql`select exam_id, subject_name, count(distinct student_id)::int as students, max(marks_obtained) as top
      from report_offline_marks
      where institute_id = ${context.instituteId} and exam_id = any(${sql.param(examIds)}::int[])
      group by exam_id, subject_name`,
  );
  for (const row of rows) {
    const entry = found.get(row.exam_id) ?? { students: 0, subjects: new Map<string, number>() };
    entry.students = Math.max(entry.students, row.students);
    entry.subjects.set(row.subject_name, row.top === null ? 0 : Number(row.top));
    found.set(row.exam_id, entry);
  }
  return found;
}

export const offlineExamsKind = tableKind({
  kind: 'offline-exams',
  table: reportOfflineExams,
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
    const results = await resultsOf(context, ids);
    const batchOf = new Map<number, number>();
    for (const part of chunks(ids, 5000)) {
      const stored = await context.tx
        .select({ id: reportOfflineExams.id, batchId: reportOfflineExams.batchId })
        .from(reportOfflineExams)
        .where(and(eq(reportOfflineExams.instituteId, context.instituteId), anyOf(reportOfflineExams.id, part)));
      for (const row of stored) batchOf.set(row.id, row.batchId);
    }
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
      columns: {
        batchId: batchIds.get(row.batch_external_id),
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
      },
    });
  },
  async keep(context, ids) {
    const kept = new Map<number, string>();
    for (const [id, { students }] of await resultsOf(context, ids)) {
      kept.set(id, `has results of ${students} students, so it cannot be deleted`);
    }
    return kept;
  },
});

/** A stored result's key: exam id, student id and subject. */
const resultKey = (examId: number, studentId: number, subject: string) => `${examId}|${studentId}|${subject}`;

type StoredResult = {
  examId: number;
  studentId: number;
  subjectName: string;
  attendance: string;
  marksObtained: number | null;
  rank: number | null;
};

/** The stored results of these (exam, student, subject) keys: one statement. */
async function storedResults(context: KindContext, keys: [number, number, string][]) {
  const found = new Map<string, StoredResult>();
  if (keys.length === 0) return found;
  const rows = await sqlRows<{
    exam_id: number;
    student_id: number;
    subject_name: string;
    attendance: string;
    marks_obtained: string | number | null;
    rank: number | null;
  }>(
    context,
    sql`select m.exam_id, m.student_id, m.subject_name, m.attendance, m.marks_obtained, m.rank
      from report_offline_marks m
      where m.institute_id = ${context.instituteId}
        and (m.exam_id, m.student_id, m.subject_name) in (select * from unnest(
          ${sql.param(keys.map((key) => key[0]))}::int[],
          ${sql.param(keys.map((key) => key[1]))}::int[],
          ${sql.param(keys.map((key) => key[2]))}::text[]))`,
  );
  for (const row of rows) {
    found.set(resultKey(row.exam_id, row.student_id, row.subject_name), {
      examId: row.exam_id,
      studentId: row.student_id,
      subjectName: row.subject_name,
      attendance: row.attendance,
      marksObtained: row.marks_obtained === null ? null : Number(row.marks_obtained),
      rank: row.rank,
    });
  }
  return found;
}

const resultKeyOf = (row: Record<string, unknown>) =>
  `${String(row.offline_exam_external_id)}|${String(row.student_external_id)}|${String(row.subject)}`;

/** Students' results in offline exams, named by the exam, the student and the subject. */
export const offlineResultsKind = defineKind<'offline-results'>({
  kind: 'offline-results',
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
    const exams = new Map<number, { batchId: number; subjects: OfflineSubject[] }>();
    for (const part of chunks([...new Set(examIds.values())], 5000)) {
      const found = await context.tx
        .select({
          id: reportOfflineExams.id,
          batchId: reportOfflineExams.batchId,
          subjects: reportOfflineExams.subjects,
        })
        .from(reportOfflineExams)
        .where(and(eq(reportOfflineExams.instituteId, context.instituteId), anyOf(reportOfflineExams.id, part)));
      for (const exam of found) exams.set(exam.id, exam);
    }
    // Which of the batch's students sit in each exam's batch: one statement for the batch.
    const enrolled = new Set<string>();
    const studentList = [...new Set(studentIds.values())];
    const batchList = [...new Set([...exams.values()].map((exam) => exam.batchId))];
    if (studentList.length > 0 && batchList.length > 0) {
      const found = await context.tx
        .select({ studentId: enrolments.studentId, batchId: enrolments.batchId })
        .from(enrolments)
        .where(
          and(
            eq(enrolments.instituteId, context.instituteId),
            anyOf(enrolments.studentId, studentList),
            anyOf(enrolments.batchId, batchList),
          ),
        );
      for (const row of found) enrolled.add(`${row.studentId}|${row.batchId}`);
    }
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
    const stored = await storedResults(
      context,
      planned.map(({ item, examId, studentId }) => [examId, studentId, item.row.subject]),
    );
    const inserts: Record<string, unknown>[] = [];
    const updates: Record<string, unknown>[] = [];
    const outcomes = planned.map(({ item, examId, studentId }): RowOutcome => {
      const keyed = { instituteId: context.instituteId, examId, studentId, subjectName: item.row.subject };
      const wanted = {
        attendance: item.row.attendance,
        marksObtained: item.row.marks ?? null,
        rank: item.row.rank ?? null,
      };
      const current = stored.get(resultKey(examId, studentId, item.row.subject));
      const action = !current ? 'created' : sameColumns(wanted, current) ? 'unchanged' : 'updated';
      if (action === 'created') inserts.push({ ...keyed, ...wanted });
      if (action === 'updated') updates.push({ ...keyed, ...wanted });
      // Audit rows name the exam (the result has no id of its own; the external id names the student and subject).
      return { index: item.index, key: item.key, action, beforeId: current ? examId : null, afterId: examId };
    });
    await insertRows(context.tx, reportOfflineMarks, inserts);
    await updateRows(context.tx, reportOfflineMarks, ['instituteId', 'examId', 'studentId', 'subjectName'], updates);
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
    const stored = await storedResults(
      context,
      named.map((plan) => [plan.examId, plan.studentId, plan.key.row.subject!]),
    );
    const found = named.filter((plan) => stored.has(resultKey(plan.examId, plan.studentId, plan.key.row.subject!)));
    if (found.length > 0) {
      await context.tx.execute(sql`delete from report_offline_marks m
        where m.institute_id = ${context.instituteId}
          and (m.exam_id, m.student_id, m.subject_name) in (select * from unnest(
            ${sql.param(found.map((plan) => plan.examId))}::int[],
            ${sql.param(found.map((plan) => plan.studentId))}::int[],
            ${sql.param(found.map((plan) => plan.key.row.subject!))}::text[]))`);
    }
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
