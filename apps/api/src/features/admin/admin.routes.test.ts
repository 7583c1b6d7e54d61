import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminKey, kindExamples } from '../../../test/admin-kit.ts';
import { postLogin, signIn } from '../../../test/auth-helpers.ts';
import { createInstitute } from '../../../test/factories/institutes.ts';
import { createMigratedDatabase, createTestApp } from '../../../test/helpers.ts';
import { waitForJobs } from '../../../test/jobs.ts';
import { findExternalIds } from './admin.repository.ts';
import { adminApiKeys, adminAudit } from '../../db/schema/admin.ts';
import { assignments, submissions } from '../../db/schema/assignments.ts';
import { feePayments, feeReceipts, studentInstallments } from '../../db/schema/fees.ts';
import { announcements } from '../../db/schema/home.ts';
import { attendance, classSessions } from '../../db/schema/timetable.ts';
import { enrolments, users } from '../../db/schema/users.ts';

// Every kind loaded into an empty school through the admin API, in the order a first load runs: create, rerun,
// change, broken rows, all-or-nothing, then deletes; and the key rules (other institute, revoked, sessions).
describe('admin API /api/admin/v1', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let key: string;
  let keyId: number;
  let instituteId: number;
  let otherKey: string;
  const host = 'school.test';

  const send = (kind: string, rows: unknown[], options: { key?: string; host?: string; remove?: boolean } = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/admin/v1/${kind}${options.remove ? '/delete' : ''}`,
      headers: { host: options.host ?? host, 'x-api-key': options.key ?? key },
      payload: { rows },
    });

  const auditCount = async (kind: string) => {
    const [row] = await app.db
      .select({ total: count() })
      .from(adminAudit)
      .where(and(eq(adminAudit.instituteId, instituteId), eq(adminAudit.kind, kind)));
    return row!.total;
  };

  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const school = await createInstitute(database.db, { host });
    const other = await createInstitute(database.db, { host: 'other.test' });
    instituteId = school.id;
    ({ key, id: keyId } = await createAdminKey(database.db, school.id, 'nightly sync'));
    ({ key: otherKey } = await createAdminKey(database.db, other.id, 'other sync'));
    app = await createTestApp({ database, rateLimits: { loginPerMinute: 1000 } });
  });
  afterAll(() => app.close());

  describe.each(kindExamples)('$kind', ({ kind, rows, change, broken, immutable }) => {
    it('creates the rows, and writes an audit row for each with the key and the new id', async () => {
      const response = await send(kind, rows);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ kind, created: 2, updated: 0, unchanged: 0 });
      const audit = await app.db
        .select()
        .from(adminAudit)
        .where(and(eq(adminAudit.instituteId, instituteId), eq(adminAudit.kind, kind)));
      expect(audit).toHaveLength(2);
      expect(audit.every((row) => row.keyId === keyId && row.action === 'create' && row.afterId !== null)).toBe(true);
    });

    it('reports a rerun of the same rows unchanged, and audits nothing', async () => {
      const response = await send(kind, rows);
      expect(response.json()).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
      expect(await auditCount(kind)).toBe(2);
    });

    it('updates a row found by its external id (or refuses the change of a row that never changes)', async () => {
      if (immutable) {
        const refused = await send(kind, [{ ...rows[0], ...change }, rows[1]]);
        expect(refused.statusCode, refused.body).toBe(422);
        expect(refused.json().message).toBe(`row 0, external_id: ${immutable}`);
        expect(await auditCount(kind)).toBe(2);
        return;
      }
      const response = await send(kind, [{ ...rows[0], ...change }, rows[1]]);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
      expect(response.json().rows.map((row: { action: string }) => row.action)).toEqual(['updated', 'unchanged']);
      expect(await auditCount(kind)).toBe(3);
    });

    it('refuses a batch with a broken row (422 naming the row and the field) and writes none of it', async () => {
      const fresh = await send(kind, [immutable ? rows[0] : { ...rows[0], ...change }, broken.row]);
      expect(fresh.statusCode, fresh.body).toBe(422);
      expect(fresh.json().message).toContain(`row 1, ${broken.field}:`);
      // The valid row of the refused batch was not written either.
      expect(await auditCount(kind)).toBe(immutable ? 2 : 3);
    });

    it('refuses a key of another institute, and a call through another institute’s host', async () => {
      expect((await send(kind, rows, { key: otherKey })).statusCode).toBe(403);
      expect((await send(kind, rows, { host: 'other.test' })).statusCode).toBe(403);
      expect((await send(kind, rows, { key: 'cpa_not-a-key' })).statusCode).toBe(401);
      expect(await auditCount(kind)).toBe(immutable ? 2 : 3);
    });
  });

  it('answers rows that repeat an external id in one batch with the row they repeat', async () => {
    const response = await send('standards', [
      { external_id: 'STD8', name: 'Class 8' },
      { external_id: 'STD8', name: 'Class 8 again' },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('row 1, external_id: repeats row 0 of this batch');
  });

  it('applies a batch whole or not at all: a row naming an unknown row refuses the rows before it', async () => {
    const response = await send('teachers', [
      { external_id: 'T10', name: 'New teacher' },
      { external_id: 'T11', name: 'Another', email: 'x' },
    ]);
    expect(response.statusCode).toBe(422);
    const rerun = await send('teachers', [{ external_id: 'T10', name: 'New teacher' }]);
    expect(rerun.json()).toMatchObject({ created: 1 });
  });

  it('signs in the imported student with the first password, and the parent sees their child', async () => {
    const student = await signIn(app, { user_name: '9822222221', password: 'first-pass-1' }, { host });
    expect(student.name).toBe('Asha Verma');
    const parent = await postLogin(app, { user_name: '9833333331', password: 'parent-pass-1' }, { host });
    expect(parent.statusCode).toBe(200);
    expect(parent.body).toContain('Asha Verma');
    // The SSO-only parent has no password that could match.
    const ssoOnly = await postLogin(app, { user_name: '9833333332', password: '!sso-only' }, { host });
    expect(ssoOnly.body).not.toContain('student_auth');
  });

  it('answers a generated first password once for a login created without one, and it signs in', async () => {
    const response = await send('students', [{ external_id: 'S20', name: 'Kiran', phone: '9822222229' }]);
    const [generated] = response.json().passwords;
    expect(generated).toMatchObject({ key: 'S20', login: '9822222229' });
    await signIn(app, { user_name: '9822222229', password: generated.password }, { host });
    const rerun = await send('students', [{ external_id: 'S20', name: 'Kiran', phone: '9822222229' }]);
    expect(rerun.json().passwords).toEqual([]);
  });

  it('refuses a new student with another student’s admission number (409 naming the row and the field)', async () => {
    const response = await send('students', [
      { external_id: 'S30', name: 'Neha', phone: '9822222230', sso_only: 'yes' },
      { external_id: 'S31', name: 'Arjun', phone: '9822222231', sso_only: 'yes', admission_no: 'ADM-002' },
    ]);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toBe('row 1, admission_no: "ADM-002" is taken by another row');
    expect((await send('students', [{ external_id: 'S30', name: 'Neha', phone: '9822222230' }])).json()).toMatchObject({
      created: 1,
    });
  });

  describe('deletes', () => {
    it('soft-deletes a student: the login is blocked, the rows stay, and an upsert restores it', async () => {
      const response = await send('students', [{ external_id: 'S20' }], { remove: true });
      expect(response.json()).toMatchObject({ deleted: 1 });
      const [row] = await app.db
        .select()
        .from(users)
        .where(and(eq(users.instituteId, instituteId), eq(users.phone, '9822222229')));
      expect(row!.isBlocked).toBe(true);
      const again = await send('students', [{ external_id: 'S20', name: 'Kiran', phone: '9822222229' }]);
      expect(again.json()).toMatchObject({ restored: 1 });
      const [restored] = await app.db
        .select()
        .from(users)
        .where(and(eq(users.instituteId, instituteId), eq(users.phone, '9822222229')));
      expect(restored!.isBlocked).toBe(false);
    });

    it('soft-deletes an announcement: it stays, inactive', async () => {
      expect((await send('announcements', [{ external_id: 'N2' }], { remove: true })).json()).toMatchObject({
        deleted: 1,
      });
      const rows = await app.db.select().from(announcements).where(eq(announcements.instituteId, instituteId));
      expect(rows.find((row) => row.title.startsWith('Class 6 trip'))!.isActive).toBe(false);
    });

    it('refuses to delete homework students have worked on, and deletes the rest for good', async () => {
      const refused = await send('assignments', [{ external_id: 'H1' }, { external_id: 'H2' }], { remove: true });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toContain('row 1, external_id: has 2 students');
      const deleted = await send('assignments', [{ external_id: 'H1' }], { remove: true });
      expect(deleted.json()).toMatchObject({ deleted: 1 });
      expect(await app.db.select().from(assignments).where(eq(assignments.instituteId, instituteId))).toHaveLength(1);
    });

    it('deletes an enrolment for good, and answers a pair it does not hold missing', async () => {
      const response = await send(
        'enrolments',
        [
          { student_external_id: 'S2', batch_external_id: '6A' },
          { student_external_id: 'S2', batch_external_id: '7A' },
        ],
        { remove: true },
      );
      expect(response.json()).toMatchObject({ deleted: 1 });
      expect(response.json().rows.map((row: { action: string }) => row.action)).toEqual(['deleted', 'missing']);
      const rows = await app.db.select().from(enrolments).where(eq(enrolments.instituteId, instituteId));
      expect(rows).toHaveLength(1);
      const [audit] = await app.db
        .select()
        .from(adminAudit)
        .where(
          and(
            eq(adminAudit.instituteId, instituteId),
            eq(adminAudit.kind, 'enrolments'),
            eq(adminAudit.action, 'delete'),
          ),
        );
      const student = (await findExternalIds(app.db, instituteId, 'students', ['S2'])).get('S2')!;
      expect(audit).toMatchObject({ externalId: 'S2|6A', beforeId: student.internalId, afterId: null });
    });

    it('takes an evaluation back without losing the submission', async () => {
      const response = await send('evaluations', [{ assignment_external_id: 'H2', student_external_id: 'S2' }], {
        remove: true,
      });
      expect(response.json()).toMatchObject({ deleted: 1 });
      const rows = await app.db.select().from(submissions).where(eq(submissions.instituteId, instituteId));
      expect(rows.map((row) => row.teacherStatus).sort()).toEqual(['Evaluated', 'Pending']);
    });

    it('refuses to delete a class session with attendance; deletes the attendance mark, then the session', async () => {
      const refused = await send('class-sessions', [{ external_id: 'CS2' }, { external_id: 'CS1' }], {
        remove: true,
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(
        'row 0, external_id: has 2 recordings, so it cannot be deleted; ' +
          'row 1, external_id: has attendance of 2 students, so it cannot be deleted',
      );
      const marks = await send(
        'attendance',
        [
          { class_session_external_id: 'CS1', student_external_id: 'S1' },
          { class_session_external_id: 'CS1', student_external_id: 'S2' },
        ],
        { remove: true },
      );
      expect(marks.json()).toMatchObject({ deleted: 2 });
      expect(await app.db.select().from(attendance).where(eq(attendance.instituteId, instituteId))).toEqual([]);
      const deleted = await send('class-sessions', [{ external_id: 'CS1' }], { remove: true });
      expect(deleted.json()).toMatchObject({ deleted: 1 });
      const left = await app.db.select().from(classSessions).where(eq(classSessions.instituteId, instituteId));
      expect(left.map((row) => [row.name, row.meetingWith, row.sessionLink])).toEqual([
        ['Photosynthesis live', 'Zoom', 'https://zoom.example/j/123456'],
      ]);
    });

    it('issued a receipt for each payment, in paise, and refuses to delete a payment or what it paid', async () => {
      const payments = await app.db.select().from(feePayments).where(eq(feePayments.instituteId, instituteId));
      expect(payments.map((row) => [row.receiptNo, row.mode, row.amount, row.financialYear]).sort()).toEqual([
        ['GV-2026-0002', 'UPI', 3_050_000, '2026-27'],
        ['R-0001', 'Cash', 1_300_000, '2026-27'],
      ]);
      // Drawn by the receipt-render job after the batch committed.
      await waitForJobs(app.jobs);
      const receipts = await app.db.select().from(feeReceipts).where(eq(feeReceipts.instituteId, instituteId));
      expect(receipts).toHaveLength(2);
      expect(receipts.every((receipt) => receipt.pdfFileKey !== null)).toBe(true);
      const { stream, size } = await app.storage.open(receipts[0]!.pdfFileKey!);
      const head = (await stream.take(1).toArray())[0] as Buffer;
      stream.destroy();
      expect(size).toBeGreaterThan(1000);
      expect(head.subarray(0, 5).toString()).toBe('%PDF-');
      const payment = await send('payments', [{ external_id: 'R-0001' }], { remove: true });
      expect(payment.statusCode).toBe(422);
      expect(payment.json().message).toBe(
        'row 0, external_id: is a recorded payment whose receipt is issued, so it cannot be deleted',
      );
      const billed = await send('student-fees', [{ student_external_id: 'S1', fee_structure_external_id: 'FS6' }], {
        remove: true,
      });
      expect(billed.json().message).toBe('row 0, (key): has payments towards it, so it cannot be deleted');
      const structure = await send('fee-structures', [{ external_id: 'FS6' }], { remove: true });
      expect(structure.json().message).toBe(
        "row 0, external_id: has 6 students' installments billed, so it cannot be deleted",
      );
      expect(await app.db.select().from(feeReceipts).where(eq(feeReceipts.instituteId, instituteId))).toHaveLength(2);
    });

    it('bills a structure’s changed installment amount to the students billed it', async () => {
      const kinds = 'fee-structures';
      expect(
        (await send(kinds, [kindExamples.find((example) => example.kind === kinds)!.rows[0]])).json(),
      ).toMatchObject({
        updated: 1,
      });
      const rows = await app.db
        .select()
        .from(studentInstallments)
        .where(eq(studentInstallments.instituteId, instituteId));
      expect(rows.map((row) => row.initialAmount).sort()).toEqual([
        1_500_000, 1_500_000, 1_500_000, 1_500_000, 1_500_050, 1_500_050,
      ]);
    });

    it('refuses to delete a row others still use (422), and answers missing rows as missing', async () => {
      const refused = await send('standards', [{ external_id: 'STD7' }], { remove: true });
      expect(refused.statusCode).toBe(422);
      const missing = await send('events', [{ external_id: 'E404' }], { remove: true });
      expect(missing.json().rows).toEqual([{ row: 0, key: 'E404', action: 'missing' }]);
    });
  });

  it('leaves no receipt in storage for a refused payment batch, and stores one for each payment it records', async () => {
    const files = () =>
      readdirSync((app.storage as unknown as { root: string }).root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && !entry.parentPath.includes('.tmp'))
        .map((entry) => join(entry.parentPath, entry.name));
    const before = files();
    const [first, second] = kindExamples.find((example) => example.kind === 'payments')!.rows;
    const fresh = {
      ...first,
      external_id: 'R-0100',
      receipt_no: 'GV-2026-0100',
      paid_at: '10-07-2026 10:00',
      install_nos: '2',
      amounts: '500',
    };
    // The new payment is written before the changed payment refuses the batch: its receipt is drawn only after a
    // commit, so nothing is stored for it.
    const refused = await send('payments', [fresh, { ...second, mode: 'Cheque' }]);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message).toBe(
      'row 1, external_id: is a recorded payment whose receipt is issued, so it cannot change',
    );
    await waitForJobs(app.jobs);
    expect(files()).toEqual(before);
    expect(await app.db.select().from(feePayments).where(eq(feePayments.receiptNo, 'GV-2026-0100'))).toEqual([]);
    // The same payment alone is recorded, with its receipt the one new file.
    const recorded = await send('payments', [fresh]);
    expect(recorded.json()).toMatchObject({ created: 1 });
    await waitForJobs(app.jobs);
    const added = files().filter((file) => !before.includes(file));
    const [receipt] = await app.db
      .select({ key: feeReceipts.pdfFileKey })
      .from(feeReceipts)
      .innerJoin(feePayments, eq(feePayments.id, feeReceipts.paymentId))
      .where(and(eq(feePayments.instituteId, instituteId), eq(feePayments.receiptNo, 'GV-2026-0100')));
    expect(added).toEqual([join((app.storage as unknown as { root: string }).root, receipt!.key!)]);
  });

  it('documents every kind’s two endpoints in the OpenAPI at /docs, with the fields of its rows', async () => {
    const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    const students = document.paths['/api/admin/v1/students'].post;
    expect(JSON.stringify(students.requestBody)).toContain('admission_no');
    expect(students.parameters.map((parameter: { name: string }) => parameter.name)).toContain('x-api-key');
    for (const example of kindExamples) {
      expect(document.paths[`/api/admin/v1/${example.kind}`].post).toBeDefined();
      expect(document.paths[`/api/admin/v1/${example.kind}/delete`].post).toBeDefined();
    }
  });

  describe('keys and sessions', () => {
    it('refuses a revoked key, and stamps the last use of a live one', async () => {
      const revoked = await createAdminKey(app.db, instituteId, 'old');
      await app.db.update(adminApiKeys).set({ revokedAt: new Date() }).where(eq(adminApiKeys.id, revoked.id));
      expect(
        (await send('standards', [{ external_id: 'STD6', name: 'Class VI' }], { key: revoked.key })).statusCode,
      ).toBe(401);
      const [live] = await app.db.select().from(adminApiKeys).where(eq(adminApiKeys.id, keyId));
      expect(live!.lastUsedAt).not.toBeNull();
    });

    it('refuses a student’s or a parent’s session', async () => {
      const session = await signIn(app, { user_name: '9822222221', password: 'first-pass-1' }, { host });
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/v1/standards',
        headers: { host, authorization: session.student_auth },
        payload: { rows: [{ external_id: 'STD9', name: 'Class 9' }] },
      });
      expect(response.statusCode).toBe(401);
    });
  });
});
