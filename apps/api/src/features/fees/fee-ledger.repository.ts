import type { AllocationRow, StudentInstallmentRow } from '@campus/domain/fees/fee-summary';
import type { IsoDate } from '@campus/domain/calendar/calendar';
import { and, asc, between, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { p, prepared } from '../../db/prepared.ts';
import { batches, standards } from '../../db/schema/academics.ts';
import {
  feeInstallments,
  feePaymentAllocations,
  feePayments,
  feeStructures,
  studentInstallments,
} from '../../db/schema/fees.ts';

/**
 * The fee ledger's reads, shared by the fees screen (one academic year), the receipts (the installments a payment
 * covers) and the calendar feed (the installments due in its window): one select each, narrowed by the caller.
 */

/** A student's installments with their due date, the structure's standard or batch and its late fine setting. */
const selectInstallments = (db: Db, where: SQL | undefined) =>
  db
    .select({
      id: studentInstallments.id,
      installNo: feeInstallments.installNo,
      dueDate: feeInstallments.dueDate,
      standardName: standards.name,
      batchName: batches.name,
      initialAmount: studentInstallments.initialAmount,
      discountAmount: studentInstallments.discountAmount,
      taxAmount: studentInstallments.taxAmount,
      fineAmount: studentInstallments.fineAmount,
      badDebtAmount: studentInstallments.badDebtAmount,
      lateFineAmount: feeStructures.lateFineAmount,
    })
    .from(studentInstallments)
    .innerJoin(
      feeInstallments,
      and(
        eq(feeInstallments.instituteId, studentInstallments.instituteId),
        eq(feeInstallments.id, studentInstallments.installmentId),
      ),
    )
    .innerJoin(
      feeStructures,
      and(
        eq(feeStructures.instituteId, feeInstallments.instituteId),
        eq(feeStructures.id, feeInstallments.structureId),
      ),
    )
    .leftJoin(
      standards,
      and(eq(standards.instituteId, feeStructures.instituteId), eq(standards.id, feeStructures.standardId)),
    )
    .leftJoin(batches, and(eq(batches.instituteId, feeStructures.instituteId), eq(batches.id, feeStructures.batchId)))
    .where(where)
    .orderBy(asc(feeInstallments.installNo), asc(studentInstallments.id));

/** Every part of a student's payments: what each paid towards one installment, first payment first. */
const selectAllocations = (db: Db, where: SQL | undefined) =>
  db
    .select({
      paymentId: feePayments.id,
      receiptNo: feePayments.receiptNo,
      mode: feePayments.mode,
      paidAt: feePayments.paidAt,
      financialYear: feePayments.financialYear,
      studentInstallmentId: feePaymentAllocations.studentInstallmentId,
      amount: feePaymentAllocations.amount,
      fine: feePaymentAllocations.fine,
    })
    .from(feePayments)
    .innerJoin(
      feePaymentAllocations,
      and(
        eq(feePaymentAllocations.instituteId, feePayments.instituteId),
        eq(feePaymentAllocations.paymentId, feePayments.id),
      ),
    )
    .where(where)
    .orderBy(asc(feePayments.paidAt), asc(feePayments.id));

/** One student of one institute (the leading columns of the student's fee indexes). */
const ofStudent = (table: typeof studentInstallments | typeof feePayments) => [
  eq(table.instituteId, p('instituteId')),
  eq(table.studentId, p('studentId')),
];

type InstallmentRow = StudentInstallmentRow & { lateFineAmount: number | null };

const yearInstallmentsQuery = prepared((db) =>
  selectInstallments(
    db,
    // The (institute_id, student_id, academic_year_id) index.
    and(...ofStudent(studentInstallments), eq(studentInstallments.academicYearId, p('academicYearId'))),
  ).prepare('fees_student_installments'),
);

/** A student's installments in one year, with the structure's standard or batch and its late fine setting. */
export const findStudentInstallments = (
  db: Db,
  values: { instituteId: number; studentId: number; academicYearId: number },
): Promise<InstallmentRow[]> => yearInstallmentsQuery(db, values);

const installmentsDueBetweenQuery = prepared((db) =>
  selectInstallments(
    db,
    // The (institute_id, student_id, …) prefix of the same index: a student has a few installments a year.
    and(...ofStudent(studentInstallments), between(feeInstallments.dueDate, p('from'), p('to'))),
  ).prepare('fee_ledger_installments_due_between'),
);

/** A student's installments of any year due between two dates (both included, institute calendar days). */
export const findInstallmentsDueBetween = (
  db: Db,
  values: { instituteId: number; studentId: number; from: IsoDate; to: IsoDate },
): Promise<InstallmentRow[]> => installmentsDueBetweenQuery(db, values);

/** Some installments of a student, by id (what a payment covers). */
export const findInstallmentsById = (
  db: Db,
  { instituteId, studentId, ids }: { instituteId: number; studentId: number; ids: number[] },
): Promise<InstallmentRow[]> =>
  selectInstallments(
    db,
    and(
      eq(studentInstallments.instituteId, instituteId),
      eq(studentInstallments.studentId, studentId),
      inArray(studentInstallments.id, ids),
    ),
  );

const yearAllocationsQuery = prepared((db) =>
  selectAllocations(
    db,
    // The (institute_id, student_id, academic_year_id, paid_at) index; allocations by their primary key.
    and(...ofStudent(feePayments), eq(feePayments.academicYearId, p('academicYearId'))),
  ).prepare('fees_student_allocations'),
);

/** Every part of every payment of a student's year, first payment first. */
export const findStudentAllocations = (
  db: Db,
  values: { instituteId: number; studentId: number; academicYearId: number },
): Promise<AllocationRow[]> => yearAllocationsQuery(db, values);

const allAllocationsQuery = prepared((db) =>
  // The (institute_id, student_id, …) prefix of the same index.
  selectAllocations(db, and(...ofStudent(feePayments))).prepare('fee_ledger_student_allocations'),
);

/** Every part of every payment of a student, all years (a few a year). */
export const findAllStudentAllocations = (
  db: Db,
  values: { instituteId: number; studentId: number },
): Promise<AllocationRow[]> => allAllocationsQuery(db, values);
