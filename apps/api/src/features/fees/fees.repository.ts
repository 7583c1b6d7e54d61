import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { p, prepared } from '../../db/prepared.ts';
import { feePayments, feeReceipts } from '../../db/schema/fees.ts';
import { institutes } from '../../db/schema/institutes.ts';

const verificationQuery = prepared((db) =>
  db
    .select({
      receiptNo: feePayments.receiptNo,
      paidAt: feePayments.paidAt,
      amount: feePayments.amount,
      instituteName: institutes.name,
      timeZone: institutes.timeZone,
    })
    .from(feeReceipts)
    .innerJoin(
      feePayments,
      and(eq(feePayments.instituteId, feeReceipts.instituteId), eq(feePayments.id, feeReceipts.paymentId)),
    )
    .innerJoin(institutes, eq(institutes.id, feeReceipts.instituteId))
    .where(and(eq(feeReceipts.verificationCode, p('code')), eq(feeReceipts.instituteId, p('instituteId'))))
    .prepare('fees_verify_receipt'),
);

/** The public facts of a receipt by its verification code, in the institute of the host asking; none if forged. */
export async function findReceiptByCode(db: Db, instituteId: number, code: string) {
  const [row] = await verificationQuery(db, { instituteId, code });
  return row;
}

// The `receipt` id policy: a receipt of the student viewed.
const receiptQuery = prepared((db) =>
  db
    .select({
      paymentId: feePayments.id,
      receiptNo: feePayments.receiptNo,
      academicYearId: feePayments.academicYearId,
      financialYear: feePayments.financialYear,
      pdfFileKey: feeReceipts.pdfFileKey,
      verificationCode: feeReceipts.verificationCode,
    })
    .from(feePayments)
    .innerJoin(
      feeReceipts,
      and(eq(feeReceipts.instituteId, feePayments.instituteId), eq(feeReceipts.paymentId, feePayments.id)),
    )
    .where(
      and(
        // The (institute_id, receipt_no) unique index; the student must be the one viewed.
        eq(feePayments.instituteId, p('instituteId')),
        eq(feePayments.receiptNo, p('receiptNo')),
        eq(feePayments.studentId, p('studentId')),
      ),
    )
    .prepare('access_fee_receipt'),
);

/** A receipt of the student, by its number in the institute; undefined for anyone else's. */
export async function findStudentReceipt(db: Db, instituteId: number, studentId: number, receiptNo: string) {
  const [row] = await receiptQuery(db, { instituteId, studentId, receiptNo });
  return row;
}

/** A receipt a declared `receipt` id named. */
export type ReceiptAccessRow = NonNullable<Awaited<ReturnType<typeof findStudentReceipt>>>;
