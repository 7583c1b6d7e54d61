// Test rows of the fees area (see ./institutes.ts for the conventions).
import type { Db } from '../../src/db/client.ts';
import type { Storage } from '../../src/lib/storage.ts';
import * as feesWriter from '../../src/features/fees/index.ts';
import type { NewPayment } from '../../src/features/fees/index.ts';
import { fixedNow } from '../template.ts';
import { nextNumber, type TestInstitute } from './institutes.ts';

/**
 * A fee structure of one year linked to the institute's standard (or its batch), with the student's share of each
 * installment; answers the student-installment ids in installment order. Amounts in paise.
 */
export async function createFeePlan(
  db: Db,
  institute: TestInstitute,
  studentId: number,
  {
    installments,
    year = 'current',
    linkTo = 'standard',
    lateFineAmount = null,
  }: {
    installments: { due: string; amount: number; discount?: number; tax?: number; fine?: number; badDebt?: number }[];
    year?: 'current' | 'previous';
    linkTo?: 'standard' | 'batch' | 'none';
    lateFineAmount?: number | null;
  },
) {
  const academicYear = year === 'current' ? institute.currentYear : institute.previousYear;
  return feesWriter.createFeePlan(db, {
    instituteId: institute.id,
    academicYearId: academicYear.id,
    studentId,
    name: `Fees ${nextNumber()}`,
    standardId: linkTo === 'standard' ? institute.standardId : null,
    batchId: linkTo === 'batch' ? academicYear.batchId : null,
    lateFineAmount,
    installments,
  });
}

/** A payment with its receipt PDF, issued as the server issues every receipt (unique receipt number unless given). */
export function createFeePayment(
  db: Db,
  storage: Storage,
  institute: TestInstitute,
  payment: Omit<NewPayment, 'instituteId' | 'receiptNo' | 'academicYearId' | 'mode' | 'paidAt'> &
    Partial<Pick<NewPayment, 'receiptNo' | 'mode' | 'paidAt'>> & { year?: 'current' | 'previous' },
) {
  const { year = 'current', ...rest } = payment;
  return feesWriter.recordPayment(
    db,
    storage,
    {
      instituteId: institute.id,
      academicYearId: (year === 'current' ? institute.currentYear : institute.previousYear).id,
      receiptNo: `R-${nextNumber()}`,
      mode: 'Cash',
      paidAt: fixedNow,
      ...rest,
    },
    { origin: `http://${institute.host}` },
  );
}
