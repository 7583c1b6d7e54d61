// Enrolments and evaluations: rows named by the pair of rows they link (a student and a batch; an assignment and
// a student), not by an external id of their own.
import type { RowProblem } from '@campus/domain/admin/admin-rules';
import { and, eq } from 'drizzle-orm';
import { batches, enrolments, submissions } from '../../../db/schema/index.ts';
import { findExternalIds, insertRows, anyOf } from '../admin.repository.ts';
import { chunks, defineKind, RowProblems, resolveReferences, sameColumns, type RowOutcome } from './kind.ts';

export const enrolmentsKind = defineKind({
  kind: 'enrolments',
  deletes: 'hard',
  keyOf: (row) => `${String(row.student_external_id)}|${String(row.batch_external_id)}`,
  async upsert(context, rows) {
    const problems: RowProblem[] = [];
    const studentIds = await resolveReferences(
      context,
      rows,
      'students',
      'student_external_id',
      (row) => row.student_external_id,
      problems,
    );
    const batchIds = await resolveReferences(
      context,
      rows,
      'batches',
      'batch_external_id',
      (row) => row.batch_external_id,
      problems,
    );
    if (problems.length > 0) throw new RowProblems(problems);
    const yearOfBatch = new Map<number, number>();
    for (const part of chunks([...new Set(batchIds.values())], 5000)) {
      const found = await context.tx
        .select({ id: batches.id, academicYearId: batches.academicYearId })
        .from(batches)
        .where(and(eq(batches.instituteId, context.instituteId), anyOf(batches.id, part)));
      for (const row of found) yearOfBatch.set(row.id, row.academicYearId);
    }
    const stored = new Map<string, number>();
    const wantedStudents = [...new Set(rows.map(({ row }) => studentIds.get(row.student_external_id)!))];
    for (const part of chunks(wantedStudents, 5000)) {
      const found = await context.tx
        .select({ studentId: enrolments.studentId, batchId: enrolments.batchId, rollNo: enrolments.rollNo })
        .from(enrolments)
        .where(and(eq(enrolments.instituteId, context.instituteId), anyOf(enrolments.studentId, part)));
      for (const row of found) stored.set(`${row.studentId}|${row.batchId}`, row.rollNo);
    }
    const outcomes: RowOutcome[] = [];
    const inserts: Record<string, unknown>[] = [];
    for (const { index, key, row } of rows) {
      const studentId = studentIds.get(row.student_external_id)!;
      const batchId = batchIds.get(row.batch_external_id)!;
      const rollNo = row.roll_no ?? 0;
      const current = stored.get(`${studentId}|${batchId}`);
      if (current === undefined) {
        inserts.push({
          instituteId: context.instituteId,
          studentId,
          batchId,
          academicYearId: yearOfBatch.get(batchId)!,
          rollNo,
        });
        outcomes.push({ index, key, action: 'created', beforeId: null, afterId: studentId });
      } else if (current === rollNo) {
        outcomes.push({ index, key, action: 'unchanged', beforeId: studentId, afterId: studentId });
      } else {
        await context.tx
          .update(enrolments)
          .set({ rollNo })
          .where(
            and(
              eq(enrolments.instituteId, context.instituteId),
              eq(enrolments.studentId, studentId),
              eq(enrolments.batchId, batchId),
            ),
          );
        outcomes.push({ index, key, action: 'updated', beforeId: studentId, afterId: studentId });
      }
    }
    await insertRows(context.tx, enrolments, inserts);
    return outcomes;
  },
  async remove(context, keys) {
    const students = await findExternalIds(
      context.tx,
      context.instituteId,
      'students',
      keys.map((k) => k.row.student_external_id!),
    );
    const batchMap = await findExternalIds(
      context.tx,
      context.instituteId,
      'batches',
      keys.map((k) => k.row.batch_external_id!),
    );
    const outcomes: RowOutcome[] = [];
    for (const { index, key, row } of keys) {
      const studentId = students.get(row.student_external_id!)?.internalId;
      const batchId = batchMap.get(row.batch_external_id!)?.internalId;
      const deleted =
        studentId !== undefined && batchId !== undefined
          ? await context.tx
              .delete(enrolments)
              .where(
                and(
                  eq(enrolments.instituteId, context.instituteId),
                  eq(enrolments.studentId, studentId),
                  eq(enrolments.batchId, batchId),
                ),
              )
              .returning({ studentId: enrolments.studentId })
          : [];
      outcomes.push(
        deleted.length > 0
          ? { index, key, action: 'deleted', beforeId: studentId!, afterId: null }
          : { index, key, action: 'missing', beforeId: null, afterId: null },
      );
    }
    return outcomes;
  },
});

export const evaluationsKind = defineKind({
  kind: 'evaluations',
  // Deleting an evaluation takes the marks back (the student's own work stays).
  deletes: 'soft',
  keyOf: (row) => `${String(row.assignment_external_id)}|${String(row.student_external_id)}`,
  async upsert(context, rows) {
    const problems: RowProblem[] = [];
    const assignmentIds = await resolveReferences(
      context,
      rows,
      'assignments',
      'assignment_external_id',
      (row) => row.assignment_external_id,
      problems,
    );
    const studentIds = await resolveReferences(
      context,
      rows,
      'students',
      'student_external_id',
      (row) => row.student_external_id,
      problems,
    );
    if (problems.length > 0) throw new RowProblems(problems);
    const stored = new Map<string, Record<string, unknown>>();
    for (const part of chunks([...new Set(assignmentIds.values())], 5000)) {
      const found = await context.tx
        .select()
        .from(submissions)
        .where(and(eq(submissions.instituteId, context.instituteId), anyOf(submissions.assignmentId, part)));
      for (const row of found) stored.set(`${row.assignmentId}|${row.studentId}`, row);
    }
    const outcomes: RowOutcome[] = [];
    for (const { index, key, row } of rows) {
      const assignmentId = assignmentIds.get(row.assignment_external_id)!;
      const studentId = studentIds.get(row.student_external_id)!;
      const wanted = {
        teacherStatus: 'Evaluated',
        marks: row.marks ?? null,
        grade: row.grade ?? '',
        teacherComment: row.comment ?? '',
      };
      const current = stored.get(`${assignmentId}|${studentId}`);
      if (!current) {
        // Work handed in on paper: the evaluation makes the submission.
        const [inserted] = await context.tx
          .insert(submissions)
          .values({
            instituteId: context.instituteId,
            assignmentId,
            studentId,
            status: 'Submitted',
            submittedAt: context.now,
            updatedAt: context.now,
            ...wanted,
          })
          .returning({ id: submissions.id });
        outcomes.push({ index, key, action: 'created', beforeId: null, afterId: inserted!.id });
        continue;
      }
      const id = current.id as number;
      if (sameColumns(wanted, current)) {
        outcomes.push({ index, key, action: 'unchanged', beforeId: id, afterId: id });
        continue;
      }
      await context.tx
        .update(submissions)
        .set(wanted)
        .where(and(eq(submissions.instituteId, context.instituteId), eq(submissions.id, id)));
      outcomes.push({ index, key, action: 'updated', beforeId: id, afterId: id });
    }
    return outcomes;
  },
  async remove(context, keys) {
    const assignmentMap = await findExternalIds(
      context.tx,
      context.instituteId,
      'assignments',
      keys.map((k) => k.row.assignment_external_id!),
    );
    const studentMap = await findExternalIds(
      context.tx,
      context.instituteId,
      'students',
      keys.map((k) => k.row.student_external_id!),
    );
    const outcomes: RowOutcome[] = [];
    for (const { index, key, row } of keys) {
      const assignmentId = assignmentMap.get(row.assignment_external_id!)?.internalId;
      const studentId = studentMap.get(row.student_external_id!)?.internalId;
      const [cleared] =
        assignmentId !== undefined && studentId !== undefined
          ? await context.tx
              .update(submissions)
              .set({ teacherStatus: 'Pending', marks: null, grade: '', teacherComment: '' })
              .where(
                and(
                  eq(submissions.instituteId, context.instituteId),
                  eq(submissions.assignmentId, assignmentId),
                  eq(submissions.studentId, studentId),
                ),
              )
              .returning({ id: submissions.id })
          : [];
      outcomes.push(
        cleared
          ? { index, key, action: 'deleted', beforeId: cleared.id, afterId: cleared.id }
          : { index, key, action: 'missing', beforeId: null, afterId: null },
      );
    }
    return outcomes;
  },
});
