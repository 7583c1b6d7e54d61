// The fees area's writer (issue 29): the one module that creates and changes fee structures, their installments,
// the students billed them and the payments received, with the area's rules. The admin API, the demo seed and the
// test factories all write fees through it, in the caller's transaction (PGlite or PostgreSQL). Amounts are whole
// paise; dates are the institute's calendar days.
import type { IsoDate } from '@campus/domain/calendar/calendar';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pairRows } from '../../db/institute-rows.ts';
import { AppError } from '../../errors.ts';
import { anyOf, chunks, insertRows, updateRows } from '../../db/bulk.ts';
import {
  feeInstallments,
  feePaymentAllocations,
  feePayments,
  feeStructures,
  studentInstallments,
} from '../../db/schema/fees.ts';

export { recordPayment, recordPaymentToDraw, type NewPayment } from './receipts.ts';
export { enqueueReceipts } from './receipts.jobs.ts';

/** One installment of a structure, numbered from 1. */
export interface InstallmentValues {
  installNo: number;
  dueDate: IsoDate;
  amount: number;
}

/** A fee structure of one year, linked to a standard, a batch or neither, with its installments in number order. */
export interface FeeStructureValues {
  academicYearId: number;
  name: string;
  standardId: number | null;
  batchId: number | null;
  /** Charged once an installment is overdue; none when null. */
  lateFineAmount: number | null;
  installments: InstallmentValues[];
}

/** The installments of fee structures, in number order, with their ids (every structure asked for has a list). */
export async function findInstallments(
  db: Db,
  instituteId: number,
  structureIds: readonly number[],
): Promise<Map<number, (InstallmentValues & { id: number })[]>> {
  const found = new Map<number, (InstallmentValues & { id: number })[]>(structureIds.map((id) => [id, []]));
  for (const part of chunks(structureIds, 5000)) {
    const rows = await db
      .select({
        id: feeInstallments.id,
        structureId: feeInstallments.structureId,
        installNo: feeInstallments.installNo,
        dueDate: feeInstallments.dueDate,
        amount: feeInstallments.amount,
      })
      .from(feeInstallments)
      .where(and(eq(feeInstallments.instituteId, instituteId), anyOf(feeInstallments.structureId, part)))
      .orderBy(asc(feeInstallments.installNo));
    for (const { structureId, ...row } of rows) found.get(structureId)?.push(row);
  }
  return found;
}

/** Fee structures as stored, by id, in the shape they are written in. */
export async function findFeeStructures(
  db: Db,
  instituteId: number,
  ids: readonly number[],
): Promise<Map<number, FeeStructureValues>> {
  const found = new Map<number, FeeStructureValues>();
  const installments = await findInstallments(db, instituteId, ids);
  for (const part of chunks(ids, 5000)) {
    const rows = await db
      .select({
        id: feeStructures.id,
        academicYearId: feeStructures.academicYearId,
        name: feeStructures.name,
        standardId: feeStructures.standardId,
        batchId: feeStructures.batchId,
        lateFineAmount: feeStructures.lateFineAmount,
      })
      .from(feeStructures)
      .where(and(eq(feeStructures.instituteId, instituteId), anyOf(feeStructures.id, part)));
    for (const { id, ...row } of rows) {
      const items = (installments.get(id) ?? []).map(({ id: _id, ...item }) => item);
      found.set(id, { ...row, installments: items });
    }
  }
  return found;
}

/**
 * The academic year of fee structures, by id, each held (FOR KEY SHARE) until the caller's transaction ends, so a
 * structure about to be billed is not deleted under it; one another transaction is deleting is waited for and then
 * missing from the answer.
 */
export async function findFeeStructureYears(
  db: Db,
  instituteId: number,
  ids: readonly number[],
): Promise<Map<number, number>> {
  const years = new Map<number, number>();
  for (const part of chunks(ids, 5000)) {
    const rows = await db
      .select({ id: feeStructures.id, academicYearId: feeStructures.academicYearId })
      .from(feeStructures)
      .where(and(eq(feeStructures.instituteId, instituteId), anyOf(feeStructures.id, part)))
      .for('key share');
    for (const row of rows) years.set(row.id, row.academicYearId);
  }
  return years;
}

const structureColumns = ({ installments: _installments, ...columns }: FeeStructureValues) => columns;

/** Creates fee structures with their installments; answers their ids in the order given. */
export async function createFeeStructures(
  db: Db,
  instituteId: number,
  structures: readonly FeeStructureValues[],
): Promise<number[]> {
  if (structures.length === 0) return [];
  const rows = await db
    .insert(feeStructures)
    .values(structures.map((structure) => ({ instituteId, ...structureColumns(structure) })))
    .returning({ id: feeStructures.id });
  // PostgreSQL returns the rows of a multi-row VALUES insert in the order given.
  const ids = rows.map((row) => row.id);
  await insertRows(
    db,
    feeInstallments,
    structures.flatMap((structure, position) =>
      structure.installments.map((item) => ({ instituteId, structureId: ids[position]!, ...item })),
    ),
  );
  return ids;
}

/**
 * Changes a fee structure. Its installments are matched by number: a changed due date or amount is updated in
 * place, and a changed amount follows to every student billed it (their share starts from the structure's); a new
 * number is added; a dropped one is deleted, which the database refuses while a student is billed it.
 */
export async function updateFeeStructure(
  db: Db,
  instituteId: number,
  id: number,
  structure: FeeStructureValues,
): Promise<void> {
  await db
    .update(feeStructures)
    .set(structureColumns(structure))
    .where(and(eq(feeStructures.instituteId, instituteId), eq(feeStructures.id, id)));
  const stored = (await findInstallments(db, instituteId, [id])).get(id) ?? [];
  const byNo = new Map(stored.map((row) => [row.installNo, row]));
  const inserts: Record<string, unknown>[] = [];
  const updates: Record<string, unknown>[] = [];
  const billedAmounts: Record<string, unknown>[] = [];
  for (const item of structure.installments) {
    const current = byNo.get(item.installNo);
    byNo.delete(item.installNo);
    if (!current) {
      inserts.push({ instituteId, structureId: id, ...item });
      continue;
    }
    if (current.dueDate === item.dueDate && current.amount === item.amount) continue;
    updates.push({ instituteId, id: current.id, dueDate: item.dueDate, amount: item.amount });
    if (current.amount !== item.amount) {
      billedAmounts.push({ instituteId, installmentId: current.id, initialAmount: item.amount });
    }
  }
  await updateRows(db, feeInstallments, ['instituteId', 'id'], updates);
  await updateRows(db, studentInstallments, ['instituteId', 'installmentId'], billedAmounts);
  await insertRows(db, feeInstallments, inserts);
  const dropped = [...byNo.values()].map((row) => row.id);
  if (dropped.length > 0) {
    await db
      .delete(feeInstallments)
      .where(and(eq(feeInstallments.instituteId, instituteId), anyOf(feeInstallments.id, dropped)));
  }
}

/**
 * The fee structures of `ids` that may not be deleted, each with the reason: a structure students are billed
 * stays, since their dues and receipts are history. The structures are held (FOR UPDATE) until the caller's
 * transaction ends, so none is billed between this answer and their deletion (billing holds them FOR KEY SHARE).
 */
export async function findKeptFeeStructures(
  db: Db,
  instituteId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const kept = new Map<number, string>();
  for (const part of chunks(ids, 5000)) {
    await db
      .select({ id: feeStructures.id })
      .from(feeStructures)
      .where(and(eq(feeStructures.instituteId, instituteId), anyOf(feeStructures.id, part)))
      .orderBy(asc(feeStructures.id))
      .for('update');
    const rows = await db
      .select({ id: feeInstallments.structureId, total: count() })
      .from(studentInstallments)
      .innerJoin(
        feeInstallments,
        and(
          eq(feeInstallments.instituteId, studentInstallments.instituteId),
          eq(feeInstallments.id, studentInstallments.installmentId),
        ),
      )
      .where(and(eq(studentInstallments.instituteId, instituteId), anyOf(feeInstallments.structureId, part)))
      .groupBy(feeInstallments.structureId);
    for (const row of rows) kept.set(row.id, `has ${row.total} students' installments billed, so it cannot be deleted`);
  }
  return kept;
}

/** Deletes fee structures (their installments go with them); refused while any is billed (findKeptFeeStructures). */
export async function deleteFeeStructures(db: Db, instituteId: number, ids: readonly number[]): Promise<void> {
  const kept = await findKeptFeeStructures(db, instituteId, ids);
  if (kept.size > 0) {
    throw new AppError(409, 'CONFLICT', `fee structure ${[...kept.keys()].join(', ')}: ${[...kept.values()][0]}`);
  }
  for (const part of chunks(ids, 5000)) {
    await db
      .delete(feeStructures)
      .where(and(eq(feeStructures.instituteId, instituteId), anyOf(feeStructures.id, part)));
  }
}

/** A student's share of one installment: the structure's amount with the student's own adjustments. */
export interface StudentFeeValues {
  studentId: number;
  installmentId: number;
  academicYearId: number;
  initialAmount: number;
  discountAmount: number;
  taxAmount: number;
  fineAmount?: number;
  badDebtAmount?: number;
}

export type StoredStudentFee = typeof studentInstallments.$inferSelect;

const studentFeeRows = pairRows(studentInstallments, [
  studentInstallments.studentId,
  studentInstallments.installmentId,
]);

/** The students' shares of the given (student, installment) pairs, as stored. */
export const findStudentFees: (
  db: Db,
  instituteId: number,
  pairs: readonly (readonly [number, number])[],
) => Promise<StoredStudentFee[]> = studentFeeRows.find;

/** Every student's share of the given installments, by `${studentId}|${installmentId}`. */
export async function findBilledInstallments(
  db: Db,
  instituteId: number,
  installmentIds: readonly number[],
): Promise<Map<string, StoredStudentFee>> {
  const found = new Map<string, StoredStudentFee>();
  for (const part of chunks(installmentIds, 5000)) {
    const rows = await db
      .select()
      .from(studentInstallments)
      .where(and(eq(studentInstallments.instituteId, instituteId), anyOf(studentInstallments.installmentId, part)));
    for (const row of rows) found.set(`${row.studentId}|${row.installmentId}`, row);
  }
  return found;
}

/** Bills students installments (one statement); answers the new shares' ids in the order given. */
export async function billStudents(
  db: Db,
  instituteId: number,
  shares: readonly StudentFeeValues[],
): Promise<number[]> {
  return insertRows(
    db,
    studentInstallments,
    shares.map((share) => ({ instituteId, fineAmount: 0, badDebtAmount: 0, ...share })),
    { returningId: true },
  );
}

/** Changes students' shares, each found by its student and installment (one statement). */
export async function updateStudentFees(
  db: Db,
  instituteId: number,
  shares: readonly (Pick<StudentFeeValues, 'studentId' | 'installmentId'> & Partial<StudentFeeValues>)[],
): Promise<void> {
  await updateRows(
    db,
    studentInstallments,
    ['instituteId', 'studentId', 'installmentId'],
    shares.map((share) => ({ instituteId, ...share })),
  );
}

/** The shares of `ids` that payments have paid towards: they are history and stay. */
export async function findPaidStudentFees(db: Db, instituteId: number, ids: readonly number[]): Promise<Set<number>> {
  const paid = await db
    .selectDistinct({ id: feePaymentAllocations.studentInstallmentId })
    .from(feePaymentAllocations)
    .where(
      and(eq(feePaymentAllocations.instituteId, instituteId), anyOf(feePaymentAllocations.studentInstallmentId, ids)),
    );
  return new Set(paid.map((row) => row.id));
}

/** The rule a share with payments towards it is refused deletion with. */
export const paidStudentFeeRule = 'has payments towards it, so it cannot be deleted';

/** Stops billing students installments; refused once anything of a share is paid (findPaidStudentFees). */
export async function deleteStudentFees(
  db: Db,
  instituteId: number,
  pairs: readonly (readonly [number, number])[],
): Promise<void> {
  if (pairs.length === 0) return;
  const stored = await findStudentFees(db, instituteId, pairs);
  const paid = await findPaidStudentFees(
    db,
    instituteId,
    stored.map((row) => row.id),
  );
  if (paid.size > 0) {
    throw new AppError(409, 'CONFLICT', `student installment ${[...paid].join(', ')}: ${paidStudentFeeRule}`);
  }
  await studentFeeRows.remove(db, instituteId, pairs);
}

/** One student's fee plan for a year: a structure (shared by a standard or a batch, or neither) and their shares. */
export interface NewFeePlan {
  instituteId: number;
  academicYearId: number;
  studentId: number;
  name: string;
  standardId?: number | null;
  batchId?: number | null;
  /** The structure's late fine in paise, charged once an installment is overdue; none when null. */
  lateFineAmount?: number | null;
  /** In installment order; amounts in paise, the adjustments the student's own. */
  installments: { due: IsoDate; amount: number; discount?: number; tax?: number; fine?: number; badDebt?: number }[];
}

/**
 * Writes a fee structure with its installments and bills the student each (the demo seed's and the test factories'
 * plans); answers the student-installment ids in installment order.
 */
export async function createFeePlan(db: Db, plan: NewFeePlan): Promise<number[]> {
  const { instituteId, academicYearId, studentId, installments } = plan;
  const [structureId] = await createFeeStructures(db, instituteId, [
    {
      academicYearId,
      name: plan.name,
      standardId: plan.standardId ?? null,
      batchId: plan.batchId ?? null,
      lateFineAmount: plan.lateFineAmount ?? null,
      installments: installments.map((item, index) => ({
        installNo: index + 1,
        dueDate: item.due,
        amount: item.amount,
      })),
    },
  ]);
  const ids = (await findInstallments(db, instituteId, [structureId!])).get(structureId!)!;
  return billStudents(
    db,
    instituteId,
    installments.map((item, index) => ({
      studentId,
      academicYearId,
      installmentId: ids[index]!.id,
      initialAmount: item.amount,
      discountAmount: item.discount ?? 0,
      taxAmount: item.tax ?? 0,
      fineAmount: item.fine ?? 0,
      badDebtAmount: item.badDebt ?? 0,
    })),
  );
}

/** A payment as stored, with what it paid towards each installment (for comparing a payment loaded again). */
export interface StoredPayment {
  studentId: number;
  academicYearId: number;
  receiptNo: string;
  mode: string;
  paidAt: Date;
  parts: { studentInstallmentId: number; amount: number; fine: number }[];
}

/** Payments with their parts, by id. */
export async function findPayments(
  db: Db,
  instituteId: number,
  ids: readonly number[],
): Promise<Map<number, StoredPayment>> {
  const stored = new Map<number, StoredPayment>();
  for (const part of chunks(ids, 5000)) {
    const found = await db
      .select({
        id: feePayments.id,
        studentId: feePayments.studentId,
        academicYearId: feePayments.academicYearId,
        receiptNo: feePayments.receiptNo,
        mode: feePayments.mode,
        paidAt: feePayments.paidAt,
      })
      .from(feePayments)
      .where(and(eq(feePayments.instituteId, instituteId), anyOf(feePayments.id, part)));
    for (const { id, ...row } of found) stored.set(id, { ...row, parts: [] });
    const allocations = await db
      .select()
      .from(feePaymentAllocations)
      .where(and(eq(feePaymentAllocations.instituteId, instituteId), anyOf(feePaymentAllocations.paymentId, part)));
    for (const allocation of allocations) {
      stored.get(allocation.paymentId)!.parts.push({
        studentInstallmentId: allocation.studentInstallmentId,
        amount: allocation.amount,
        fine: allocation.fine,
      });
    }
  }
  return stored;
}

/**
 * A payment's parts by installment number of a fee structure: each number must be one of the structure's and
 * billed to the student; the problems name the numbers that are not (with the rule each breaks).
 */
export function paymentParts(
  installments: readonly (InstallmentValues & { id: number })[],
  billed: ReadonlyMap<string, { id: number }>,
  payment: { studentId: number; installNos: readonly number[]; amounts: readonly number[]; fines?: readonly number[] },
): { parts: StoredPayment['parts']; problems: string[] } {
  const parts: StoredPayment['parts'] = [];
  const problems: string[] = [];
  for (const [position, installNo] of payment.installNos.entries()) {
    const item = installments.find((candidate) => candidate.installNo === installNo);
    const own = item && billed.get(`${payment.studentId}|${item.id}`);
    if (!item) problems.push(`the fee structure has no installment ${installNo}`);
    else if (!own) {
      problems.push(
        `the student is not billed installment ${installNo} of this fee structure (load student-fees first)`,
      );
    } else {
      parts.push({
        studentInstallmentId: own.id,
        amount: payment.amounts[position]!,
        fine: payment.fines?.[position] ?? 0,
      });
    }
  }
  return { parts, problems };
}
