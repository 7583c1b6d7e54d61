// What other areas may use of assignments: its pages' addresses.
export { assignmentDetailPath, assignmentsPages } from './assignments.page.ts';
