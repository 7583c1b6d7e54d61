import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { academicYears, batches, standards } from './academics.ts';
import { institutes } from './institutes.ts';
import { students } from './users.ts';

const instituteRef = () =>
  integer()
    .notNull()
    .references(() => institutes.id, { onDelete: 'cascade' });

/**
 * A fee structure of one academic year (spec part 2 §2.7, §3), linked to a standard (schools) or a batch (coaching
 * institutes), or to neither. Every amount in this file is a whole number of minor units (paise).
 */
export const feeStructures = pgTable(
  'fee_structures',
  {
    instituteId: instituteRef(),
    id: integer().generatedAlwaysAsIdentity(),
    academicYearId: integer().notNull(),
    name: text().notNull(),
    standardId: integer(),
    batchId: integer(),
    /** The late fine an overdue installment is charged; null when no fine is configured. */
    lateFineAmount: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    foreignKey({
      columns: [t.instituteId, t.academicYearId],
      foreignColumns: [academicYears.instituteId, academicYears.id],
    }),
    foreignKey({ columns: [t.instituteId, t.standardId], foreignColumns: [standards.instituteId, standards.id] }),
    foreignKey({ columns: [t.instituteId, t.batchId], foreignColumns: [batches.instituteId, batches.id] }),
    check('fee_structures_late_fine', sql`${t.lateFineAmount} is null or ${t.lateFineAmount} >= 0`),
  ],
);

/** An installment of a fee structure: its number, due date and amount. */
export const feeInstallments = pgTable(
  'fee_installments',
  {
    instituteId: instituteRef(),
    id: integer().generatedAlwaysAsIdentity(),
    structureId: integer().notNull(),
    installNo: smallint().notNull(),
    /** Calendar date in the institute's time zone. */
    dueDate: date({ mode: 'string' }).notNull(),
    amount: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    foreignKey({
      columns: [t.instituteId, t.structureId],
      foreignColumns: [feeStructures.instituteId, feeStructures.id],
    }).onDelete('cascade'),
    uniqueIndex().on(t.instituteId, t.structureId, t.installNo),
    check('fee_installments_amount', sql`${t.amount} >= 0`),
  ],
);

/**
 * A student's share of an installment: the structure's amount with the student's discount and tax, the fine
 * levied when it went overdue, and any amount written off as bad debt. Read by "a student's year".
 */
export const studentInstallments = pgTable(
  'student_installments',
  {
    instituteId: instituteRef(),
    id: integer().generatedAlwaysAsIdentity(),
    studentId: integer().notNull(),
    academicYearId: integer().notNull(),
    installmentId: integer().notNull(),
    initialAmount: integer().notNull(),
    discountAmount: integer().notNull().default(0),
    taxAmount: integer().notNull().default(0),
    fineAmount: integer().notNull().default(0),
    badDebtAmount: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    foreignKey({ columns: [t.instituteId, t.studentId], foreignColumns: [students.instituteId, students.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.instituteId, t.installmentId],
      foreignColumns: [feeInstallments.instituteId, feeInstallments.id],
    }),
    foreignKey({
      columns: [t.instituteId, t.academicYearId],
      foreignColumns: [academicYears.instituteId, academicYears.id],
    }),
    // The fees screen's lookup: one student's installments in one year.
    index().on(t.instituteId, t.studentId, t.academicYearId),
    uniqueIndex().on(t.instituteId, t.studentId, t.installmentId),
    // Fee alerts (features/alerts): every student's share of the installments due or overdue.
    index('student_installments_of_installment').on(t.instituteId, t.installmentId),
    check(
      'student_installments_amounts',
      sql`${t.initialAmount} >= 0 and ${t.discountAmount} >= 0 and ${t.taxAmount} >= 0 and ${t.fineAmount} >= 0 and ${t.badDebtAmount} >= 0`,
    ),
  ],
);

/** A payment by or for a student: one receipt number, unique in the institute. */
export const feePayments = pgTable(
  'fee_payments',
  {
    instituteId: instituteRef(),
    id: integer().generatedAlwaysAsIdentity(),
    studentId: integer().notNull(),
    academicYearId: integer().notNull(),
    receiptNo: text().notNull(),
    /** Cash, Cheque, UPI, Card, Online, … */
    mode: text().notNull(),
    /** Everything paid, fines included: the sum of its allocations. */
    amount: integer().notNull(),
    /** Indian financial year of the payment date, `2026-27`. */
    financialYear: text().notNull(),
    paidAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    foreignKey({ columns: [t.instituteId, t.studentId], foreignColumns: [students.instituteId, students.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.instituteId, t.academicYearId],
      foreignColumns: [academicYears.instituteId, academicYears.id],
    }),
    uniqueIndex().on(t.instituteId, t.receiptNo),
    // Payment history: one student's payments in one year, by time.
    index().on(t.instituteId, t.studentId, t.academicYearId, t.paidAt),
    check('fee_payments_amount', sql`${t.amount} > 0`),
  ],
);

/** What one payment paid towards one installment (amount and fine). */
export const feePaymentAllocations = pgTable(
  'fee_payment_allocations',
  {
    instituteId: instituteRef(),
    paymentId: integer().notNull(),
    studentInstallmentId: integer().notNull(),
    amount: integer().notNull(),
    fine: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.paymentId, t.studentInstallmentId] }),
    foreignKey({
      columns: [t.instituteId, t.paymentId],
      foreignColumns: [feePayments.instituteId, feePayments.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.instituteId, t.studentInstallmentId],
      foreignColumns: [studentInstallments.instituteId, studentInstallments.id],
    }).onDelete('cascade'),
    index().on(t.instituteId, t.studentInstallmentId),
    check('fee_payment_allocations_amounts', sql`${t.amount} >= 0 and ${t.fine} >= 0`),
  ],
);

/**
 * The receipt of a payment, issued when the payment is recorded: the verification code its QR code carries (long,
 * random, unique everywhere) and the storage key of its PDF as drawn for the address the payment was recorded
 * through. A payment recorded through the admin API gets its PDF from the `receipt-render` job a moment later
 * (`pdfFileKey` null until then, `origin` the address to draw it for); the seed and the import draw it at once.
 */
export const feeReceipts = pgTable(
  'fee_receipts',
  {
    instituteId: instituteRef(),
    paymentId: integer().notNull(),
    pdfFileKey: text(),
    verificationCode: text().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    /** The portal address (scheme and host) the payment was recorded through: the receipt's QR code opens it. */
    origin: text(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.paymentId] }),
    foreignKey({
      columns: [t.instituteId, t.paymentId],
      foreignColumns: [feePayments.instituteId, feePayments.id],
    }).onDelete('cascade'),
    uniqueIndex().on(t.instituteId, t.verificationCode),
    // The receipt-render job's sweep: receipts still to draw, a few at any time.
    index('fee_receipts_to_draw')
      .on(t.instituteId, t.paymentId)
      .where(sql`${t.pdfFileKey} is null`),
  ],
);
