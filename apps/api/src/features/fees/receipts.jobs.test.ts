import { readdirSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFeePlan } from '../../../test/factories/fees.ts';
import { createInstitute, createStudent } from '../../../test/factories/institutes.ts';
import { closedAfterEach, createTestApp, fixedNow } from '../../../test/helpers.ts';
import { waitForJobs } from '../../../test/jobs.ts';
import { feeReceipts } from '../../db/schema/fees.ts';
import { enqueueReceipts, recordPaymentToDraw } from './index.ts';
import { receiptRenderSweepJob } from './receipts.jobs.ts';
import { receiptCopyKey } from './receipts.ts';

/**
 * Receipts drawn in the background (issue 30): a payment recorded to draw later has its code at once and its PDF
 * from the receipt-render job, drawn for the address it was recorded through, once, and found again by downloads.
 */
describe('the receipt-render job', () => {
  const apps = closedAfterEach<Awaited<ReturnType<typeof createTestApp>>>();

  async function schoolWithPayments(count: number) {
    const app = await createTestApp();
    apps.push(app);
    const school = await createInstitute(app.db, { host: 'receipts.test', isFeeReceiptEnabled: true });
    const student = await createStudent(app.db, school);
    const installments = await createFeePlan(app.db, school, student.studentId, {
      installments: Array.from({ length: count }, (_, index) => ({ due: `2026-0${index + 1}-10`, amount: 100_000 })),
    });
    const payments = [];
    for (const [index, installment] of installments.entries()) {
      payments.push(
        await recordPaymentToDraw(
          app.db,
          {
            instituteId: school.id,
            studentId: student.studentId,
            academicYearId: school.currentYear.id,
            receiptNo: `RJ-${index}`,
            mode: 'Cash',
            paidAt: fixedNow,
            parts: [{ studentInstallmentId: installment, amount: 100_000 }],
          },
          { origin: 'https://Receipts.test:443' },
        ),
      );
    }
    const receipts = () => app.db.select().from(feeReceipts).where(eq(feeReceipts.instituteId, school.id));
    const stored = () =>
      readdirSync((app.storage as unknown as { root: string }).root, { recursive: true, withFileTypes: true }).filter(
        (entry) => entry.isFile() && entry.name.endsWith('.pdf') && !entry.parentPath.includes('.tmp'),
      ).length;
    return { app, school, payments, receipts, stored };
  }

  it('draws each receipt once, for the address its payment was recorded through, and notes its PDF', async () => {
    const { app, school, payments, receipts, stored } = await schoolWithPayments(3);
    expect((await receipts()).map((receipt) => receipt.pdfFileKey)).toEqual([null, null, null]);
    expect(stored()).toBe(0);
    // Three enqueues while one waits: one job, which draws all three.
    await Promise.all([1, 2, 3].map(() => enqueueReceipts(app.jobs, school.id)));
    await waitForJobs(app.jobs);
    const drawn = await receipts();
    expect(drawn.map((receipt) => receipt.pdfFileKey)).toEqual(
      payments.map((payment) =>
        receiptCopyKey(
          { instituteId: school.id, paymentId: payment.paymentId, verificationCode: payment.verificationCode },
          'https://receipts.test',
        ),
      ),
    );
    expect(stored()).toBe(3);
    // Again: everything has its PDF, nothing is drawn twice.
    await enqueueReceipts(app.jobs, school.id);
    await waitForJobs(app.jobs);
    expect(stored()).toBe(3);
    expect(await receipts()).toEqual(drawn);
  });

  it('the minute’s sweep enqueues the institutes whose receipts wait (a process stopped before it enqueued)', async () => {
    const { app, school, receipts, stored } = await schoolWithPayments(2);
    await receiptRenderSweepJob.run(app, {});
    await waitForJobs(app.jobs);
    expect((await receipts()).every((receipt) => receipt.pdfFileKey?.endsWith('.pdf'))).toBe(true);
    expect(stored()).toBe(2);
    const [first] = await app.db
      .select({ key: feeReceipts.pdfFileKey })
      .from(feeReceipts)
      .where(and(eq(feeReceipts.instituteId, school.id)));
    const { size } = await app.storage.open(first!.key!);
    expect(size).toBeGreaterThan(1000);
  });
});
