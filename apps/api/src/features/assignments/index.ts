// The assignments area's public face: the assignment and attachments the access policies load.
export {
  findAssignment,
  findAttachmentsByIds,
  type AssignmentRow,
  type AttachmentAccessRow,
} from './assignments.repository.ts';
export * from './assignments.writer.ts';
