// Enrolments and evaluations: rows named by the pair of rows they link (a student and a batch; an assignment and
// a student), not by an external id of their own.
import { batches, enrolments, submissions } from '../../../db/schema/index.ts';
import { academicYearsOf } from './kind.ts';
import { pairKind } from './pair-kind.ts';

export const enrolmentsKind = pairKind({
  kind: 'enrolments',
  deletes: 'hard',
  sides: ['students', 'batches'],
  store: enrolments,
  keys: ['studentId', 'batchId'],
  // An enrolment is in its batch's academic year.
  load: (context, batchIds) => academicYearsOf(context, batches, batchIds),
  columns: (row) => ({ rollNo: row.roll_no ?? 0 }),
  insertColumns: (_context, { second, loaded }) => ({ academicYearId: loaded.get(second)! }),
});

export const evaluationsKind = pairKind({
  kind: 'evaluations',
  // Deleting an evaluation takes the marks back (the student's own work stays).
  deletes: 'soft',
  sides: ['assignments', 'students'],
  store: submissions,
  keys: ['assignmentId', 'studentId'],
  auditId: 'row',
  columns: (row) => ({
    teacherStatus: 'Evaluated',
    marks: row.marks ?? null,
    grade: row.grade ?? '',
    teacherComment: row.comment ?? '',
  }),
  // Work handed in on paper: the evaluation makes the submission.
  insertColumns: (context) => ({ status: 'Submitted', submittedAt: context.now, updatedAt: context.now }),
  cleared: { teacherStatus: 'Pending', marks: null, grade: '', teacherComment: '' },
});
