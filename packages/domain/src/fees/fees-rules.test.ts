import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  dueDetailsColumns,
  keyColumnsFirst,
  dueInstallments,
  feeDateCell,
  feeDueEventTitle,
  feeMoneyCell,
  feeTextCell,
  financialYearOf,
  formatMoney,
  hasOverdue,
  initialAcademicYear,
  installmentStatus,
  isOverdue,
  listedInstallmentStatus,
  type StatusParts,
  numberInWords,
  overdueAmount,
  overdueBannerText,
  paymentHistoryColumns,
  type InstallmentState,
} from './fees-rules.ts';

describe('formatMoney', () => {
  it("shows 'Rs' with Indian grouping and no decimals, from paise", () => {
    expect(formatMoney(0)).toBe('Rs 0');
    expect(formatMoney(99_900)).toBe('Rs 999');
    expect(formatMoney(100_000)).toBe('Rs 1,000');
    expect(formatMoney(12_345_600)).toBe('Rs 1,23,456');
    expect(formatMoney(1_234_567_800)).toBe('Rs 1,23,45,678');
    expect(formatMoney(100_000_000_000)).toBe('Rs 1,00,00,00,000');
  });

  it('rounds paise half up without float drift', () => {
    expect(formatMoney(149)).toBe('Rs 1');
    expect(formatMoney(150)).toBe('Rs 2');
    expect(formatMoney(12_345_650)).toBe('Rs 1,23,457');
    expect(formatMoney(-150_050)).toBe('Rs -1,501');
  });

  it('shows decimals when asked', () => {
    expect(formatMoney(12_345_605, { decimals: 2 })).toBe('Rs 1,23,456.05');
    expect(formatMoney(5, { decimals: 2 })).toBe('Rs 0.05');
  });

  it('refuses amounts that are not whole minor units', () => {
    expect(() => formatMoney(1.5)).toThrow(RangeError);
  });
});

describe('amountInWords', () => {
  it('uses the Indian scale: thousand, lakh, crore', () => {
    expect(numberInWords(0)).toBe('Zero');
    expect(numberInWords(15)).toBe('Fifteen');
    expect(numberInWords(40)).toBe('Forty');
    expect(numberInWords(101)).toBe('One Hundred One');
    expect(numberInWords(100_000)).toBe('One Lakh');
    expect(numberInWords(123_456)).toBe('One Lakh Twenty Three Thousand Four Hundred Fifty Six');
    expect(numberInWords(10_000_000)).toBe('One Crore');
    expect(numberInWords(1_234_567_890)).toBe(
      'One Hundred Twenty Three Crore Forty Five Lakh Sixty Seven Thousand Eight Hundred Ninety',
    );
  });

  it('writes rupees and paise as a receipt does', () => {
    expect(amountInWords(12_345_600)).toBe('Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six Only');
    expect(amountInWords(1_500_050)).toBe('Rupees Fifteen Thousand and Fifty Paise Only');
    expect(amountInWords(0)).toBe('Rupees Zero Only');
  });
});

describe('isOverdue (more than 1 day past the due date, institute time zone)', () => {
  const zone = 'Asia/Kolkata';
  it('is not overdue on the due date nor the day after', () => {
    expect(isOverdue('2026-11-10', new Date('2026-11-10T12:00:00+05:30'), zone)).toBe(false);
    expect(isOverdue('2026-11-10', new Date('2026-11-11T23:59:59+05:30'), zone)).toBe(false);
  });

  it('becomes overdue at local midnight two days after', () => {
    expect(isOverdue('2026-11-10', new Date('2026-11-12T00:00:00+05:30'), zone)).toBe(true);
    // 2026-11-11T18:30Z is midnight of the 12th in Kolkata but still the 11th in UTC.
    expect(isOverdue('2026-11-10', new Date('2026-11-11T18:30:00Z'), zone)).toBe(true);
    expect(isOverdue('2026-11-10', new Date('2026-11-11T18:29:59Z'), zone)).toBe(false);
  });

  it('counts days in the institute zone, not UTC', () => {
    const instant = new Date('2026-11-12T03:00:00Z');
    expect(isOverdue('2026-11-10', instant, 'America/Los_Angeles')).toBe(false);
    expect(isOverdue('2026-11-10', instant, 'Asia/Kolkata')).toBe(true);
  });

  it('crosses month and year ends', () => {
    expect(isOverdue('2026-12-31', new Date('2027-01-01T12:00:00+05:30'), zone)).toBe(false);
    expect(isOverdue('2026-12-31', new Date('2027-01-02T00:00:01+05:30'), zone)).toBe(true);
  });
});

describe('installments', () => {
  const zone = 'Asia/Kolkata';
  const now = new Date('2026-11-21T12:00:00+05:30');
  const item = (overrides: Partial<InstallmentState>): InstallmentState => ({
    d_date: '2026-12-10',
    p_status: 'N',
    d_amount: 1000,
    balance_fine: 0,
    p_amount: 0,
    bad_debt_amount: 0,
    ...overrides,
  });

  const parts = { initial_amount: 1000, tax_amount: 0, disc_amount: 0 };

  it('labels each status in the order of the spec', () => {
    const status = (overrides: Partial<InstallmentState & StatusParts>) =>
      installmentStatus({ ...item({}), ...parts, ...overrides }, now, zone);
    expect(status({ d_date: '2026-11-19' })).toBe('Overdue');
    expect(status({ d_date: '2026-11-20' })).toBe('Due');
    expect(status({})).toBe('Due');
    expect(status({ p_status: 'Y', d_amount: 0, initial_amount: 500, disc_amount: 500 })).toBe('Discounted');
    expect(status({ p_status: 'Y', d_amount: 0, p_amount: 1000 })).toBe('Paid');
    expect(status({ bad_debt_amount: 500 })).toBe('Bad Debt');
    expect(status({ p_amount: 300 })).toBe('Partially Paid');
    // Something paid: Partially Paid even when late (Overdue only when nothing was paid).
    expect(status({ p_amount: 300, d_date: '2026-11-01' })).toBe('Partially Paid');
    // Bad debt on a late installment: Bad Debt, not Overdue.
    expect(status({ bad_debt_amount: 500, d_date: '2026-11-01' })).toBe('Bad Debt');
  });

  it('labels an installment from the answer the same way', () => {
    const listed = (overrides: Partial<Parameters<typeof listedInstallmentStatus>[0]>) =>
      listedInstallmentStatus({
        p_status: 'N',
        bad_debt_amount: 0,
        p_amount: 0,
        is_overdue: false,
        ...parts,
        ...overrides,
      });
    expect(listed({ is_overdue: true })).toBe('Overdue');
    expect(listed({})).toBe('Due');
    expect(listed({ p_status: 'Y', initial_amount: 0 })).toBe('Discounted');
    expect(listed({ p_status: 'Y', p_amount: 1000 })).toBe('Paid');
    expect(listed({ bad_debt_amount: 1 })).toBe('Bad Debt');
    expect(listed({ is_overdue: true, p_amount: 5 })).toBe('Partially Paid');
    expect(listed({ p_amount: 5 })).toBe('Partially Paid');
  });

  it('lists as due only unpaid, not bad debt, with balance plus fine above zero', () => {
    const rows = [
      item({ d_date: '2026-01-01', p_status: 'Y', d_amount: 0 }),
      item({ d_date: '2026-02-01', bad_debt_amount: 100 }),
      item({ d_date: '2026-03-01', d_amount: 0, balance_fine: 0 }),
      item({ d_date: '2026-04-01', d_amount: 0, balance_fine: 5000 }),
      item({ d_date: '2026-05-01' }),
    ];
    expect(dueInstallments(rows).map((row) => row.d_date)).toEqual(['2026-04-01', '2026-05-01']);
  });

  it('adds up what the overdue installments owe, fines included', () => {
    expect(
      overdueAmount([
        { is_overdue: true, d_amount: 700_000, balance_fine: 50_000 },
        { is_overdue: false, d_amount: 1_500_000, balance_fine: 0 },
        { is_overdue: true, d_amount: 100, balance_fine: 0 },
      ]),
    ).toBe(750_100);
    expect(overdueBannerText(750_000)).toBe('Rs 7,500 of fees is overdue. Please pay it to avoid further fines.');
  });

  it('titles a due installment in the calendar feed with what is left, in Indian grouping', () => {
    expect(feeDueEventTitle(2, 1_250_000)).toBe('Fee due: Installment 2 · Rs 12,500');
    expect(feeDueEventTitle(1, 12_345_650)).toBe('Fee due: Installment 1 · Rs 1,23,457');
  });

  it('finds an overdue installment for the banner', () => {
    expect(hasOverdue([item({ d_date: '2026-11-19' })], now, zone)).toBe(true);
    expect(hasOverdue([item({ d_date: '2026-11-20' })], now, zone)).toBe(false);
    expect(hasOverdue([item({ d_date: '2026-11-01', p_status: 'Y' })], now, zone)).toBe(false);
  });
});

describe('initialAcademicYear', () => {
  const yearList = [
    { inst_acad_year_id: 11, inst_acad_year: '2025-26' },
    { inst_acad_year_id: 12, inst_acad_year: '2026-27' },
    { inst_acad_year_id: 13, inst_acad_year: '2027-28' },
  ];

  it('takes the selected year for schools', () => {
    expect(
      initialAcademicYear({
        isSchool: true,
        selectedYearId: 11,
        studentYears: [{ acad_yr_name: '2026-27' }],
        yearList,
      }),
    ).toBe(11);
  });

  it("otherwise takes the year named like the student's first year", () => {
    expect(
      initialAcademicYear({
        isSchool: false,
        selectedYearId: 11,
        studentYears: [{ acad_yr_name: '2026-27' }, { acad_yr_name: '2025-26' }],
        yearList,
      }),
    ).toBe(12);
  });

  it('otherwise the last in the list', () => {
    expect(
      initialAcademicYear({
        isSchool: false,
        selectedYearId: null,
        studentYears: [{ acad_yr_name: '1999-00' }],
        yearList,
      }),
    ).toBe(13);
    expect(initialAcademicYear({ isSchool: false, selectedYearId: null, studentYears: [], yearList })).toBe(13);
    // A school whose selected year is not in the list falls through to the same rules.
    expect(initialAcademicYear({ isSchool: true, selectedYearId: 99, studentYears: [], yearList })).toBe(13);
  });

  it('is null for an empty list', () => {
    expect(initialAcademicYear({ isSchool: true, selectedYearId: 11, studentYears: [], yearList: [] })).toBeNull();
  });
});

describe('columns', () => {
  const labels = (columns: { label: string }[]) => columns.map((column) => column.label);

  it('Due Details: Standard for schools, Batch for others only with a linked structure; Fine only when configured', () => {
    expect(labels(dueDetailsColumns({ isSchool: true, isFeeStructLinked: true, isFineConfigured: true }))).toEqual([
      'Instl. No.',
      'Date',
      'Standard',
      'Total Amount',
      'Fine Amount',
      'Balance Amount',
      'Status',
    ]);
    expect(labels(dueDetailsColumns({ isSchool: false, isFeeStructLinked: true, isFineConfigured: false }))).toEqual([
      'Instl. No.',
      'Date',
      'Batch',
      'Total Amount',
      'Balance Amount',
      'Status',
    ]);
    expect(labels(dueDetailsColumns({ isSchool: false, isFeeStructLinked: false, isFineConfigured: false }))).toEqual([
      'Instl. No.',
      'Date',
      'Total Amount',
      'Balance Amount',
      'Status',
    ]);
    // A school shows Standard whether or not the structure is linked.
    expect(labels(dueDetailsColumns({ isSchool: true, isFeeStructLinked: false, isFineConfigured: false }))).toEqual([
      'Instl. No.',
      'Date',
      'Standard',
      'Total Amount',
      'Balance Amount',
      'Status',
    ]);
  });

  it('on a phone: the installment, its status and balance first; a payment, its amount and receipt first', () => {
    const due = dueDetailsColumns({ isSchool: true, isFeeStructLinked: true, isFineConfigured: true });
    expect(labels(keyColumnsFirst(due))).toEqual([
      'Instl. No.',
      'Status',
      'Balance Amount',
      'Date',
      'Standard',
      'Total Amount',
      'Fine Amount',
    ]);
    const paid = paymentHistoryColumns({ isSchool: false, isFeeStructLinked: false, isReceiptEnabled: true });
    expect(labels(keyColumnsFirst(paid))).toEqual([
      'Instl. No.',
      'Paid Amount',
      'Download Receipt',
      'Balance Amount',
      'Date',
      'Mode',
      'Receipt No.',
    ]);
    // Without the receipt option nothing is added.
    const plain = paymentHistoryColumns({ isSchool: false, isFeeStructLinked: false, isReceiptEnabled: false });
    expect(labels(keyColumnsFirst(plain))).not.toContain('Download Receipt');
  });

  it('Payment History: Download Receipt only with the receipt option', () => {
    expect(labels(paymentHistoryColumns({ isSchool: true, isFeeStructLinked: true, isReceiptEnabled: true }))).toEqual([
      'Instl. No.',
      'Date',
      'Standard',
      'Mode',
      'Receipt No.',
      'Paid Amount',
      'Balance Amount',
      'Download Receipt',
    ]);
    expect(
      labels(paymentHistoryColumns({ isSchool: false, isFeeStructLinked: true, isReceiptEnabled: false })),
    ).toEqual(['Instl. No.', 'Date', 'Batch', 'Mode', 'Receipt No.', 'Paid Amount', 'Balance Amount']);
  });
});

describe('cells', () => {
  it("shows 'N/A' for a missing date or amount and '-' for missing text", () => {
    expect(feeDateCell('2026-11-05')).toBe('05-11-2026');
    expect(feeDateCell(null)).toBe('N/A');
    expect(feeMoneyCell(null)).toBe('N/A');
    expect(feeMoneyCell(250_000)).toBe('Rs 2,500');
    expect(feeTextCell('')).toBe('-');
    expect(feeTextCell('Cash')).toBe('Cash');
  });

  it('names the financial year April to March', () => {
    expect(financialYearOf('2026-04-01')).toBe('2026-27');
    expect(financialYearOf('2027-03-31')).toBe('2026-27');
    expect(financialYearOf('2099-12-01')).toBe('2099-00');
  });
});
