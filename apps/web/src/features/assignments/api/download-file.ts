import { assignmentsEndpoints } from '@campus/domain/assignments/assignments.endpoints';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/**
 * POST /api/v2/onlineAssignment/downloadFile: a fresh signed address of one attachment. Addresses expire after
 * a few minutes, so every download click asks again.
 */
export async function getDownloadUrl(instituteId: number, attachmentId: number): Promise<string> {
  const answer = await call(assignmentsEndpoints.download, {
    body: { attachmentId_array: [attachmentId], institute_id: instituteId },
  });
  return answer.result.body;
}

/** Starts the browser's download of `url` (the server answers it as an attachment) without leaving the page. */
export function startDownload(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

export const useDownloadAttachment = (instituteId: number) =>
  useMutation({
    mutationFn: (attachmentId: number) => getDownloadUrl(instituteId, attachmentId),
    onSuccess: startDownload,
  });
