import { assignmentCategoryId } from '@campus/domain/assignments/assignment-rules';
import { assignmentsEndpoints } from '@campus/domain/assignments/assignments.endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { keepOffline } from '../../../lib/offline-query.ts';
import { call, type AnswerOf } from '../../../lib/api-client.ts';

/** Whose assignments to list. */
export interface StudentRef {
  institute_id: number;
  student_id: number;
}

/** Both tabs of the list (spec part 1 §7). */
export type AssignmentLists = AnswerOf<typeof assignmentsEndpoints.list>['result'];

/** POST /api/v2/onlineAssignment/student/getAssignmentsDetail: the ongoing and past assignments. */
export async function getAssignments(student: StudentRef, signal?: AbortSignal): Promise<AssignmentLists> {
  const answer = await call(
    assignmentsEndpoints.list,
    { body: { category_id: assignmentCategoryId, institute_id: student.institute_id, student_id: student.student_id } },
    { signal },
  );
  return answer.result;
}

export const assignmentsQuery = (student: StudentRef) =>
  keepOffline(
    queryOptions({
      queryKey: ['assignments', 'list', student.institute_id, student.student_id],
      queryFn: ({ signal }) => getAssignments(student, signal),
    }),
  );

/** The lists of the signed-in student; nothing is asked for a login without a student (open-course users). */
export const studentAssignmentsQuery = (student: { institute_id: number; student_id: number | null }) => ({
  ...assignmentsQuery({ institute_id: student.institute_id, student_id: student.student_id ?? 0 }),
  enabled: student.student_id !== null,
});

export const useAssignments = (student: { institute_id: number; student_id: number | null }) =>
  useQuery(studentAssignmentsQuery(student));
