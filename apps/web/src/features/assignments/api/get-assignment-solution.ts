import { assignmentsEndpoints } from '@campus/domain/assignments/assignments.endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type AnswerOf } from '../../../lib/api-client.ts';

/** Whether the solution is out, and its files. */
export type AssignmentSolution = AnswerOf<typeof assignmentsEndpoints.solution>['result'];

/** A solution file the teacher released. */
export type SolutionAttachment = AssignmentSolution['solution_attachments'][number];

/** GET /api/v2/onlineAssignment/getAssignmentSolution/{instituteId}/{studentId}/{fileId}. */
export async function getAssignmentSolution(
  instituteId: number,
  studentId: number,
  fileId: number,
  signal?: AbortSignal,
): Promise<AssignmentSolution> {
  const answer = await call(assignmentsEndpoints.solution, { params: { instituteId, studentId, fileId } }, { signal });
  return answer.result;
}

export const assignmentSolutionQuery = (instituteId: number, studentId: number, fileId: number) =>
  queryOptions({
    queryKey: ['assignments', 'solution', instituteId, studentId, fileId],
    queryFn: ({ signal }) => getAssignmentSolution(instituteId, studentId, fileId, signal),
    staleTime: 0,
  });

export const useAssignmentSolution = (instituteId: number, studentId: number, fileId: number) =>
  useQuery(assignmentSolutionQuery(instituteId, studentId, fileId));
