import { endpoint } from '../shared/endpoint.ts';
import type { feesSchemas } from './fees.contract.ts';

type Schemas = typeof feesSchemas;

/** Fees: totals, installments and payments per academic year, and the receipts (spec part 2 §2.7, §7 Fees). */
export const feesEndpoints = {
  summary: endpoint<Schemas['summary']>({
    id: 'fees.summary',
    method: 'GET',
    path: '/api/v1/studentWise/fee/:instituteId/students/:studentId/:academicYearId',
    service: 'main',
    access: 'session',
    ids: [
      { in: 'params', name: 'instituteId', kind: 'institute' },
      { in: 'params', name: 'studentId', kind: 'student' },
      { in: 'params', name: 'academicYearId', kind: 'academicYear' },
    ],
  }),
  receiptDownload: endpoint<Schemas['receiptDownload']>({
    id: 'fees.receiptDownload',
    method: 'GET',
    path: '/api/v1/studentWise/fee/:studentId/feeReceipt/:receiptNo/download',
    service: 'main',
    access: 'session',
    ids: [
      { in: 'params', name: 'studentId', kind: 'student' },
      // The receipt policy also refuses every receipt while the institute's receipt option is off.
      { in: 'params', name: 'receiptNo', kind: 'receipt' },
      { in: 'query', name: 'acad_year', kind: 'academicYear' },
    ],
  }),
  verifyReceipt: endpoint<Schemas['verifyReceipt']>({
    id: 'fees.verifyReceipt',
    method: 'GET',
    // The public page a receipt's QR code opens: an HTML page, not part of the JSON API.
    path: '/verify/receipt/:code',
    service: 'main',
    access: 'anonymous',
    ids: [],
  }),
};
