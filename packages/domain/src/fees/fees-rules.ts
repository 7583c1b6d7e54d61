import { addDays, dateInZone, type IsoDate } from '../calendar/index.ts';

/** Minor units (paise) in one rupee: every amount travels and is stored as a whole number of paise. */
export const minorPerMajor = 100;

/** The fees tab loader (spec part 2 §2.7, §9). */
export const feesTabLoaderMs = 800;

/** Messages and labels of the fees screen, verbatim from the spec (part 2 §2.7). */
export const feesTexts = {
  dueDetails: 'Due Details',
  paymentHistory: 'Payment History',
  totalFees: 'Total Fees',
  paidFees: 'Paid Fees',
  dueFees: 'Due Fees',
  noData: 'No Data Available',
  notAvailable: 'N/A',
  dash: '-',
} as const;

const groupers = new Map<number, Intl.NumberFormat>();

/** One en-IN formatter per number of decimals: Indian grouping (1,23,45,678). */
function grouper(decimals: number): Intl.NumberFormat {
  let found = groupers.get(decimals);
  if (!found) {
    found = new Intl.NumberFormat('en-IN', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: true,
    });
    groupers.set(decimals, found);
  }
  return found;
}

/**
 * Money as the spec shows it: 'Rs' and the amount with Indian digit grouping, 0 decimals by default
 * (`formatMoney(12345600)` is 'Rs 1,23,456'). Takes integer minor units (paise); rounds half away from zero.
 */
export function formatMoney(minor: number, { decimals = 0 }: { decimals?: number } = {}): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`money must be whole minor units, got ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const absolute = Math.abs(minor);
  // Rounded in integers first, so the formatter never sees a fraction it could round differently.
  const step = minorPerMajor / 10 ** Math.min(decimals, 2);
  const rounded = Math.floor((absolute + step / 2) / step) * step;
  return `Rs ${sign}${grouper(decimals).format(rounded / minorPerMajor)}`;
}

const ones = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const tens = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1–99 in words. */
function belowHundred(n: number): string {
  if (n < 20) return ones[n]!;
  return [tens[Math.floor(n / 10)]!, ones[n % 10]!].filter(Boolean).join(' ');
}

/** 1–999 in words. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ones[hundreds]} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** A whole number in words with the Indian scale (thousand, lakh, crore; crores may themselves run into lakhs). */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole number: ${n}`);
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${numberInWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * An amount in words as a receipt writes it: 'Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six Only',
 * with 'and Fifty Paise' when the paise are not zero. Takes integer minor units.
 */
export function amountInWords(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`money must be whole minor units, got ${minor}`);
  const rupees = Math.floor(minor / minorPerMajor);
  const paise = minor % minorPerMajor;
  const paisePart = paise ? ` and ${numberInWords(paise)} Paise` : '';
  return `Rupees ${numberInWords(rupees)}${paisePart} Only`;
}

/**
 * Overdue: more than one day past the due date, counted in calendar days of the institute's time zone. Due on the
 * 10th, it is overdue from the 12th at local midnight, not on the 11th (spec part 2 §9).
 */
export function isOverdue(dueDate: IsoDate, now: Date, timeZone: string): boolean {
  return dateInZone(now, timeZone) > addDays(dueDate, 1);
}

/** What the rules need of an installment (the spec's all-installment item, §3). */
export interface InstallmentState {
  /** Due date, `YYYY-MM-DD`. */
  d_date: IsoDate;
  /** 'Y' once paid in full. */
  p_status: 'Y' | 'N';
  /** Balance still due (minor units). */
  d_amount: number;
  /** Fine still due (minor units). */
  balance_fine: number;
  /** Paid so far (minor units). */
  p_amount: number;
  /** Written off as bad debt (minor units); above zero means the installment is closed. */
  bad_debt_amount: number;
}

/** Status labels of the Due Details table. */
export const installmentStatusLabels = {
  overdue: 'Overdue',
  due: 'Due',
  discounted: 'Discounted',
  paid: 'Paid',
  badDebt: 'Bad Debt',
  partlyPaid: 'Partially Paid',
} as const;

/** What the status needs of an installment as the answer carries it (amounts in minor units). */
export interface StatusParts {
  p_status: 'Y' | 'N';
  p_amount: number;
  bad_debt_amount: number;
  initial_amount: number;
  tax_amount: number;
  disc_amount: number;
}

/**
 * The status an installment shows, in the spec's order (part 2 §4): an unpaid one with nothing paid and no bad
 * debt is Overdue once more than a day late, else Due; then Discounted (nothing to pay at all), Paid, Bad Debt,
 * and Partially Paid for the rest — so a part-paid installment stays Partially Paid even when late.
 */
function statusInOrder(item: StatusParts, late: boolean): string {
  const untouched = item.p_status === 'N' && item.p_amount === 0 && item.bad_debt_amount === 0;
  if (untouched) return late ? installmentStatusLabels.overdue : installmentStatusLabels.due;
  if (item.initial_amount + item.tax_amount - item.disc_amount === 0) return installmentStatusLabels.discounted;
  if (item.p_status === 'Y') return installmentStatusLabels.paid;
  if (item.bad_debt_amount > 0) return installmentStatusLabels.badDebt;
  return installmentStatusLabels.partlyPaid;
}

/** The status of an installment, counting lateness in the institute's time zone. */
export function installmentStatus(item: InstallmentState & StatusParts, now: Date, timeZone: string): string {
  return statusInOrder(item, isOverdue(item.d_date, now, timeZone));
}

/** The status of an installment as the server answered it (its `is_overdue` already counted in the institute's zone). */
export function listedInstallmentStatus(item: StatusParts & { is_overdue: boolean }): string {
  return statusInOrder(item, item.is_overdue);
}

/**
 * Due Details lists only installments that are neither paid nor bad debt and whose balance plus balance fine is
 * above zero (spec part 2 §4).
 */
export function dueInstallments<T extends InstallmentState>(items: readonly T[]): T[] {
  return items.filter(
    (item) => item.p_status !== 'Y' && item.bad_debt_amount <= 0 && item.d_amount + item.balance_fine > 0,
  );
}

/** What the overdue installments still owe, fines included (the parent's home banner). */
export function overdueAmount(
  items: readonly { is_overdue: boolean; d_amount: number; balance_fine: number }[],
): number {
  return items.filter((item) => item.is_overdue).reduce((sum, item) => sum + item.d_amount + item.balance_fine, 0);
}

/** The parent's home banner when fees are overdue (beyond the spec: issue 16). */
export const overdueBannerTitle = 'Fees overdue';
export const overdueBannerText = (amount: number) =>
  `${formatMoney(amount)} of fees is overdue. Please pay it to avoid further fines.`;

/**
 * The title of an installment's event in the student's calendar feed (beyond the spec: issue 16): its number and what
 * is left to pay, `Fee due: Installment 2 · Rs 12,500`.
 */
export const feeDueEventTitle = (installNo: number, balance: number) =>
  `Fee due: Installment ${installNo} · ${formatMoney(balance)}`;

/** Whether any listed installment is overdue (the home screen's banner). */
export function hasOverdue(items: readonly InstallmentState[], now: Date, timeZone: string): boolean {
  return dueInstallments(items).some((item) => isOverdue(item.d_date, now, timeZone));
}

/** An academic year of the institute as the session lists it (acad_year_list). */
export interface AcademicYearOption {
  inst_acad_year_id: number;
  inst_acad_year: string;
}

/**
 * The year the fees screen opens on (spec part 2 §2.7): the selected one for school institutes; otherwise the
 * year whose name matches the student's first academic year; otherwise the last in the list. null when the list
 * is empty (the dropdown is then hidden).
 */
export function initialAcademicYear({
  isSchool,
  selectedYearId,
  studentYears,
  yearList,
}: {
  isSchool: boolean;
  selectedYearId: number | null;
  studentYears: readonly { acad_yr_name: string }[];
  yearList: readonly AcademicYearOption[];
}): number | null {
  if (yearList.length === 0) return null;
  if (isSchool && selectedYearId !== null && yearList.some((year) => year.inst_acad_year_id === selectedYearId)) {
    return selectedYearId;
  }
  const firstName = studentYears[0]?.acad_yr_name;
  const matching = firstName === undefined ? undefined : yearList.find((year) => year.inst_acad_year === firstName);
  return (matching ?? yearList[yearList.length - 1]!).inst_acad_year_id;
}

/** A column of the fees tables: a key of the row and its header. */
export interface FeeColumn<K extends string = string> {
  key: K;
  label: string;
}

/**
 * The header of the Standard/Batch column, or null when it is hidden: schools always show Standard; other
 * institutes show Batch only when their fee structure is linked (spec part 2 §2.7 puts the condition on Batch).
 */
export function groupColumnLabel({
  isSchool,
  isFeeStructLinked,
}: {
  isSchool: boolean;
  isFeeStructLinked: boolean;
}): string | null {
  if (isSchool) return 'Standard';
  return isFeeStructLinked ? 'Batch' : null;
}

/**
 * Due Details columns (spec part 2 §2.7): Instl. No., Date, Standard (school) or Batch (other institutes, only
 * when the fee structure is linked), Total Amount, Fine Amount only when a fine is configured, Balance Amount, Status.
 */
export function dueDetailsColumns(setup: {
  isSchool: boolean;
  isFeeStructLinked: boolean;
  isFineConfigured: boolean;
}): FeeColumn<'install_no' | 'd_date' | 'group' | 't_amount' | 'balance_fine' | 'd_amount' | 'status'>[] {
  const group = groupColumnLabel(setup);
  return [
    { key: 'install_no' as const, label: 'Instl. No.' },
    { key: 'd_date' as const, label: 'Date' },
    ...(group ? [{ key: 'group' as const, label: group }] : []),
    { key: 't_amount' as const, label: 'Total Amount' },
    ...(setup.isFineConfigured ? [{ key: 'balance_fine' as const, label: 'Fine Amount' }] : []),
    { key: 'd_amount' as const, label: 'Balance Amount' },
    { key: 'status' as const, label: 'Status' },
  ];
}

/**
 * Payment History columns (spec part 2 §2.7): Instl. No., Date, Standard or Batch (if linked), Mode, Receipt No.,
 * Paid Amount, Balance Amount, and Download Receipt only when the institute's student fee receipt option is on.
 */
export function paymentHistoryColumns(setup: {
  isSchool: boolean;
  isFeeStructLinked: boolean;
  isReceiptEnabled: boolean;
}): FeeColumn<'install_nos' | 'p_date' | 'group' | 'p_method' | 'f_rec_no' | 'p_amount' | 'd_amount' | 'receipt'>[] {
  const group = groupColumnLabel(setup);
  return [
    { key: 'install_nos' as const, label: 'Instl. No.' },
    { key: 'p_date' as const, label: 'Date' },
    ...(group ? [{ key: 'group' as const, label: group }] : []),
    { key: 'p_method' as const, label: 'Mode' },
    { key: 'f_rec_no' as const, label: 'Receipt No.' },
    { key: 'p_amount' as const, label: 'Paid Amount' },
    { key: 'd_amount' as const, label: 'Balance Amount' },
    ...(setup.isReceiptEnabled ? [{ key: 'receipt' as const, label: 'Download Receipt' }] : []),
  ];
}

/**
 * The columns a phone shows first, in this order (issue 26: a table that scrolls in its own box starts with what the
 * reader came for): the installment, its status and what is left to pay; a payment's amount, its receipt, then the
 * balance. The rest follow in the spec's order. A column the institute does not show stays out.
 */
export const phoneKeyColumns = ['install_no', 'install_nos', 'status', 'p_amount', 'receipt', 'd_amount'] as const;

/** `columns` with the phone's key columns first (`phoneKeyColumns`' order), the others after in their own order. */
export function keyColumnsFirst<K extends string>(columns: FeeColumn<K>[]): FeeColumn<K>[] {
  const rank = (key: string) => {
    const index = (phoneKeyColumns as readonly string[]).indexOf(key);
    return index === -1 ? phoneKeyColumns.length : index;
  };
  return columns
    .map((column, index) => ({ column, index }))
    .sort((a, b) => rank(a.column.key) - rank(b.column.key) || a.index - b.index)
    .map(({ column }) => column);
}

/** A date cell: `YYYY-MM-DD` shown as DD-MM-YYYY (§9), 'N/A' when missing. */
export function feeDateCell(date: string | null | undefined): string {
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})/.exec(date) : null;
  if (!match) return feesTexts.notAvailable;
  return `${match[3]}-${match[2]}-${match[1]}`;
}

/** A money cell: 'Rs …', or 'N/A' when the amount is missing. */
export function feeMoneyCell(minor: number | null | undefined): string {
  return minor === null || minor === undefined ? feesTexts.notAvailable : formatMoney(minor);
}

/** A text cell (standard, batch, mode, receipt number): the text, or '-' when empty. */
export function feeTextCell(text: string | null | undefined): string {
  return text && text.trim() !== '' ? text : feesTexts.dash;
}

/** The Indian financial year (April to March) of a date, as receipts name it: `2026-27`. */
export function financialYearOf(date: IsoDate): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** Receipt numbers as they appear in a download address: letters, digits, '-' and '_' only. */
export const receiptNoPattern = /^[A-Za-z0-9_-]{1,40}$/;
