import { createHash } from 'node:crypto';
import type { Session } from '@campus/domain/auth/auth.contract';
import type { FeeSummary } from '@campus/domain/fees/fees.contract';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth-helpers.ts';
import { createFeePayment, createFeePlan } from '../../../test/factories/fees.ts';
import {
  createInstitute,
  createParent,
  createStudent,
  type TestInstitute,
} from '../../../test/factories/institutes.ts';
import { createMigratedDatabase, createTestApp, createTestStorage } from '../../../test/helpers.ts';
import { feeReceipts } from '../../db/schema/fees.ts';

const rs = (rupees: number) => rupees * 100;

// Built from factories, not the demo. Today is 2026-11-21 in Kolkata (fixedNow). The school offers receipts and
// links fee structures; the coaching institute links them to batches and has the receipt option off.
describe('fees', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let school: TestInstitute;
  let student: Session;
  let classmate: Session;
  let parent: Session;
  let coachingStudent: Session;
  let studentId: number;
  let classmateReceipt: string;
  let coachingReceipt: string;
  let verificationCode: string;

  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const storage = createTestStorage();
    const { db } = database;
    school = await createInstitute(db, {
      host: 'localhost',
      name: 'Sunrise Public School',
      isFeeStructLinked: true,
      isFeeReceiptEnabled: true,
    });
    const coaching = await createInstitute(db, {
      host: 'coaching.test',
      isSchool: false,
      isFeeStructLinked: true,
      isFeeReceiptEnabled: false,
    });
    const studentLogin = await createStudent(db, school, { user: { name: 'Kavya Menon' } });
    studentId = studentLogin.studentId;
    const classmateLogin = await createStudent(db, school);
    const parentLogin = await createParent(db, school, [studentId]);
    const coachingLogin = await createStudent(db, coaching);

    const [first, second, third, fourth] = await createFeePlan(db, school, studentId, {
      lateFineAmount: rs(500),
      installments: [
        { due: '2026-04-10', amount: rs(15_000), discount: rs(1_000) },
        { due: '2026-10-10', amount: rs(15_000), fine: rs(500) },
        { due: '2026-11-19', amount: rs(15_000), tax: rs(180) },
        { due: '2027-01-10', amount: rs(15_000) },
      ],
    });
    await createFeePayment(db, storage, school, {
      studentId,
      receiptNo: 'SPS-0001',
      mode: 'UPI',
      paidAt: new Date('2026-04-05T05:00:00Z'),
      parts: [{ studentInstallmentId: first!, amount: rs(14_000) }],
    });
    await createFeePayment(db, storage, school, {
      studentId,
      receiptNo: 'SPS-0002',
      mode: 'Cash',
      paidAt: new Date('2026-10-20T05:00:00Z'),
      parts: [{ studentInstallmentId: second!, amount: rs(8_000), fine: rs(500) }],
    });
    void third;
    void fourth;
    const previous = await createFeePlan(db, school, studentId, {
      year: 'previous',
      installments: [{ due: '2025-06-10', amount: rs(12_000) }],
    });
    await createFeePayment(db, storage, school, {
      studentId,
      year: 'previous',
      receiptNo: 'SPS-0000',
      paidAt: new Date('2025-06-01T05:00:00Z'),
      parts: [{ studentInstallmentId: previous[0]!, amount: rs(12_000) }],
    });
    const classmatePlan = await createFeePlan(db, school, classmateLogin.studentId, {
      installments: [{ due: '2026-04-10', amount: rs(9_999) }],
    });
    classmateReceipt = 'SPS-0100';
    await createFeePayment(db, storage, school, {
      studentId: classmateLogin.studentId,
      receiptNo: classmateReceipt,
      parts: [{ studentInstallmentId: classmatePlan[0]!, amount: rs(9_999) }],
    });
    const coachingPlan = await createFeePlan(db, coaching, coachingLogin.studentId, {
      linkTo: 'batch',
      installments: [{ due: '2026-05-01', amount: rs(45_000) }],
    });
    coachingReceipt = 'APX-0001';
    await createFeePayment(db, storage, coaching, {
      studentId: coachingLogin.studentId,
      receiptNo: coachingReceipt,
      parts: [{ studentInstallmentId: coachingPlan[0]!, amount: rs(45_000) }],
    });
    const [receipt] = await db
      .select({ code: feeReceipts.verificationCode })
      .from(feeReceipts)
      .where(eq(feeReceipts.instituteId, school.id))
      .orderBy(feeReceipts.paymentId)
      .limit(1);
    verificationCode = receipt!.code;

    app = await createTestApp({ database, storage, rateLimits: { loginPerMinute: 1000 } });
    student = await signIn(app, { user_name: studentLogin.login, password: studentLogin.password });
    classmate = await signIn(app, { user_name: classmateLogin.login, password: classmateLogin.password });
    parent = await signIn(app, { user_name: parentLogin.login, password: parentLogin.password });
    coachingStudent = await signIn(
      app,
      { user_name: coachingLogin.login, password: coachingLogin.password },
      { host: 'coaching.test' },
    );
  });
  afterAll(() => app.close());

  const get = (session: Session | null, url: string, host = 'localhost') =>
    app.inject({ method: 'GET', url, headers: { host, ...(session ? { authorization: session.student_auth } : {}) } });
  const summaryUrl = (session: Session, yearId = school.currentYear.id, student = session.student_id) =>
    `/api/v1/studentWise/fee/${session.institute_id}/students/${student}/${yearId}`;
  const receiptUrl = (session: Session, receiptNo: string, finYear = '2026-27', yearId = school.currentYear.id) =>
    `/api/v1/studentWise/fee/${session.student_id}/feeReceipt/${receiptNo}/download?fin_yr=${finYear}&acad_year=${yearId}`;

  async function download(session: Session, receiptNo: string) {
    const answer = await get(session, receiptUrl(session, receiptNo));
    expect(answer.statusCode, answer.body).toBe(200);
    const file = await get(null, answer.json().awsDownloadLink);
    expect(file.statusCode).toBe(200);
    return file;
  }

  describe('GET /api/v1/studentWise/fee/{instituteId}/students/{studentId}/{academicYearId}', () => {
    it('answers every installment and payment of the year, with totals that are the sums of the rows', async () => {
      const response = await get(student, summaryUrl(student));
      expect(response.statusCode, response.body).toBe(200);
      const result: FeeSummary = response.json().result;
      expect(result.is_fine_configured).toBe(true);
      expect(
        result.a_install_li.map((row) => [
          row.install_no,
          row.d_date,
          row.stnd_n,
          row.t_amount,
          row.p_amount,
          row.d_amount,
          row.balance_fine,
          row.p_status,
          row.is_overdue,
        ]),
      ).toEqual([
        [1, '2026-04-10', 'Class 6', rs(14_000), rs(14_000), 0, 0, 'Y', false],
        [2, '2026-10-10', 'Class 6', rs(15_000), rs(8_000), rs(7_000), 0, 'N', true],
        // Due on the 19th, today the 21st: more than one day past.
        [3, '2026-11-19', 'Class 6', rs(15_180), 0, rs(15_180), 0, 'N', true],
        [4, '2027-01-10', 'Class 6', rs(15_000), 0, rs(15_000), 0, 'N', false],
      ]);
      expect(result.a_install_li[0]).toMatchObject({ initial_amount: rs(15_000), disc_amount: rs(1_000), c_n: null });
      expect(result.a_install_li[2]).toMatchObject({ tax_amount: rs(180), bad_debt_amount: 0 });
      expect(result.p_install_li).toEqual([
        {
          install_nos: '1',
          p_date: '2026-04-05',
          stnd_n: 'Class 6',
          c_n: null,
          p_method: 'UPI',
          f_rec_no: 'SPS-0001',
          p_amount: rs(14_000),
          d_amount: 0,
          financial_yr: '2026-27',
        },
        {
          install_nos: '2',
          p_date: '2026-10-20',
          stnd_n: 'Class 6',
          c_n: null,
          p_method: 'Cash',
          f_rec_no: 'SPS-0002',
          p_amount: rs(8_500),
          d_amount: rs(7_000),
          financial_yr: '2026-27',
        },
      ]);
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      expect(result.total_paid_amount).toBe(sum(result.p_install_li.map((row) => row.p_amount)));
      expect(result.total_unpaid_amount).toBe(sum(result.a_install_li.map((row) => row.d_amount + row.balance_fine)));
      expect(result.total_fee_amount).toBe(sum(result.a_install_li.map((row) => row.t_amount + row.fine_amount)));
      expect(result.total_fee_amount).toBe(result.total_paid_amount + result.total_unpaid_amount);
    });

    it('answers another year on its own', async () => {
      const result: FeeSummary = (await get(student, summaryUrl(student, school.previousYear.id))).json().result;
      expect(result.p_install_li.map((row) => [row.f_rec_no, row.financial_yr])).toEqual([['SPS-0000', '2025-26']]);
      expect(result.total_unpaid_amount).toBe(0);
      expect(result.is_fine_configured).toBe(false);
    });

    it("shows a parent the selected child's fees", async () => {
      const result: FeeSummary = (await get(parent, summaryUrl(parent))).json().result;
      expect(parent.student_id).toBe(studentId);
      expect(result.p_install_li.map((row) => row.f_rec_no)).toEqual(['SPS-0001', 'SPS-0002']);
    });

    it('names the batch for a coaching institute', async () => {
      const coachingYear = coachingStudent.current_acad_yr_id!;
      const response = await get(coachingStudent, summaryUrl(coachingStudent, coachingYear), 'coaching.test');
      const result: FeeSummary = response.json().result;
      expect(result.a_install_li[0]).toMatchObject({ stnd_n: null, c_n: 'A' });
      expect(result.is_fine_configured).toBe(false);
    });

    it("refuses another student's fees without any of their data", async () => {
      const response = await get(student, summaryUrl(student, school.currentYear.id, classmate.student_id));
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('SPS-0100');
      expect(response.body).not.toContain('999900');
    });

    it("refuses another institute's student and year", async () => {
      const otherInstitute = await get(
        student,
        `/api/v1/studentWise/fee/${coachingStudent.institute_id}/students/${coachingStudent.student_id}/${coachingStudent.current_acad_yr_id}`,
      );
      expect(otherInstitute.statusCode).toBe(403);
      const otherYear = await get(student, summaryUrl(student, coachingStudent.current_acad_yr_id!));
      expect(otherYear.statusCode).toBe(404);
      expect(otherYear.body).not.toContain('total_fee_amount');
    });

    it('answers an empty year with zeros', async () => {
      const result = (await get(classmate, summaryUrl(classmate, school.previousYear.id))).json().result;
      expect(result).toEqual({
        total_fee_amount: 0,
        total_paid_amount: 0,
        total_unpaid_amount: 0,
        is_fine_configured: false,
        p_install_li: [],
        a_install_li: [],
      });
    });

    it('refuses a malformed year with a 400, not a 500', async () => {
      const response = await get(
        student,
        `/api/v1/studentWise/fee/${student.institute_id}/students/${student.student_id}/abc`,
      );
      expect(response.statusCode).toBe(400);
    });
  });

  describe('GET /api/v1/studentWise/fee/{studentId}/feeReceipt/{receiptNo}/download', () => {
    it('answers a short-lived address of a real PDF with the number, amount and verification code', async () => {
      const file = await download(student, 'SPS-0002');
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toContain('attachment');
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(file.rawPayload)), {
        mergePages: true,
      });
      expect(text).toContain('Sunrise Public School');
      expect(text).toContain('SPS-0002');
      expect(text).toContain('Kavya Menon');
      expect(text).toContain('Rs 8,500.00');
      expect(text).toContain('Rupees Eight Thousand Five Hundred Only');
      expect(text).toContain('Cash');
      expect(text).toContain('20-10-2026');
      const [receipt] = await app.db
        .select({ code: feeReceipts.verificationCode })
        .from(feeReceipts)
        .orderBy(feeReceipts.paymentId)
        .offset(1)
        .limit(1);
      expect(receipt!.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(text).toContain(receipt!.code);
    });

    it('serves the identical bytes on every download', async () => {
      const hash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
      const first = await download(student, 'SPS-0001');
      const second = await download(parent, 'SPS-0001');
      expect(hash(second.rawPayload)).toBe(hash(first.rawPayload));
    });

    it("refuses another student's receipt and another institute's without data", async () => {
      for (const receiptNo of [classmateReceipt, coachingReceipt, 'SPS-9999']) {
        const response = await get(student, receiptUrl(student, receiptNo));
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('awsDownloadLink');
      }
      const asOther = await get(classmate, receiptUrl(student, 'SPS-0001'));
      expect(asOther.statusCode).toBe(404);
    });

    it('refuses a receipt named with another year or financial year', async () => {
      expect((await get(student, receiptUrl(student, 'SPS-0001', '2025-26'))).statusCode).toBe(404);
      expect((await get(student, receiptUrl(student, 'SPS-0001', '2026-27', school.previousYear.id))).statusCode).toBe(
        404,
      );
    });

    it('refuses every receipt while the institute has the receipt option off', async () => {
      const url = `/api/v1/studentWise/fee/${coachingStudent.student_id}/feeReceipt/${coachingReceipt}/download?fin_yr=2026-27&acad_year=${coachingStudent.current_acad_yr_id}`;
      const response = await get(coachingStudent, url, 'coaching.test');
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Fee receipts are not available for this institute');
      expect(response.body).not.toContain('awsDownloadLink');
    });

    it('refuses a malformed receipt number with a 400', async () => {
      const response = await get(student, receiptUrl(student, 'SPS..%2F0001'));
      expect(response.statusCode).toBe(400);
    });
  });

  describe('GET /verify/receipt/{code}', () => {
    it("confirms a real receipt's number, date, amount and institute, and nothing personal", async () => {
      const response = await get(null, `/verify/receipt/${verificationCode}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('Verified receipt');
      expect(response.body).toContain('SPS-0001');
      expect(response.body).toContain('05-04-2026');
      expect(response.body).toContain('Rs 14,000.00');
      expect(response.body).toContain('Sunrise Public School');
      expect(response.body).not.toContain('Kavya');
      expect(response.body).not.toContain('<script');
    });

    it('refuses a forged code with a not-found page', async () => {
      const forged = `${verificationCode.slice(0, -1)}${verificationCode.endsWith('A') ? 'B' : 'A'}`;
      for (const code of [forged, 'x', '<script>alert(1)</script>']) {
        const response = await get(null, `/verify/receipt/${encodeURIComponent(code)}`);
        expect(response.statusCode).toBe(404);
        expect(response.body).toContain('Receipt not found');
        expect(response.body).not.toContain('<script>alert');
      }
    });

    it("does not confirm a receipt at another institute's address", async () => {
      const response = await get(null, `/verify/receipt/${verificationCode}`, 'coaching.test');
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('SPS-0001');
    });
  });
});
