import { describe, expect, it } from 'vitest';
import {
  anyStatus,
  assignmentListPath,
  assignmentsLabel,
  emptyAssignmentsText,
  filterAssignments,
  matchesAssignmentSearch,
  truncateName,
} from './assignment-list.ts';
import type { StudentStatus } from './assignment-rules.ts';
import { ongoingFilters, pastFilters } from './assignment-rules.ts';

const item = (title: string, student_status: StudentStatus, teacher_status = 'Pending') => ({
  title,
  subject_name: 'Science',
  course_name: 'Class 8 - A',
  student_status,
  teacher_status,
});

describe('filterAssignments (spec part 1 §2, §4)', () => {
  const ongoing = [
    item('Photosynthesis essay', 'Pending'),
    item('Fractions worksheet', 'Draft'),
    item('Poem recital', 'Submitted'),
    item('Map work', 'Submitted', 'Evaluated'),
  ];
  const past = [
    item('Old essay', 'Submitted'),
    item('Late lab', 'Not Submitted'),
    item('Graded quiz', 'Submitted', 'Evaluated'),
    item('Missed worksheet', 'Expired'),
  ];

  it('keeps everything under Select Status', () => {
    expect(filterAssignments(ongoing, anyStatus, '')).toHaveLength(4);
  });

  it.each(ongoingFilters.filter((status) => status !== anyStatus).map((status, index) => [status, index] as const))(
    'ongoing filter %s keeps only that displayed status',
    (status, index) => {
      expect(filterAssignments(ongoing, status, '')).toEqual([ongoing[index]]);
    },
  );

  it.each(pastFilters.filter((status) => status !== anyStatus).map((status, index) => [status, index] as const))(
    'past filter %s keeps only that displayed status',
    (status, index) => {
      expect(filterAssignments(past, status, '', true)).toEqual([past[index]]);
    },
  );

  it('finds a past draft (never submitted) under Not Submitted, the Past filter having no Draft (defect 5)', () => {
    const draft = item('Draft left behind', 'Draft');
    const list = [...past, draft];
    const found = pastFilters.filter((status) => filterAssignments(list, status, '', true).includes(draft));
    expect(found).toEqual([anyStatus, 'Not Submitted']);
    // In the Ongoing tab a draft stays a Draft.
    expect(filterAssignments([draft], 'Draft', '')).toEqual([draft]);
  });

  it('searches title, subject and course ignoring case and surrounding spaces', () => {
    expect(matchesAssignmentSearch(item('Photosynthesis essay', 'Pending'), '  PHOTO ')).toBe(true);
    expect(matchesAssignmentSearch(item('Essay', 'Pending'), 'science')).toBe(true);
    expect(matchesAssignmentSearch(item('Essay', 'Pending'), 'class 8')).toBe(true);
    expect(matchesAssignmentSearch(item('Essay', 'Pending'), 'maths')).toBe(false);
    expect(filterAssignments(ongoing, 'Submitted', 'poem')).toEqual([ongoing[2]]);
    expect(filterAssignments(ongoing, 'Draft', 'poem')).toEqual([]);
  });
});

describe('empty texts and labels', () => {
  it('says No Assignments Found! when filters hid assignments', () => {
    expect(emptyAssignmentsText(3, true)).toBe('No Assignments Found!');
    expect(emptyAssignmentsText(3, false)).toBe('No Assignments Found!');
  });
  it('says none exist yet, Homework for schools', () => {
    expect(emptyAssignmentsText(0, true)).toBe('No Homework is available yet!');
    expect(emptyAssignmentsText(0, false)).toBe('No Assignment is available yet!');
    expect(assignmentsLabel(true)).toBe('Homework');
    expect(assignmentsLabel(false)).toBe('Assignments');
  });
  it('returns past assignments to the Past tab', () => {
    expect(assignmentListPath(-1)).toBe('/assignment?open=999');
    expect(assignmentListPath(0)).toBe('/assignment');
    expect(assignmentListPath(5)).toBe('/assignment');
  });
});

describe('truncateName (spec part 1 §9)', () => {
  it('cuts long names with an ellipsis and leaves short ones', () => {
    expect(truncateName('a'.repeat(30), 30)).toBe('a'.repeat(30));
    expect(truncateName('a'.repeat(31), 30)).toBe(`${'a'.repeat(30)}...`);
    expect(truncateName('short.pdf', 50)).toBe('short.pdf');
  });
  it('never splits a character made of two code units', () => {
    expect(truncateName('😀'.repeat(3), 2)).toBe('😀😀...');
  });
});
