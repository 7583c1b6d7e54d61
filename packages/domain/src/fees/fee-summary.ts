import { dateInZone, type IsoDate } from '../calendar/index.ts';
import type { AllInstallment, FeeSummary, PaymentInstallment } from './fees.contract.ts';
import { dueInstallments, isOverdue } from './fees-rules.ts';

/** One installment of a student's year as stored (amounts in minor units). */
export interface StudentInstallmentRow {
  id: number;
  installNo: number;
  /** `YYYY-MM-DD`. */
  dueDate: string;
  standardName: string | null;
  batchName: string | null;
  initialAmount: number;
  discountAmount: number;
  taxAmount: number;
  /** Fine levied on it (0 when none). */
  fineAmount: number;
  badDebtAmount: number;
}

/** One part of a payment: what it paid towards one installment (amount and fine, minor units). */
export interface AllocationRow {
  paymentId: number;
  receiptNo: string;
  mode: string;
  paidAt: Date;
  financialYear: string;
  studentInstallmentId: number;
  amount: number;
  fine: number;
}

/** What has been paid towards each installment (amount and fine apart, minor units), by student installment id. */
function paidByInstallment(
  allocations: readonly Pick<AllocationRow, 'studentInstallmentId' | 'amount' | 'fine'>[],
): Map<number, { amount: number; fine: number }> {
  const paid = new Map<number, { amount: number; fine: number }>();
  for (const part of allocations) {
    const sum = paid.get(part.studentInstallmentId) ?? { amount: 0, fine: 0 };
    sum.amount += part.amount;
    sum.fine += part.fine;
    paid.set(part.studentInstallmentId, sum);
  }
  return paid;
}

/** One installment as the summary lists it: its total, what is paid, the balance and fine still due, its state. */
function installmentItem(
  row: StudentInstallmentRow,
  sums: { amount: number; fine: number } = { amount: 0, fine: 0 },
  now: Date,
  timeZone: string,
): AllInstallment {
  const total = row.initialAmount - row.discountAmount + row.taxAmount;
  const due = Math.max(0, total - sums.amount - row.badDebtAmount);
  const fineDue = Math.max(0, row.fineAmount - sums.fine);
  const settled = due === 0 && fineDue === 0;
  return {
    install_no: row.installNo,
    d_date: row.dueDate,
    stnd_n: row.standardName,
    c_n: row.batchName,
    t_amount: total,
    d_amount: due,
    balance_fine: fineDue,
    p_status: settled && row.badDebtAmount === 0 ? 'Y' : 'N',
    p_amount: sums.amount,
    bad_debt_amount: row.badDebtAmount,
    initial_amount: row.initialAmount,
    tax_amount: row.taxAmount,
    disc_amount: row.discountAmount,
    fine_amount: row.fineAmount,
    is_overdue: !settled && row.badDebtAmount === 0 && isOverdue(row.dueDate, now, timeZone),
  };
}

/**
 * The fee summary of a student's year from its stored rows (spec part 2 §3): every installment with what is paid
 * and left, every payment with the balance it left on the installments it covered, and totals that are the sums
 * of those rows. A payment's rows arrive in any order; payments are listed by time, first first.
 */
export function summarizeFees(
  installments: readonly StudentInstallmentRow[],
  allocations: readonly AllocationRow[],
  { isFineConfigured, now, timeZone }: { isFineConfigured: boolean; now: Date; timeZone: string },
): FeeSummary {
  const paid = paidByInstallment(allocations);
  const byId = new Map(installments.map((row) => [row.id, row]));
  const ordered = [...installments].sort((a, b) => a.installNo - b.installNo || a.id - b.id);

  const a_install_li: AllInstallment[] = ordered.map((row) => installmentItem(row, paid.get(row.id), now, timeZone));

  // Payments in time order; each one's balance is what its installments still owed right after it.
  const payments = new Map<number, AllocationRow[]>();
  for (const part of [...allocations].sort(
    (a, b) => a.paidAt.getTime() - b.paidAt.getTime() || a.paymentId - b.paymentId,
  )) {
    const parts = payments.get(part.paymentId) ?? [];
    parts.push(part);
    payments.set(part.paymentId, parts);
  }
  const paidSoFar = new Map<number, number>();
  const p_install_li: PaymentInstallment[] = [...payments.values()].map((parts) => {
    const first = parts[0]!;
    for (const part of parts) {
      paidSoFar.set(
        part.studentInstallmentId,
        (paidSoFar.get(part.studentInstallmentId) ?? 0) + part.amount + part.fine,
      );
    }
    const covered = [...new Set(parts.map((part) => part.studentInstallmentId))]
      .map((id) => byId.get(id))
      .filter((row): row is StudentInstallmentRow => row !== undefined)
      .sort((a, b) => a.installNo - b.installNo);
    const balance = covered.reduce(
      (sum, row) =>
        sum +
        Math.max(
          0,
          row.initialAmount -
            row.discountAmount +
            row.taxAmount +
            row.fineAmount -
            row.badDebtAmount -
            (paidSoFar.get(row.id) ?? 0),
        ),
      0,
    );
    return {
      install_nos: covered.map((row) => row.installNo).join(', '),
      p_date: dateInZone(first.paidAt, timeZone),
      stnd_n: covered[0]?.standardName ?? null,
      c_n: covered[0]?.batchName ?? null,
      p_method: first.mode,
      f_rec_no: first.receiptNo,
      p_amount: parts.reduce((sum, part) => sum + part.amount + part.fine, 0),
      d_amount: balance,
      financial_yr: first.financialYear,
    };
  });

  return {
    total_fee_amount: a_install_li.reduce((sum, row) => sum + row.t_amount + row.fine_amount, 0),
    total_paid_amount: p_install_li.reduce((sum, row) => sum + row.p_amount, 0),
    total_unpaid_amount: a_install_li.reduce((sum, row) => sum + row.d_amount + row.balance_fine, 0),
    is_fine_configured: isFineConfigured,
    p_install_li,
    a_install_li,
  };
}

/** An installment the student still owes, as the calendar feed shows it on its due date. */
export interface FeeDue {
  /** The student installment's id (stable: the calendar event's uid). */
  id: number;
  installNo: number;
  dueDate: IsoDate;
  /** What is left to pay: the balance and the fine still due (minor units), not the original amount. */
  balance: number;
}

/**
 * The installments still owing, by the rule of Due Details (neither paid nor bad debt, balance plus fine above zero,
 * spec part 2 §4), each with what is left. `allocations` may cover other installments or years too: only the
 * parts paying towards the given installments count.
 */
export function feeDues(
  installments: readonly StudentInstallmentRow[],
  allocations: readonly Pick<AllocationRow, 'studentInstallmentId' | 'amount' | 'fine'>[],
  { now, timeZone }: { now: Date; timeZone: string },
): FeeDue[] {
  const paid = paidByInstallment(allocations);
  const items = installments.map((row) => ({ id: row.id, ...installmentItem(row, paid.get(row.id), now, timeZone) }));
  return dueInstallments(items).map((item) => ({
    id: item.id,
    installNo: item.install_no,
    dueDate: item.d_date,
    balance: item.d_amount + item.balance_fine,
  }));
}
