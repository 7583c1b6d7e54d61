import { feesEndpoints } from '@campus/domain/fees/fees.endpoints';
import { useMutation } from '@tanstack/react-query';
import { call, serviceBase } from '../../../lib/api-client.ts';

/** What names a receipt in the download call. */
export interface ReceiptRef {
  studentId: number;
  receiptNo: string;
  financialYear: string;
  academicYearId: number;
}

/**
 * GET /api/v1/studentWise/fee/{studentId}/feeReceipt/{receiptNo}/download: a fresh short-lived address of the
 * receipt PDF (awsDownloadLink). Addresses expire in minutes, so every click asks again.
 */
export async function getReceiptUrl(ref: ReceiptRef): Promise<string> {
  const answer = await call(feesEndpoints.receiptDownload, {
    params: { studentId: ref.studentId, receiptNo: ref.receiptNo },
    query: { fin_yr: ref.financialYear, acad_year: ref.academicYearId },
  });
  return answer.awsDownloadLink;
}

/** Starts the browser's download of `url` (the server answers it as an attachment) without leaving the page. */
function startDownload(url: string) {
  const link = document.createElement('a');
  link.href = /^https?:/.test(url) ? url : `${serviceBase('main')}${url}`;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Downloads a receipt; a failure is only logged (spec part 2 §8). */
export const useDownloadReceipt = () =>
  useMutation({
    mutationFn: getReceiptUrl,
    onSuccess: startDownload,
    onError: (error) => console.error('Receipt download failed', error),
  });
