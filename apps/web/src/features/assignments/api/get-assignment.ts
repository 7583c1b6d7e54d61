import { assignmentsEndpoints } from '@campus/domain/assignments/assignments.endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { keepOffline } from '../../../lib/offline-query.ts';
import { call } from '../../../lib/api-client.ts';

/** GET /api/v2/onlineAssignment/get/{instituteId}/{fileId}: one assignment with the student's status. */
export async function getAssignment(instituteId: number, fileId: number, signal?: AbortSignal) {
  const answer = await call(assignmentsEndpoints.detail, { params: { instituteId, fileId } }, { signal });
  return answer.result;
}

export const assignmentQuery = (instituteId: number, fileId: number) =>
  keepOffline(
    queryOptions({
      queryKey: ['assignments', 'detail', instituteId, fileId],
      queryFn: ({ signal }) => getAssignment(instituteId, fileId, signal),
      // Attachment addresses are signed for a few minutes; downloads ask for fresh ones anyway.
      staleTime: 0,
    }),
  );

export const useAssignment = (instituteId: number, fileId: number) => useQuery(assignmentQuery(instituteId, fileId));
