// The SQL of payments and their receipts (receipts.ts issues and draws them).
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { academicYears } from '../../db/schema/academics.ts';
import { feePaymentAllocations, feePayments, feeReceipts } from '../../db/schema/fees.ts';
import { institutes } from '../../db/schema/institutes.ts';
import { students, users } from '../../db/schema/users.ts';
import { findInstallmentsById } from './fee-ledger.repository.ts';

/** What a receipt shows beyond the payment itself: institute, student, year, and the installments it covered. */
export async function findReceiptFacts(
  db: Db,
  {
    instituteId,
    studentId,
    academicYearId,
    studentInstallmentIds,
  }: { instituteId: number; studentId: number; academicYearId: number; studentInstallmentIds: number[] },
) {
  const [head] = await db
    .select({
      instituteName: institutes.name,
      logoUrl: institutes.logoUrl,
      timeZone: institutes.timeZone,
      studentName: users.name,
      studentDisplayId: students.displayId,
      academicYear: academicYears.name,
    })
    .from(students)
    .innerJoin(institutes, eq(institutes.id, students.instituteId))
    .innerJoin(users, and(eq(users.instituteId, students.instituteId), eq(users.id, students.userId)))
    .innerJoin(
      academicYears,
      and(eq(academicYears.instituteId, students.instituteId), eq(academicYears.id, academicYearId)),
    )
    .where(and(eq(students.instituteId, instituteId), eq(students.id, studentId)));
  if (!head) throw new Error(`no student ${studentId} in institute ${instituteId}`);
  const rows = await findInstallmentsById(db, { instituteId, studentId, ids: studentInstallmentIds });
  const installments = rows.map((row) => ({
    id: row.id,
    installNo: row.installNo,
    dueDate: row.dueDate,
    group: row.standardName ?? row.batchName ?? '',
  }));
  return { ...head, installments };
}

/** The institute's time zone (a payment's financial year is the one of its day there). */
export async function findInstituteTimeZone(db: Db, instituteId: number): Promise<string> {
  const [institute] = await db
    .select({ timeZone: institutes.timeZone })
    .from(institutes)
    .where(eq(institutes.id, instituteId));
  return institute!.timeZone;
}

/** Writes a payment; answers its id. */
export async function insertPayment(db: Db, values: typeof feePayments.$inferInsert): Promise<number> {
  const [row] = await db.insert(feePayments).values(values).returning({ id: feePayments.id });
  return row!.id;
}

/** Writes what a payment paid towards each installment. */
export async function insertAllocations(db: Db, rows: (typeof feePaymentAllocations.$inferInsert)[]) {
  await db.insert(feePaymentAllocations).values(rows);
}

/** Writes a payment's receipt: its stored PDF and verification code. */
export async function insertReceipt(db: Db, values: typeof feeReceipts.$inferInsert) {
  await db.insert(feeReceipts).values(values);
}

/** A payment of the institute, by id. */
export async function findPayment(db: Db, instituteId: number, paymentId: number) {
  const [payment] = await db
    .select()
    .from(feePayments)
    .where(and(eq(feePayments.instituteId, instituteId), eq(feePayments.id, paymentId)));
  return payment;
}

/** What a payment paid towards each installment. */
export const findPaymentParts = (db: Db, instituteId: number, paymentId: number) =>
  db
    .select()
    .from(feePaymentAllocations)
    .where(and(eq(feePaymentAllocations.instituteId, instituteId), eq(feePaymentAllocations.paymentId, paymentId)));

/** A receipt's code, PDF and the address to draw it for; undefined when its payment is gone. */
export async function findReceiptToDraw(db: Db, instituteId: number, paymentId: number) {
  const [row] = await db
    .select({
      verificationCode: feeReceipts.verificationCode,
      pdfFileKey: feeReceipts.pdfFileKey,
      origin: feeReceipts.origin,
    })
    .from(feeReceipts)
    .where(and(eq(feeReceipts.instituteId, instituteId), eq(feeReceipts.paymentId, paymentId)));
  return row;
}

/** Notes the drawn PDF of a receipt that had none (a receipt drawn twice at once keeps the first). */
export async function setReceiptPdf(db: Db, instituteId: number, paymentId: number, pdfFileKey: string) {
  await db
    .update(feeReceipts)
    .set({ pdfFileKey })
    .where(
      and(
        eq(feeReceipts.instituteId, instituteId),
        eq(feeReceipts.paymentId, paymentId),
        isNull(feeReceipts.pdfFileKey),
      ),
    );
}

/** Receipts still to draw (the partial index fee_receipts_to_draw): of one institute, or of any, by payment. */
export async function findReceiptsToDraw(db: Db, { instituteId, limit }: { instituteId?: number; limit: number }) {
  return db
    .select({ instituteId: feeReceipts.instituteId, paymentId: feeReceipts.paymentId })
    .from(feeReceipts)
    .where(
      and(
        isNull(feeReceipts.pdfFileKey),
        instituteId === undefined ? sql`true` : eq(feeReceipts.instituteId, instituteId),
      ),
    )
    .orderBy(asc(feeReceipts.instituteId), asc(feeReceipts.paymentId))
    .limit(limit);
}
