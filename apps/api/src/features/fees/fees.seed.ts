import { addDays } from '@campus/domain/calendar/calendar';
import { financialYearOf } from '@campus/domain/fees/fees-rules';
import { and, asc, eq } from 'drizzle-orm';
import { createFeePlan, recordPayment } from './index.ts';
import { academicYears, batches } from '../../db/schema/academics.ts';
import { institutes } from '../../db/schema/institutes.ts';
import { enrolments } from '../../db/schema/users.ts';
import type { DemoContext, DemoInstitute, Tx } from '../../db/seed/context.ts';
import { demoLogins } from '../../db/seed/demo-accounts.ts';

const rupees = (amount: number) => amount * 100;
/** A payment at 10:30 in Kolkata on `date`. */
const paidOn = (date: string) => new Date(`${date}T05:00:00Z`);

interface Plan {
  tx: Tx;
  storage: DemoContext['storage'];
  institute: DemoInstitute;
  /**
   * Receipt number prefix, and the portal address of the copy drawn when a payment is recorded: downloads draw the
   * receipt again for the address the reader reached (features/fees/receipts.ts receiptCopyFor), so no port is assumed here.
   */
  prefix: string;
  origin: string;
  /** Link fee structures to the student's standard (schools) or batch (coaching). */
  linkTo: 'standard' | 'batch';
  lateFine: number | null;
}

/** One installment of a student's plan: due date, amount, fine levied, and what is paid towards it by which payment. */
interface InstallmentPlan {
  due: string;
  amount: number;
  discount?: number;
  fine?: number;
  /** Written off as bad debt. */
  badDebt?: number;
}

/** A payment of the plan: on a date, in a mode, paying installments (by index) amount and fine. */
interface PaymentPlan {
  on: string;
  mode: string;
  parts: { installment: number; amount: number; fine?: number }[];
}

/** The institute's years, previous then current. */
async function yearsOf(tx: Tx, instituteId: number) {
  const rows = await tx
    .select({ id: academicYears.id, startDate: academicYears.startDate })
    .from(academicYears)
    .where(eq(academicYears.instituteId, instituteId))
    .orderBy(asc(academicYears.startDate));
  return { previous: rows[0]!, current: rows[rows.length - 1]! };
}

/** The student's batch and standard in a year. */
async function placeOf(tx: Tx, instituteId: number, studentId: number, academicYearId: number) {
  const [row] = await tx
    .select({ batchId: batches.id, standardId: batches.standardId })
    .from(enrolments)
    .innerJoin(batches, and(eq(batches.instituteId, enrolments.instituteId), eq(batches.id, enrolments.batchId)))
    .where(
      and(
        eq(enrolments.instituteId, instituteId),
        eq(enrolments.studentId, studentId),
        eq(enrolments.academicYearId, academicYearId),
      ),
    );
  if (!row) throw new Error(`student ${studentId} has no place in year ${academicYearId}`);
  return row;
}

let receiptSequence = 0; // reset by each seed run

/** Writes one student's fee structure for a year (shared by the standard or batch) and the payments made. */
async function seedStudentYear(
  plan: Plan,
  studentId: number,
  academicYearId: number,
  installments: InstallmentPlan[],
  payments: PaymentPlan[],
) {
  const { tx, institute } = plan;
  const place = await placeOf(tx, institute.id, studentId, academicYearId);
  const studentRows = await createFeePlan(tx, {
    instituteId: institute.id,
    academicYearId,
    studentId,
    name: 'Annual fees',
    standardId: plan.linkTo === 'standard' ? place.standardId : null,
    batchId: plan.linkTo === 'batch' ? place.batchId : null,
    lateFineAmount: plan.lateFine,
    installments,
  });
  for (const payment of payments) {
    receiptSequence += 1;
    await recordPayment(
      tx,
      plan.storage,
      {
        instituteId: institute.id,
        studentId,
        academicYearId,
        receiptNo: `${plan.prefix}-${financialYearOf(payment.on).replace('-', '')}-${String(receiptSequence).padStart(4, '0')}`,
        mode: payment.mode,
        paidAt: paidOn(payment.on),
        parts: payment.parts.map((part) => ({
          studentInstallmentId: studentRows[part.installment]!,
          amount: part.amount,
          fine: part.fine ?? 0,
        })),
      },
      { origin: plan.origin, logo: 'load' },
    );
  }
}

/**
 * Fees for both demo institutes. Greenfield (school, receipts on, late fine Rs 500): Aarav's current year has a
 * paid, a part-paid and fined overdue, an overdue, and two due installments (the first in two days); his previous year is paid in full (one
 * payment covering two installments); 9000000009 (Rohan, whose login is refused for dues) and Diya owe fees (Diya's next due in three days); a
 * generated student has one receipt. Apex (coaching, structures by batch, no fine, receipts off): Neha has a paid,
 * an overdue and a due installment. Receipt PDFs are rendered here through the same code as any payment.
 */
export async function seed({ tx, storage, today, institutes: { greenfield, apex } }: DemoContext): Promise<void> {
  receiptSequence = 0;
  const g = await yearsOf(tx, greenfield.id);
  const school: Plan = {
    tx,
    storage,
    institute: greenfield,
    prefix: 'GPS',
    origin: 'http://localhost',
    linkTo: 'standard',
    lateFine: rupees(500),
  };
  const term = rupees(15_000);
  const currentYear = (fined: boolean): InstallmentPlan[] => [
    { due: addDays(g.current.startDate, 9), amount: term, discount: rupees(1_000) },
    { due: addDays(today, -40), amount: term, fine: fined ? rupees(500) : 0 },
    { due: addDays(today, -5), amount: term, fine: fined ? rupees(500) : 0 },
    { due: addDays(today, 20), amount: term },
    { due: addDays(today, 80), amount: term },
  ];
  const aarav = greenfield.account(demoLogins.greenfieldStudent, 1).studentId!;
  // Aarav's next installment falls due in two days (and Diya's in three): whenever the demo is seeded, the alerts
  // area finds a fee due soon for each of 9000000002's children (issue 31).
  const aaravYear = currentYear(true).map((item, index) => (index === 3 ? { ...item, due: addDays(today, 2) } : item));
  await seedStudentYear(school, aarav, g.current.id, aaravYear, [
    { on: addDays(g.current.startDate, 5), mode: 'UPI', parts: [{ installment: 0, amount: term - rupees(1_000) }] },
    { on: addDays(today, -30), mode: 'Cash', parts: [{ installment: 1, amount: rupees(8_000) }] },
  ]);
  const previousTerm = rupees(14_000);
  await seedStudentYear(
    school,
    aarav,
    g.previous.id,
    [
      { due: addDays(g.previous.startDate, 9), amount: previousTerm },
      { due: addDays(g.previous.startDate, 130), amount: previousTerm, fine: rupees(500) },
      { due: addDays(g.previous.startDate, 250), amount: previousTerm },
      // The two states no payment reaches (spec part 2 §4): a scholarship's whole discount, and a written-off sum.
      // Neither is listed under Due Details (nothing is due), but the year's answer carries both.
      { due: addDays(g.previous.startDate, 280), amount: previousTerm, discount: previousTerm },
      { due: addDays(g.previous.startDate, 310), amount: rupees(2_000), badDebt: rupees(2_000) },
    ],
    [
      { on: addDays(g.previous.startDate, 8), mode: 'Cheque', parts: [{ installment: 0, amount: previousTerm }] },
      {
        on: addDays(g.previous.startDate, 140),
        mode: 'Online',
        parts: [
          { installment: 1, amount: previousTerm, fine: rupees(500) },
          { installment: 2, amount: previousTerm },
        ],
      },
    ],
  );
  const rohan = greenfield.account(demoLogins.greenfieldFeeDues, 1).studentId!;
  await seedStudentYear(school, rohan, g.current.id, currentYear(true), [
    { on: addDays(g.current.startDate, 12), mode: 'Cash', parts: [{ installment: 0, amount: term - rupees(1_000) }] },
  ]);
  const diya = greenfield.account(demoLogins.greenfieldSecondChild, 1).studentId!;
  // Diya's next installment falls due in three days: a parent's Today lists it under fees due this week (issue 31).
  const diyaYear = currentYear(false).map((item, index) => (index === 3 ? { ...item, due: addDays(today, 3) } : item));
  await seedStudentYear(school, diya, g.current.id, diyaYear, [
    { on: addDays(g.current.startDate, 3), mode: 'Card', parts: [{ installment: 0, amount: term - rupees(1_000) }] },
    { on: addDays(today, -45), mode: 'UPI', parts: [{ installment: 1, amount: term }] },
  ]);
  const generated = greenfield.account('9800000000', 1).studentId!;
  await seedStudentYear(school, generated, g.current.id, currentYear(false).slice(0, 2), [
    { on: addDays(g.current.startDate, 4), mode: 'Cash', parts: [{ installment: 0, amount: term - rupees(1_000) }] },
  ]);

  // Apex shows the Batch column: its fee structures are linked to batches.
  await tx.update(institutes).set({ isFeeStructLinked: true }).where(eq(institutes.id, apex.id));
  const a = await yearsOf(tx, apex.id);
  const coaching: Plan = {
    tx,
    storage,
    institute: apex,
    prefix: 'APX',
    origin: 'http://apex.localhost',
    linkTo: 'batch',
    lateFine: null,
  };
  const neha = apex.account(demoLogins.apexStudent, 1).studentId!;
  const course = rupees(45_000);
  await seedStudentYear(
    coaching,
    neha,
    a.current.id,
    [
      { due: addDays(a.current.startDate, 14), amount: course },
      { due: addDays(today, -10), amount: course },
      { due: addDays(today, 45), amount: course },
    ],
    [{ on: addDays(a.current.startDate, 10), mode: 'Online', parts: [{ installment: 0, amount: course }] }],
  );
}
