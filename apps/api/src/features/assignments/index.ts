// The assignments area's public face: the assignment and attachments the access policies load, and the homework
// due in a window (Today).
export {
  findAssignment,
  findAssignmentsDueBetween,
  findAttachmentsByIds,
  type AssignmentRow,
  type AttachmentAccessRow,
} from './assignments.repository.ts';
export * from './assignments.writer.ts';
