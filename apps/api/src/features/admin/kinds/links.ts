// Enrolments and evaluations: rows named by the pair of rows they link (a student and a batch; an assignment and
// a student), not by an external id of their own, written by their areas' writers (the academic frame's, the
// assignments').
import {
  deleteEnrolments,
  enrolStudents,
  findEnrolments,
  updateEnrolments,
  type EnrolmentValues,
} from '../../../access/academics.writer.ts';
import {
  clearEvaluations,
  evaluatePaperWork,
  evaluateSubmissions,
  findSubmissions,
  type EvaluationValues,
} from '../../assignments/index.ts';
import { pairKind } from './pair-kind.ts';

export const enrolmentsKind = pairKind({
  kind: 'enrolments',
  deletes: 'hard',
  sides: ['students', 'batches'],
  // The writer puts an enrolment in its batch's academic year.
  store: {
    load: ({ tx, instituteId }, pairs) => findEnrolments(tx, instituteId, pairs),
    insert: async ({ tx, instituteId }, rows) => {
      await enrolStudents(tx, instituteId, rows as unknown as EnrolmentValues[]);
      return [];
    },
    update: ({ tx, instituteId }, rows) =>
      updateEnrolments(tx, instituteId, rows as unknown as Required<EnrolmentValues>[]),
    remove: ({ tx, instituteId }, pairs) => deleteEnrolments(tx, instituteId, pairs),
  },
  keys: ['studentId', 'batchId'],
  columns: (row) => ({ rollNo: row.roll_no ?? 0 }),
});

export const evaluationsKind = pairKind({
  kind: 'evaluations',
  // Deleting an evaluation takes the marks back (the student's own work stays).
  deletes: 'soft',
  sides: ['assignments', 'students'],
  store: {
    load: ({ tx, instituteId }, pairs) => findSubmissions(tx, instituteId, pairs),
    // Work handed in on paper: the evaluation makes the submission.
    insert: ({ tx, instituteId, now }, rows) =>
      evaluatePaperWork(tx, instituteId, rows as unknown as EvaluationValues[], now),
    update: ({ tx, instituteId }, rows) => evaluateSubmissions(tx, instituteId, rows as unknown as EvaluationValues[]),
    remove: ({ tx, instituteId }, pairs) => clearEvaluations(tx, instituteId, pairs),
  },
  keys: ['assignmentId', 'studentId'],
  auditId: 'row',
  columns: (row) => ({
    // Compared with the stored row too: work submitted but not yet evaluated is changed by an evaluation that
    // gives no marks.
    teacherStatus: 'Evaluated',
    marks: row.marks ?? null,
    grade: row.grade ?? '',
    teacherComment: row.comment ?? '',
  }),
});
