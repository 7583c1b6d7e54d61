import type { AssignmentDetail } from '@campus/domain/assignments/assignments.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** A file or link the student handed in (the contract's studentAttachmentSchema; it exports no type for it). */
export type StudentAttachment = AssignmentDetail['attachment_lists'][number] & { is_link: boolean; remarks: string };

/** GET /api/v2/onlineAssignment/studentAttachmentsDetail/{instituteId}/{studentId}/{fileId}. */
export async function getStudentAttachments(
  instituteId: number,
  studentId: number,
  fileId: number,
  signal?: AbortSignal,
): Promise<StudentAttachment[]> {
  const answer = await apiRequest<{ result: { student_attachment: StudentAttachment[] } }>(
    `/api/v2/onlineAssignment/studentAttachmentsDetail/${instituteId}/${studentId}/${fileId}`,
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
