// The fees area's public face: the fee ledger the calendar feed reads, and its writers: a student's fee plan and
// recording a payment (which issues its receipt), for the admin API, the demo seed and the test factories.
export {
  findAllStudentAllocations,
  findInstallmentsDueBetween,
  insertFeePlan,
  type NewFeePlan,
} from './fee-ledger.repository.ts';
export { recordPayment, type NewPayment } from './receipts.ts';
export { findStudentReceipt, type ReceiptAccessRow } from './fees.repository.ts';
