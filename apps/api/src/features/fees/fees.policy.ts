import { forbidden, notFound, type AreaPolicies } from '../../access/policies.ts';
import { findStudentReceipt, type ReceiptAccessRow } from './index.ts';

declare module '../../access/scope.ts' {
  interface RequestScope {
    /** The fee receipt a declared `receipt` id named, once its policy allowed it. */
    receipt?: ReceiptAccessRow;
  }
}

/** The fees area's id: a receipt of the viewed student, while the institute offers receipts. */
export const feesPolicies = {
  async receipt(scope, value) {
    // Receipts exist for the student only while the institute offers them (spec part 2 §6).
    if (!(await scope.settings()).isFeeReceiptEnabled) {
      throw forbidden('Fee receipts are not available for this institute');
    }
    const row = await findStudentReceipt(scope.db, scope.session.instituteId, scope.studentId, String(value));
    if (!row) throw notFound();
    scope.receipt = row;
  },
} satisfies AreaPolicies;
