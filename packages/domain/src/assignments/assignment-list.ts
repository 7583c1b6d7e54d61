import { assignmentMessages, displayStatus, type StudentStatus } from './assignment-rules.ts';
import { assignmentsPages } from './assignments.page.ts';

/** The first choice of both status dropdowns: no filtering (spec part 1 §4). */
export const anyStatus = 'Select Status';

/** `open` query value that opens the Past tab of the list directly (spec part 1 §2). */
export const pastTabParam = '999';

/** What the list rules read of an assignment. */
export interface ListedAssignment {
  title: string;
  subject_name: string;
  course_name: string;
  student_status: StudentStatus;
  teacher_status: string;
}

/** The area's name: Homework for schools, Assignments otherwise (spec part 1 §2). */
export const assignmentsLabel = (isSchool: boolean) => (isSchool ? 'Homework' : 'Assignments');

/** True when the title, subject or course holds the search text, ignoring case; blank search matches all. */
export function matchesAssignmentSearch(item: ListedAssignment, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return [item.title, item.subject_name, item.course_name].some((field) => field.toLowerCase().includes(needle));
}

/** The assignments of one tab that match the status dropdown (by displayed status) and the search box. */
export function filterAssignments<T extends ListedAssignment>(
  items: T[],
  status: string,
  search: string,
  isPast = false,
): T[] {
  return items.filter(
    (item) => (status === anyStatus || listedStatus(item, isPast) === status) && matchesAssignmentSearch(item, search),
  );
}

/**
 * The status a filter matches. The Past filter has no Draft or Pending (spec part 1 §4): a draft saved while the
 * assignment was ongoing, never submitted, is 'Not Submitted' there, so some Past filter finds it (defect 5).
 */
export function listedStatus(item: ListedAssignment, isPast: boolean): string {
  const status = displayStatus(item.student_status, item.teacher_status);
  return isPast && (status === 'Draft' || status === 'Pending') ? 'Not Submitted' : status;
}

/**
 * The empty text of a tab showing nothing: 'No Assignments Found!' when filters hid its assignments,
 * otherwise that none exist yet, worded Homework for schools (spec part 1 §2).
 */
export function emptyAssignmentsText(tabTotal: number, isSchool: boolean): string {
  if (tabTotal > 0) return assignmentMessages.emptyFilter;
  return isSchool ? assignmentMessages.emptySchool : assignmentMessages.emptyCoaching;
}

/** Where Go Back and a finished save return to: the Past tab for past assignments (spec part 1 §2). */
export const assignmentListPath = (daysLeft: number) =>
  daysLeft < 0 ? `${assignmentsPages.assignment}?open=${pastTabParam}` : assignmentsPages.assignment;

/** A name cut to `max` characters with an ellipsis (file names 50, solution names 30, spec part 1 §9). */
export function truncateName(name: string, max: number): string {
  const characters = Array.from(name);
  return characters.length <= max ? name : `${characters.slice(0, max).join('')}...`;
}

/** Display limits of attachment names (spec part 1 §9). */
export const maxFileNameDisplay = 50;
export const maxSolutionNameDisplay = 30;
