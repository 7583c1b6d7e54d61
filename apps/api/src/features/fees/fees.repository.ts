import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { p, prepared } from '../../db/prepared.ts';
import { feePayments, feeReceipts, institutes } from '../../db/schema/index.ts';

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
