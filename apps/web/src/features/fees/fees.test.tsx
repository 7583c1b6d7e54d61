import type { Session } from '@campus/domain/auth/auth.contract';
import type { FeeSummary } from '@campus/domain/fees/fees.contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apexStudent, greenfieldParent, greenfieldStudent, mockBranding, storeSession } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import { advanceUntil, fakeTimeouts } from '../../test/timers.ts';

const rs = (rupees: number) => rupees * 100;

const installment = (overrides: Partial<FeeSummary['a_install_li'][number]>): FeeSummary['a_install_li'][number] => ({
  install_no: 1,
  d_date: '2026-04-10',
  stnd_n: 'Class 6',
  c_n: null,
  t_amount: rs(15_000),
  d_amount: 0,
  balance_fine: 0,
  p_status: 'N',
  p_amount: 0,
  bad_debt_amount: 0,
  initial_amount: rs(15_000),
  tax_amount: 0,
  disc_amount: 0,
  fine_amount: 0,
  is_overdue: false,
  ...overrides,
});

const summary: FeeSummary = {
  total_fee_amount: rs(75_500),
  total_paid_amount: rs(23_000),
  total_unpaid_amount: rs(52_500),
  is_fine_configured: true,
  a_install_li: [
    installment({ install_no: 1, p_status: 'Y', p_amount: rs(15_000) }),
    installment({
      install_no: 2,
      d_date: '2026-10-10',
      d_amount: rs(7_000),
      p_amount: rs(8_000),
      balance_fine: rs(500),
      fine_amount: rs(500),
      is_overdue: true,
    }),
    installment({ install_no: 3, d_date: '2026-12-10', d_amount: rs(15_000), stnd_n: null }),
    installment({ install_no: 4, d_date: '2027-01-10', d_amount: rs(15_000) }),
  ],
  p_install_li: [
    {
      install_nos: '1',
      p_date: '2026-04-05',
      stnd_n: 'Class 6',
      c_n: null,
      p_method: 'UPI',
      f_rec_no: 'GPS-202627-0001',
      p_amount: rs(15_000),
      d_amount: 0,
      financial_yr: '2026-27',
    },
    {
      install_nos: '2',
      p_date: '2026-10-20',
      stnd_n: 'Class 6',
      c_n: null,
      p_method: '',
      f_rec_no: 'GPS-202627-0002',
      p_amount: rs(8_000),
      d_amount: rs(7_000),
      financial_yr: '2026-27',
    },
  ],
};

const empty: FeeSummary = {
  total_fee_amount: 0,
  total_paid_amount: 0,
  total_unpaid_amount: 0,
  is_fine_configured: false,
  a_install_li: [],
  p_install_li: [],
};

function mockFees(
  answer: (yearId: string) => Response = () =>
    HttpResponse.json({ statusCode: 200, message: 'success', result: summary }),
) {
  const calls: string[] = [];
  server.use(
    http.get('*/api/v1/studentWise/fee/:instituteId/students/:studentId/:yearId', ({ request, params }) => {
      calls.push(new URL(request.url).pathname);
      return answer(String(params.yearId));
    }),
  );
  return calls;
}

function mockReceipt() {
  const calls: URL[] = [];
  server.use(
    http.get('*/api/v1/studentWise/fee/:studentId/feeReceipt/:receiptNo/download', ({ request }) => {
      calls.push(new URL(request.url));
      return HttpResponse.json({ statusCode: 200, message: 'success', awsDownloadLink: '/api/v1/files/signed-token' });
    }),
  );
  return calls;
}

async function openFees(session: Session = greenfieldStudent()) {
  return openFeesAt('/fees', session);
}

async function openFeesAt(path: string, session: Session = greenfieldStudent()) {
  cleanup();
  storeSession(session);
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Fees' });
  return view;
}

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('Fees (spec part 2 §2.7)', () => {
  beforeEach(() => mockBranding());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows the three cards and Due Details by default, in the selected year of a school', async () => {
    const calls = mockFees();
    await openFees();
    const table = await screen.findByRole('table', { name: 'Due Details' });
    expect(calls).toEqual(['/api/v1/studentWise/fee/1/students/5001/4']);
    expect(within(screen.getByRole('group', { name: 'Total Fees' })).getByText('Rs 75,500')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Paid Fees' })).getByText('Rs 23,000')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Due Fees' })).getByText('Rs 52,500')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Due Details', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Payment History', selected: false })).toBeInTheDocument();
    expect(headers(table)).toEqual([
      'Instl. No.',
      'Date',
      'Standard',
      'Total Amount',
      'Fine Amount',
      'Balance Amount',
      'Status',
    ]);
    // The paid installment is not listed; a missing standard shows '-'.
    expect(rowsOf(table)).toEqual([
      // Something paid and late: Partially Paid (Overdue is only for a late installment with nothing paid).
      ['2', '10-10-2026', 'Class 6', 'Rs 15,000', 'Rs 500', 'Rs 7,000', 'Partially Paid'],
      ['3', '10-12-2026', '-', 'Rs 15,000', 'Rs 0', 'Rs 15,000', 'Due'],
      ['4', '10-01-2027', 'Class 6', 'Rs 15,000', 'Rs 0', 'Rs 15,000', 'Due'],
    ]);
  });

  it('shows a loader for 800 ms when switching tabs, then the Payment History with receipts', async () => {
    mockFees();
    await openFees();
    await screen.findByRole('table', { name: 'Due Details' });
    fakeTimeouts();
    const started = Date.now();
    await userEvent.click(screen.getByRole('tab', { name: 'Payment History' }));
    expect(screen.getByLabelText('Loading fees')).toBeInTheDocument();
    // The fake clock: the table comes only once 800 ms of it have passed, however slow the machine is.
    await advanceUntil(() => screen.queryByRole('table', { name: 'Payment History' }) !== null);
    const table = screen.getByRole('table', { name: 'Payment History' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);
    expect(screen.queryByLabelText('Loading fees')).not.toBeInTheDocument();
    expect(headers(table)).toEqual([
      'Instl. No.',
      'Date',
      'Standard',
      'Mode',
      'Receipt No.',
      'Paid Amount',
      'Balance Amount',
      'Download Receipt',
    ]);
    expect(rowsOf(table)).toEqual([
      ['1', '05-04-2026', 'Class 6', 'UPI', 'GPS-202627-0001', 'Rs 15,000', 'Rs 0', 'Download'],
      ['2', '20-10-2026', 'Class 6', '-', 'GPS-202627-0002', 'Rs 8,000', 'Rs 7,000', 'Download'],
    ]);
  });

  it('downloads a receipt through a fresh signed address', async () => {
    mockFees();
    const receiptCalls = mockReceipt();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    await openFees(greenfieldParent());
    await screen.findByRole('table', { name: 'Due Details' });
    await userEvent.click(screen.getByRole('tab', { name: 'Payment History' }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Download receipt GPS-202627-0002' }, { timeout: 2000 }),
    );
    await waitFor(() => expect(clicked).toEqual(['/api/v1/files/signed-token']));
    expect(receiptCalls[0]!.pathname).toBe('/api/v1/studentWise/fee/5001/feeReceipt/GPS-202627-0002/download');
    expect(Object.fromEntries(receiptCalls[0]!.searchParams)).toEqual({ fin_yr: '2026-27', acad_year: '4' });
  });

  it('hides Standard/Batch without a linked structure, Fine without a fine and Download Receipt without the option', async () => {
    const calls = mockFees(() =>
      HttpResponse.json({ statusCode: 200, message: 'success', result: { ...summary, is_fine_configured: false } }),
    );
    // A coaching student: the year named like the student's first year (2025-26), not the selected one.
    await openFees(apexStudent());
    const table = await screen.findByRole('table', { name: 'Due Details' });
    expect(calls).toEqual(['/api/v1/studentWise/fee/2/students/5001/3']);
    expect(headers(table)).toEqual(['Instl. No.', 'Date', 'Total Amount', 'Balance Amount', 'Status']);
    await userEvent.click(screen.getByRole('tab', { name: 'Payment History' }));
    const history = await screen.findByRole('table', { name: 'Payment History' }, { timeout: 2000 });
    expect(headers(history)).toEqual(['Instl. No.', 'Date', 'Mode', 'Receipt No.', 'Paid Amount', 'Balance Amount']);
  });

  it('names the Batch column for a coaching institute with a linked structure', async () => {
    mockFees(() =>
      HttpResponse.json({
        statusCode: 200,
        message: 'success',
        result: { ...summary, a_install_li: [installment({ d_amount: 100, stnd_n: null, c_n: 'JEE Main Morning' })] },
      }),
    );
    const coaching = apexStudent();
    await openFees({ ...coaching, inst_set_up: { ...coaching.inst_set_up, is_fee_struct_linked: true } });
    const table = await screen.findByRole('table', { name: 'Due Details' });
    expect(headers(table)).toContain('Batch');
    expect(rowsOf(table)[0]).toContain('JEE Main Morning');
  });

  it("shows 'No Data Available' with an illustration for empty lists", async () => {
    mockFees(() => HttpResponse.json({ statusCode: 200, message: 'success', result: empty }));
    await openFees();
    expect(await screen.findByText('No Data Available')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Empty list illustration' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Total Fees' })).getByText('Rs 0')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Payment History' }));
    expect(await screen.findByText('No Data Available', {}, { timeout: 2000 })).toBeInTheDocument();
  });

  it('asks again for the year picked in the dropdown', async () => {
    const calls = mockFees();
    await openFees();
    await screen.findByRole('table', { name: 'Due Details' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Fees academic year' }), '2025-26');
    await waitFor(() => expect(calls).toContain('/api/v1/studentWise/fee/1/students/5001/3'));
  });

  it('keeps the tab and the year in the address: a reload or a shared link opens them again', async () => {
    const calls = mockFees();
    const { router } = await openFees();
    await screen.findByRole('table', { name: 'Due Details' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Fees academic year' }), '2025-26');
    await userEvent.click(screen.getByRole('tab', { name: 'Payment History' }));
    await waitFor(() => expect(router.state.location.search).toBe('?year=3&tab=history'));
    expect(router.state.historyAction).toBe('REPLACE');

    // The same address opened again (a reload): Payment History of 2025-26.
    calls.length = 0;
    await openFeesAt(`/fees${router.state.location.search}`);
    expect(await screen.findByRole('table', { name: 'Payment History' }, { timeout: 2000 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Payment History', selected: true })).toBeInTheDocument();
    // Only the year in the address is asked for, never the default one first.
    expect(new Set(calls)).toEqual(new Set(['/api/v1/studentWise/fee/1/students/5001/3']));
  });

  it('ignores a year the institute does not list, and an unknown tab', async () => {
    const calls = mockFees();
    await openFeesAt('/fees?year=999&tab=nonsense');
    expect(await screen.findByRole('table', { name: 'Due Details' })).toBeInTheDocument();
    expect(calls).toEqual(['/api/v1/studentWise/fee/1/students/5001/4']);
  });

  it('hides the dropdown when the institute lists no years', async () => {
    mockFees();
    await openFees(greenfieldStudent({ acad_year_list: [] }));
    await screen.findByRole('table', { name: 'Due Details' });
    expect(screen.queryByRole('combobox', { name: 'Fees academic year' })).not.toBeInTheDocument();
  });

  it('only logs a load failure and hides the loader', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFees(() => HttpResponse.json({ code: 'INTERNAL', message: 'Internal Server Error' }, { status: 500 }));
    await openFees();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Fees failed to load', expect.anything()));
    expect(screen.queryByLabelText('Loading fees')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Total Fees' })).getByText('N/A')).toBeInTheDocument();
  });
});
