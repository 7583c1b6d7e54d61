// Names, modes, titles, codes and ids are printed on one line (a receipt's "Student" and "Mode" beside "Amount
// Paid"): the admin API and the CSV import refuse line breaks, control and text-direction characters in them, and
// the receipt PDF strips them from whatever the database holds. Multi-line text keeps its line breaks.
import { Readable } from 'node:stream';
import type { AdminKind } from '@campus/domain/admin/admin.endpoints';
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { smsOutbox } from '../src/db/schema/auth.ts';
import { students, users } from '../src/db/schema/users.ts';
import { importCsv } from '../src/features/admin/import.service.ts';
import type { Storage } from '../src/lib/storage.ts';
import { createAdminKey, kindExamples } from './admin-kit.ts';
import { createFeePayment, createFeePlan } from './factories/fees.ts';
import { createInstitute, createStudent } from './factories/institutes.ts';
import { createMigratedDatabase, createTestApp, createTestStorage, fixedNow } from './helpers.ts';

const refusal = (found: string) =>
  `must be on one line: no line breaks, tabs, control or text-direction characters (found ${found})`;

describe('single-line fields', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let db: Db;
  let storage: Storage;
  let instituteId: number;
  let key: string;
  const host = 'single-line.test';
  const send = (kind: string, rows: unknown[]) =>
    app.inject({
      method: 'POST',
      url: `/api/admin/v1/${kind}`,
      headers: { host, 'x-api-key': key },
      payload: { rows },
    });
  const example = (kind: AdminKind) => kindExamples.find((each) => each.kind === kind)!.rows[0]!;

  beforeAll(async () => {
    const database = await createMigratedDatabase();
    db = database.db;
    storage = createTestStorage();
    instituteId = (await createInstitute(db, { host })).id;
    ({ key } = await createAdminKey(db, instituteId));
    app = await createTestApp({ database, storage });
  });
  afterAll(() => app.close());

  // The rows are refused by their fields, before any reference is looked up: no frame of other rows is needed.
  it.each([
    ['students', 'name', 'Evil Name\nAmount Paid: Rs 0.00', 'a line break (U+000A)'],
    ['students', 'admission_no', 'ADM-1\r\nPaid', 'a line break (U+000D)'],
    ['students', 'external_id', 'S-1\u202e', 'a text-direction character (U+202E)'],
    ['payments', 'mode', 'Cash\nRefund approved', 'a line break (U+000A)'],
    ['payments', 'receipt_no', 'R1\u2066', 'a text-direction character (U+2066)'],
    ['teachers', 'name', 'Anita\tRao', 'a tab (U+0009)'],
    ['academic-years', 'name', '2026-27\u0085', 'a line break (U+0085)'],
    ['standards', 'name', 'Class\u200f 6', 'a text-direction character (U+200F)'],
    ['batches', 'name', 'A\nB', 'a line break (U+000A)'],
    ['fee-structures', 'name', 'Tuition\nWaived', 'a line break (U+000A)'],
    ['announcements', 'title', 'Sports day\nCancelled', 'a line break (U+000A)'],
    ['tests', 'name', 'Unit test\u0007', 'a control character (U+0007)'],
    ['questions', 'section', 'Maths\nPhysics', 'a line break (U+000A)'],
    ['library-topics', 'name', 'Frac\u2028tions', 'a line break (U+2028)'],
    ['offline-results', 'subject', 'Maths\nScience', 'a line break (U+000A)'],
  ] as [AdminKind, string, string, string][])(
    'the admin API refuses %s.%s with a control or direction character, naming the row and field',
    async (kind, field, value, found) => {
      const response = await send(kind, [{ ...example(kind), [field]: value }]);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().message).toContain(`row 0, ${field}: ${refusal(found)}`);
    },
  );

  it('keeps the line breaks of multi-line fields: an address, a message', async () => {
    const student = { external_id: 'ML-1', name: 'Asha Verma', phone: '9822000001', password: 'first-pass-1' };
    const stored = await send('students', [{ ...student, address: '12 Park Road\nBengaluru 560001' }]);
    expect(stored.statusCode, stored.body).toBe(200);
    const addresses = await db
      .select({ address: students.address })
      .from(students)
      .where(eq(students.instituteId, instituteId));
    expect(addresses.map((row) => row.address)).toContain('12 Park Road\nBengaluru 560001');
    const message = await send('messages', [
      { external_id: 'MSG-1', phone: '9822000001', body: 'School closes early.\nBuses at 12:30.' },
    ]);
    expect(message.statusCode, message.body).toBe(200);
    const bodies = await db
      .select({ body: smsOutbox.body })
      .from(smsOutbox)
      .where(eq(smsOutbox.instituteId, instituteId));
    expect(bodies.map((row) => row.body)).toContain('School closes early.\nBuses at 12:30.');
  });

  it('the CSV import refuses them too, naming the line and the field, and changes nothing', async () => {
    const report = await importCsv({
      db,
      instituteId,
      kind: 'students',
      input: Readable.from([
        Buffer.from(
          'external_id,name,phone,password\nIMP-1,Ravi Kumar,9822000002,first-pass-2\nIMP-2,"Evil Name\nAmount Paid: Rs 0.00",9822000003,first-pass-3\n',
        ),
      ]),
      now: fixedNow,
    });
    expect(report.committed).toBe(false);
    // The quoted cell spans two lines of the file: the row is named by the line it ends on, as the import does.
    expect(report.errors).toEqual([{ line: 4, field: 'name', rule: refusal('a line break (U+000A)') }]);
    const written = await db
      .select()
      .from(users)
      .where(and(eq(users.instituteId, instituteId), eq(users.name, 'Ravi Kumar')));
    expect(written).toEqual([]);
  });

  it('prints a name and a mode written straight into the database on their own line of the receipt', async () => {
    const institute = await createInstitute(db, { host: 'receipt-lines.test', isFeeReceiptEnabled: true });
    const login = await createStudent(db, institute, { user: { name: 'Evil Name\nAmount Paid: Rs 0.00' } });
    const [installment] = await createFeePlan(db, institute, login.studentId, {
      installments: [{ due: '2026-10-10', amount: 1_500_000 }],
    });
    const payment = await createFeePayment(db, storage, institute, {
      studentId: login.studentId,
      mode: 'Cash\r\nRefund approved\u202e',
      parts: [{ studentInstallmentId: installment!, amount: 1_500_000 }],
    });
    const { stream } = await storage.open(payment.pdfFileKey);
    const pdf = Buffer.concat(await stream.toArray());
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    const lines = text.split('\n');
    expect(lines).toContain('Student Evil Name Amount Paid: Rs 0.00');
    expect(lines).toContain('Mode Cash Refund approved');
    // The only line that says what was paid is the real one.
    expect(lines.filter((line) => line.startsWith('Amount Paid'))).toEqual(['Amount Paid: Rs 15,000.00']);
    expect(lines.filter((line) => line.startsWith('Refund'))).toEqual([]);
    expect(text).not.toMatch(/[\u202a-\u202e]/);
  });
});
