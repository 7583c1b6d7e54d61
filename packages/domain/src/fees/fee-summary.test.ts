import { describe, expect, it } from 'vitest';
import { feeDues, summarizeFees, type AllocationRow, type StudentInstallmentRow } from './fee-summary.ts';

const now = new Date('2026-11-21T12:00:00+05:30');
const zone = 'Asia/Kolkata';
const installment = (id: number, overrides: Partial<StudentInstallmentRow> = {}): StudentInstallmentRow => ({
  id,
  installNo: id,
  dueDate: '2026-12-10',
  standardName: 'Class 6',
  batchName: null,
  initialAmount: 1_000_000,
  discountAmount: 0,
  taxAmount: 0,
  fineAmount: 0,
  badDebtAmount: 0,
  ...overrides,
});
const part = (
  paymentId: number,
  studentInstallmentId: number,
  amount: number,
  fine = 0,
  day = '2026-06-01',
): AllocationRow => ({
  paymentId,
  receiptNo: `R-${paymentId}`,
  mode: 'Cash',
  paidAt: new Date(`${day}T10:00:00+05:30`),
  financialYear: '2026-27',
  studentInstallmentId,
  amount,
  fine,
});

describe('summarizeFees', () => {
  const summary = summarizeFees(
    [
      installment(1, { dueDate: '2026-04-10' }),
      installment(2, { dueDate: '2026-07-10', fineAmount: 50_000 }),
      installment(3, { dueDate: '2026-11-19', discountAmount: 100_000, taxAmount: 18_000 }),
      installment(4, { dueDate: '2027-01-10' }),
    ],
    [
      part(1, 1, 1_000_000, 0, '2026-04-05'),
      part(2, 2, 400_000, 0, '2026-07-20'),
      part(3, 2, 100_000, 50_000, '2026-08-01'),
    ],
    { isFineConfigured: true, now, timeZone: zone },
  );

  it('works out each installment: paid, part-paid with a fine, discounted and taxed, overdue', () => {
    expect(
      summary.a_install_li.map((row) => [
        row.install_no,
        row.t_amount,
        row.p_amount,
        row.d_amount,
        row.balance_fine,
        row.p_status,
        row.is_overdue,
      ]),
    ).toEqual([
      [1, 1_000_000, 1_000_000, 0, 0, 'Y', false],
      [2, 1_000_000, 500_000, 500_000, 0, 'N', true],
      [3, 918_000, 0, 918_000, 0, 'N', true],
      [4, 1_000_000, 0, 1_000_000, 0, 'N', false],
    ]);
  });

  it('lists payments in time order with the balance each left on its installments', () => {
    expect(
      summary.p_install_li.map((row) => [row.f_rec_no, row.install_nos, row.p_date, row.p_amount, row.d_amount]),
    ).toEqual([
      ['R-1', '1', '2026-04-05', 1_000_000, 0],
      ['R-2', '2', '2026-07-20', 400_000, 650_000],
      ['R-3', '2', '2026-08-01', 150_000, 500_000],
    ]);
  });

  it('totals are the sums of the rows', () => {
    expect(summary.total_paid_amount).toBe(1_550_000);
    expect(summary.total_unpaid_amount).toBe(500_000 + 918_000 + 1_000_000);
    expect(summary.total_fee_amount).toBe(summary.total_paid_amount + summary.total_unpaid_amount);
  });

  it('answers an empty year with zeros', () => {
    expect(summarizeFees([], [], { isFineConfigured: false, now, timeZone: zone })).toEqual({
      total_fee_amount: 0,
      total_paid_amount: 0,
      total_unpaid_amount: 0,
      is_fine_configured: false,
      p_install_li: [],
      a_install_li: [],
    });
  });
});

describe('feeDues (the calendar feed)', () => {
  const dues = feeDues(
    [
      installment(1, { dueDate: '2026-11-15' }),
      installment(2, { dueDate: '2026-11-25', fineAmount: 50_000 }),
      installment(3, { dueDate: '2026-12-10' }),
      installment(4, { dueDate: '2026-12-20', badDebtAmount: 1_000_000 }),
      installment(5, { id: 50, dueDate: '2027-01-10', discountAmount: 100_000, taxAmount: 18_000 }),
    ],
    [
      part(1, 1, 1_000_000),
      part(2, 2, 250_000),
      // A part paying towards an installment of another year is ignored.
      part(3, 99, 400_000),
      part(4, 50, 18_000),
    ],
    { now, timeZone: zone },
  );

  it('lists what is still owed, balance and fine, leaving out paid and bad-debt installments', () => {
    expect(dues).toEqual([
      { id: 2, installNo: 2, dueDate: '2026-11-25', balance: 750_000 + 50_000 },
      { id: 3, installNo: 3, dueDate: '2026-12-10', balance: 1_000_000 },
      { id: 50, installNo: 5, dueDate: '2027-01-10', balance: 900_000 },
    ]);
  });

  it('lists an installment whose balance is paid but whose fine is not', () => {
    expect(feeDues([installment(1, { fineAmount: 20_000 })], [part(1, 1, 1_000_000)], { now, timeZone: zone })).toEqual(
      [{ id: 1, installNo: 1, dueDate: '2026-12-10', balance: 20_000 }],
    );
  });
});
