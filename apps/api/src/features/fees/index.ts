// The fees area's public face: the fee ledger the calendar feed reads, and its writer (fee structures, the students
// billed them, payments recorded with their receipts) for the admin API, the demo seed and the test factories.
export { findAllStudentAllocations, findInstallmentsDueBetween } from './fee-ledger.repository.ts';
export * from './fees.writer.ts';
export { findStudentReceipt, type ReceiptAccessRow } from './fees.repository.ts';
