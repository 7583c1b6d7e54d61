import { feeAlertOn } from '@campus/domain/alerts/alerts-rules';
import { addDays } from '@campus/domain/calendar/calendar';
import { feeDues } from '@campus/domain/fees/fee-summary';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeePayment, createFeePlan } from '../../../test/factories/fees.ts';
import { createInstitute, createStudent, type TestInstitute } from '../../../test/factories/institutes.ts';
import { createMigratedDatabase, createTestStorage, fixedNow } from '../../../test/helpers.ts';
import type { Database } from '../../db/client.ts';
import { alerts } from '../../db/schema/alerts.ts';
import { findAllStudentAllocations, findInstallmentsDueBetween } from '../fees/index.ts';
import { produceFeeAlerts } from './alerts.repository.ts';

const rs = (rupees: number) => rupees * 100;

/**
 * The fee alerts' SQL against the domain's rules: which alert an installment calls for at a moment (feeAlertOn) and
 * what is left to pay (the fee ledger's feeDues), across a table of due dates, moments and zones.
 */
describe('produceFeeAlerts agrees with the domain', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createMigratedDatabase();
  });
  afterAll(() => database?.close());

  /** What the statement writes at `now` for the student's own login, by installment id, from no alerts at all. */
  async function kindsAt(school: TestInstitute, userId: number, now: Date) {
    await database.db.delete(alerts).where(eq(alerts.instituteId, school.id));
    await produceFeeAlerts(database.db, now, school.id);
    const rows = await database.db
      .select({ kind: alerts.kind, eventKey: alerts.eventKey, data: alerts.data })
      .from(alerts)
      .where(and(eq(alerts.instituteId, school.id), eq(alerts.userId, userId)));
    return new Map(rows.map((row) => [Number(row.eventKey), row]));
  }

  // Moments around the due dates, at the edges of local days: in Kolkata (+05:30), in UTC, and in New York (−05:00).
  const moments = [
    '2026-11-21T06:30:00Z',
    '2026-11-20T18:29:00Z',
    '2026-11-20T18:31:00Z',
    '2026-11-21T23:59:00Z',
    '2026-11-22T00:01:00Z',
    '2026-11-22T04:59:00Z',
    '2026-11-22T05:01:00Z',
    '2026-11-18T12:00:00Z',
    '2026-11-24T20:00:00Z',
  ];

  it.each(['Asia/Kolkata', 'UTC', 'America/New_York'])(
    'in %s: the same kind as feeAlertOn, at every moment',
    async (timeZone) => {
      const db = database.db;
      const school = await createInstitute(db, { timeZone });
      const student = await createStudent(db, school);
      // An installment due on each day from the 13th to the 29th of November.
      const dueDates = Array.from({ length: 17 }, (_, day) => addDays('2026-11-13', day));
      const ids = await createFeePlan(db, school, student.studentId, {
        installments: dueDates.map((due) => ({ due, amount: rs(1_000) })),
      });
      for (const moment of moments) {
        const now = new Date(moment);
        const written = await kindsAt(school, student.userId, now);
        const expected = new Map(
          ids.flatMap((id, index) => {
            const kind = feeAlertOn(dueDates[index]!, now, timeZone);
            return kind ? [[id, kind] as const] : [];
          }),
        );
        expect(new Map([...written].map(([id, row]) => [id, row.kind])), `${moment} in ${timeZone}`).toEqual(expected);
        // The table is not empty: each moment sees some due, some overdue (a rule that wrote nothing would fail).
        expect([...expected.values()]).toContain('fee-due');
        expect([...expected.values()]).toContain('fee-overdue');
      }
    },
  );

  it('what is left is the fee ledger’s balance and fine still due, and paid or written-off ones say nothing', async () => {
    const db = database.db;
    const storage = createTestStorage();
    const school = await createInstitute(db);
    const student = await createStudent(db, school);
    const ids = await createFeePlan(db, school, student.studentId, {
      installments: [
        { due: '2026-11-10', amount: rs(10_000) },
        { due: '2026-11-11', amount: rs(10_000), fine: rs(500) },
        { due: '2026-11-12', amount: rs(10_000), discount: rs(2_000), tax: rs(360), fine: rs(300) },
        { due: '2026-11-13', amount: rs(10_000), badDebt: rs(4_000) },
        { due: '2026-11-14', amount: rs(10_000) },
        { due: '2026-11-15', amount: rs(10_000), fine: rs(200) },
        { due: '2026-11-22', amount: rs(5_000), discount: rs(5_000) },
        { due: '2026-11-23', amount: rs(7_000), tax: rs(70) },
      ],
    });
    await createFeePayment(db, storage, school, {
      studentId: student.studentId,
      parts: [
        { studentInstallmentId: ids[1]!, amount: rs(10_000) },
        { studentInstallmentId: ids[2]!, amount: rs(3_000), fine: rs(100) },
        { studentInstallmentId: ids[4]!, amount: rs(10_000) },
        { studentInstallmentId: ids[5]!, amount: rs(10_000), fine: rs(200) },
        { studentInstallmentId: ids[7]!, amount: rs(1_000) },
      ],
    });
    const ledger = { instituteId: school.id, studentId: student.studentId };
    const dues = feeDues(
      await findInstallmentsDueBetween(db, { ...ledger, from: '2000-01-01', to: '2100-01-01' }),
      await findAllStudentAllocations(db, ledger),
      { now: fixedNow, timeZone: 'Asia/Kolkata' },
    );
    const written = await kindsAt(school, student.userId, fixedNow);
    expect(new Map([...written].map(([id, row]) => [id, row.data.left]))).toEqual(
      new Map(dues.map((due) => [due.id, due.balance])),
    );
    // The ledger's figures, by hand: the fine alone, the rest of a discounted and taxed one with its fine, a
    // written-off one nothing, a fully paid one nothing, the one due in two days what its payment left.
    expect(dues.map((due) => [ids.indexOf(due.id), due.balance])).toEqual([
      [0, rs(10_000)],
      [1, rs(500)],
      [2, rs(5_360) + rs(200)],
      [7, rs(6_070)],
    ]);
  });
});
