import { assignmentsEndpoints } from '@campus/domain/assignments/assignments.endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type AnswerOf } from '../../../lib/api-client.ts';

/** A file or link the student handed in. */
export type StudentAttachment = AnswerOf<
  typeof assignmentsEndpoints.studentAttachments
>['result']['student_attachment'][number];

/** GET /api/v2/onlineAssignment/studentAttachmentsDetail/{instituteId}/{studentId}/{fileId}. */
export async function getStudentAttachments(
  instituteId: number,
  studentId: number,
  fileId: number,
  signal?: AbortSignal,
): Promise<StudentAttachment[]> {
  const answer = await call(
    assignmentsEndpoints.studentAttachments,
    { params: { instituteId, studentId, fileId } },
    { signal },
  );
  return answer.result.student_attachment;
}

export const studentAttachmentsQuery = (instituteId: number, studentId: number, fileId: number) =>
  queryOptions({
    queryKey: ['assignments', 'student-attachments', instituteId, studentId, fileId],
    queryFn: ({ signal }) => getStudentAttachments(instituteId, studentId, fileId, signal),
    staleTime: 0,
  });

export const useStudentAttachments = (instituteId: number, studentId: number, fileId: number) =>
  useQuery(studentAttachmentsQuery(instituteId, studentId, fileId));
