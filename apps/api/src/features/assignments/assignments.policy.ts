import { idValues, notFound, type AreaPolicies } from '../../access/policies.ts';
import { findAssignment, findAttachmentsByIds, type AssignmentRow, type AttachmentAccessRow } from './index.ts';

declare module '../../access/scope.ts' {
  interface RequestScope {
    /** The assignment a declared `assignment` id named, once its policy allowed it. */
    assignment?: AssignmentRow;
    /** The attachments declared `attachment` ids named, once their policy allowed them. */
    attachments?: AttachmentAccessRow[];
  }
}

/** The assignments area's ids: an assignment set for the student's batches, a file the student may open. */
export const assignmentsPolicies = {
  async assignment(scope, value) {
    const { instituteId } = scope.session;
    const row = await findAssignment(scope.db, instituteId, scope.studentId, await scope.batchIds(), value as number);
    if (!row) throw notFound();
    scope.assignment = row;
  },
  async attachment(scope, value) {
    const ids = [...new Set(idValues(value ?? []))];
    if (ids.length === 0) {
      scope.attachments = [];
      return;
    }
    const { instituteId } = scope.session;
    const [rows, batchIds] = await Promise.all([findAttachmentsByIds(scope.db, instituteId, ids), scope.batchIds()]);
    // Every id must be one this student may open; otherwise nothing is answered.
    const visible = rows.filter(({ attachment, batchId, isSolutionReleased, submitterId }) => {
      if (attachment.kind === 'teacher') return batchIds.includes(batchId);
      if (attachment.kind === 'solution') return batchIds.includes(batchId) && isSolutionReleased;
      return submitterId === scope.studentId;
    });
    if (visible.length !== ids.length) throw notFound();
    scope.attachments = visible;
  },
} satisfies AreaPolicies;
