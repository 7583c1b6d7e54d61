import type { AssignmentDetail } from '@campus/domain/assignments/assignments.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** A solution file the teacher released (the contract's solutionAttachmentSchema; it exports no type for it). */
export type SolutionAttachment = AssignmentDetail['attachment_lists'][number] & { attachment_name: string };

export interface AssignmentSolution {
  is_released: boolean;
  solution_attachments: SolutionAttachment[];
}

/** GET /api/v2/onlineAssignment/getAssignmentSolution/{instituteId}/{studentId}/{fileId}. */
export async function getAssignmentSolution(
  instituteId: number,
  studentId: number,
  fileId: number,
  signal?: AbortSignal,
): Promise<AssignmentSolution> {
  const answer = await apiRequest<{ result: AssignmentSolution }>(
    `/api/v2/onlineAssignment/getAssignmentSolution/${instituteId}/${studentId}/${fileId}`,
    { signal },
  );
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
