import type { Session } from '@campus/domain/auth/auth.contract';
import type { FeeSummary } from '@campus/domain/fees/fees.contract';
import { listedInstallmentStatus } from '@campus/domain/fees/fees-rules';
import { extractText, getDocumentProxy } from 'unpdf';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../test/auth-helpers.ts';
import { createDemoApp } from '../../../test/helpers.ts';
import { demoLogins } from '../../db/seed/demo-accounts.ts';
import { findStudentAllocations, findStudentInstallments } from './fee-ledger.repository.ts';
import { summarizeFees } from '@campus/domain/fees/fee-summary';
import { eq, sql } from 'drizzle-orm';
import { feeReceipts } from '../../db/schema/fees.ts';

// The demo promises (README "Fees in the demo"): every state the fees screen shows, in both institutes, with
// receipts rendered at seed time through the payment code path.
describe('the fees demo', () => {
  let app: Awaited<ReturnType<typeof createDemoApp>>;
  let aarav: Session;
  let neha: Session;

  beforeAll(async () => {
    app = await createDemoApp({ rateLimits: { loginPerMinute: 1000 } });
    aarav = await signIn(app, { user_name: demoLogins.greenfieldStudent });
    neha = await signIn(app, { user_name: demoLogins.apexStudent }, { host: 'apex.localhost' });
  });
  afterAll(() => app.close());

  const summary = async (session: Session, yearId: number, host = 'localhost'): Promise<FeeSummary> => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/studentWise/fee/${session.institute_id}/students/${session.student_id}/${yearId}`,
      headers: { host, authorization: session.student_auth },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result;
  };

  it('gives Aarav paid, part-paid and fined, overdue and due installments this year, and a paid previous year', async () => {
    const current = await summary(aarav, aarav.current_acad_yr_id!);
    // Spec order: the part-paid late installment is Partially Paid; Overdue is the late one with nothing paid.
    expect(current.a_install_li.map(listedInstallmentStatus)).toEqual([
      'Paid',
      'Partially Paid',
      'Overdue',
      'Due',
      'Due',
    ]);
    expect(current.a_install_li[1]).toMatchObject({ p_amount: 800_000, balance_fine: 50_000 });
    expect(current.is_fine_configured).toBe(true);
    expect(current.p_install_li).toHaveLength(2);
    const previousYear = aarav.acad_year_list.find((year) => year.inst_acad_year_id !== aarav.current_acad_yr_id)!;
    const previous = await summary(aarav, previousYear.inst_acad_year_id);
    expect(previous.total_unpaid_amount).toBe(0);
    expect(previous.a_install_li.map(listedInstallmentStatus)).toEqual([
      'Paid',
      'Paid',
      'Paid',
      'Discounted',
      'Bad Debt',
    ]);
    expect(previous.p_install_li.map((row) => row.install_nos)).toEqual(['1', '2, 3']);
  });

  it('leaves 9000000009 (whose login is refused) with dues', async () => {
    const [row] = (
      (await app.db.execute(sql`select s.institute_id, s.id, e.academic_year_id from students s
        join users u on u.institute_id = s.institute_id and u.id = s.user_id
        join enrolments e on e.institute_id = s.institute_id and e.student_id = s.id
        where u.phone = ${demoLogins.greenfieldFeeDues} order by e.academic_year_id desc limit 1`)) as unknown as {
        rows: { institute_id: number; id: number; academic_year_id: number }[];
      }
    ).rows;
    const values = { instituteId: row!.institute_id, studentId: row!.id, academicYearId: row!.academic_year_id };
    const result = summarizeFees(
      await findStudentInstallments(app.db, values),
      await findStudentAllocations(app.db, values),
      { isFineConfigured: true, now: app.now(), timeZone: 'Asia/Kolkata' },
    );
    expect(result.total_unpaid_amount).toBeGreaterThan(0);
    expect(result.a_install_li.some((item) => item.is_overdue)).toBe(true);
  });

  /** The text of a receipt of Aarav's, downloaded through `host` (the address the reader reached the portal at). */
  const receiptText = async (host: string) => {
    const current = await summary(aarav, aarav.current_acad_yr_id!, host);
    const receipt = current.p_install_li[0]!;
    const answer = await app.inject({
      method: 'GET',
      url: `/api/v1/studentWise/fee/${aarav.student_id}/feeReceipt/${receipt.f_rec_no}/download?fin_yr=${receipt.financial_yr}&acad_year=${aarav.current_acad_yr_id}`,
      headers: { host, authorization: aarav.student_auth },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const file = await app.inject({ method: 'GET', url: answer.json().awsDownloadLink, headers: { host } });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(file.rawPayload)), { mergePages: true });
    return { receipt, text: text.replace(/\n/g, '') };
  };

  it('names, in a seeded receipt’s QR code and link, the address the portal was reached at', async () => {
    for (const host of ['localhost:5173', 'localhost']) {
      const { text } = await receiptText(host);
      expect(text).toMatch(new RegExp(`http://${host}/verify/receipt/\\s*[A-Za-z0-9_-]{43}`));
      expect(text).not.toContain('8080');
    }
  });

  it('serves a seeded receipt as a PDF whose code the verification page confirms', async () => {
    const { receipt, text } = await receiptText('localhost');
    expect(text).toContain('Greenfield Public School');
    expect(text).toContain(receipt.f_rec_no);
    const code = /verify\/receipt\/\s*([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    expect(code).toBeDefined();
    const page = await app.inject({ method: 'GET', url: `/verify/receipt/${code}`, headers: { host: 'localhost' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(receipt.f_rec_no);
  });

  it('stores one copy of a receipt per address, however often, at once or by a restarted process it is downloaded', async () => {
    const [payment] = await app.db
      .select({
        instituteId: feeReceipts.instituteId,
        paymentId: feeReceipts.paymentId,
        verificationCode: feeReceipts.verificationCode,
      })
      .from(feeReceipts)
      .where(eq(feeReceipts.instituteId, aarav.institute_id))
      .limit(1);
    const root = (app.storage as unknown as { root: string }).root;
    const files = () =>
      readdirSync(root, { recursive: true, withFileTypes: true }).filter(
        (entry) => entry.isFile() && !join(entry.parentPath, entry.name).includes('.tmp'),
      ).length;
    const before = files();
    const { receiptCopyFor } = await import('./receipts.ts');
    const copy = (origin: string) => receiptCopyFor(app.db, app.storage, payment!, origin);
    // Two readers at once, then the same addresses written otherwise (case, the scheme's default port).
    const [first, second] = await Promise.all([
      copy('http://school.localhost:5174'),
      copy('http://school.localhost:5174'),
    ]);
    expect(second).toBe(first);
    expect(await copy('HTTP://School.LocalHost:5174')).toBe(first);
    const plain = await copy('http://school.localhost');
    expect(await copy('http://school.localhost:80')).toBe(plain);
    expect(plain).not.toBe(first);
    // A restarted process (the module loaded afresh) finds the copies stored before.
    vi.resetModules();
    const restarted = await import('./receipts.ts');
    expect(await restarted.receiptCopyFor(app.db, app.storage, payment!, 'http://school.localhost:5174')).toBe(first);
    expect(files() - before).toBe(2);
  });

  it('links Apex fees to batches, with no fine and the receipt option off', async () => {
    const result = await summary(neha, neha.current_acad_yr_id!, 'apex.localhost');
    expect(result.is_fine_configured).toBe(false);
    expect(result.a_install_li.map((row) => [row.stnd_n, row.c_n !== null])).toEqual([
      [null, true],
      [null, true],
      [null, true],
    ]);
    expect(result.a_install_li.map(listedInstallmentStatus)).toEqual(['Paid', 'Overdue', 'Due']);
    expect(neha.inst_set_up).toMatchObject({ is_fee_struct_linked: true, student_fee_receipt_option: false });
  });
});
