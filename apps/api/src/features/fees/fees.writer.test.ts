import { beforeAll, describe, expect, it } from 'vitest';
import { createFeePayment } from '../../../test/factories/fees.ts';
import { createStudent, type TestInstitute } from '../../../test/factories/institutes.ts';
import { createTestStorage } from '../../../test/helpers.ts';
import { useInstituteDatabase } from '../../../test/institute-database.ts';
import type { Db } from '../../db/client.ts';
import {
  billStudents,
  createFeeStructures,
  deleteFeeStructures,
  deleteStudentFees,
  findBilledInstallments,
  findFeeStructures,
  findInstallments,
  paymentParts,
  updateFeeStructure,
} from './fees.writer.ts';

// The fees writer's rules, on the rows the admin API, the demo and the factories all write through it.
describe('the fees writer', () => {
  const opened = useInstituteDatabase();
  let db: Db;
  let school: TestInstitute;
  let studentId: number;
  beforeAll(async () => {
    ({ db, school } = opened);
    studentId = (await createStudent(db, school)).studentId;
  });

  /** A structure of two installments, the student billed both (a discount on the first): its id and the shares. */
  async function twoInstallmentPlan() {
    const academicYearId = school.currentYear.id;
    const [structureId] = await createFeeStructures(db, school.id, [
      {
        academicYearId,
        name: 'Annual fees',
        standardId: school.standardId,
        batchId: null,
        lateFineAmount: null,
        installments: [
          { installNo: 1, dueDate: '2026-06-10', amount: 10_000 },
          { installNo: 2, dueDate: '2026-12-10', amount: 20_000 },
        ],
      },
    ]);
    const items = (await findInstallments(db, school.id, [structureId!])).get(structureId!)!;
    const shares = await billStudents(
      db,
      school.id,
      items.map((item, index) => ({
        studentId,
        academicYearId,
        installmentId: item.id,
        initialAmount: item.amount,
        discountAmount: index === 0 ? 1_000 : 0,
        taxAmount: 0,
      })),
    );
    return { structureId: structureId!, shares };
  }

  it('carries a changed installment amount to the students billed it, keeping their own discount', async () => {
    const { structureId } = await twoInstallmentPlan();
    const stored = (await findFeeStructures(db, school.id, [structureId])).get(structureId)!;
    await updateFeeStructure(db, school.id, structureId, {
      ...stored,
      installments: [{ ...stored.installments[0]!, amount: 12_000 }, stored.installments[1]!],
    });
    const items = (await findInstallments(db, school.id, [structureId])).get(structureId)!;
    expect(items.map((item) => item.amount)).toEqual([12_000, 20_000]);
    const billed = await findBilledInstallments(
      db,
      school.id,
      items.map((item) => item.id),
    );
    expect(
      [...billed.values()]
        .sort((a, b) => a.installmentId - b.installmentId)
        .map((row) => [row.initialAmount, row.discountAmount]),
    ).toEqual([
      [12_000, 1_000],
      [20_000, 0],
    ]);
  });

  it('refuses to delete a structure students are billed, or a share a payment paid towards', async () => {
    const { structureId, shares } = await twoInstallmentPlan();
    // A conflict the client can read (409 with the rule), should a caller reach it without the admin's own check.
    await expect(deleteFeeStructures(db, school.id, [structureId])).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining("has 2 students' installments billed, so it cannot be deleted"),
    });
    await createFeePayment(db, createTestStorage(), school, {
      studentId,
      parts: [{ studentInstallmentId: shares[0]!, amount: 9_000 }],
    });
    const items = (await findInstallments(db, school.id, [structureId])).get(structureId)!;
    await expect(deleteStudentFees(db, school.id, [[studentId, items[0]!.id]])).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('has payments towards it, so it cannot be deleted'),
    });
    expect((await findFeeStructures(db, school.id, [structureId])).has(structureId)).toBe(true);
  });

  it("pays only the structure's installments that are billed to the student", () => {
    const installments = [
      { id: 11, installNo: 1, dueDate: '2026-06-10', amount: 10_000 },
      { id: 12, installNo: 2, dueDate: '2026-12-10', amount: 20_000 },
    ];
    const billed = new Map([[`7|11`, { id: 101 }]]);
    expect(paymentParts(installments, billed, { studentId: 7, installNos: [1], amounts: [500], fines: [50] })).toEqual({
      parts: [{ studentInstallmentId: 101, amount: 500, fine: 50 }],
      problems: [],
    });
    expect(paymentParts(installments, billed, { studentId: 7, installNos: [2, 3], amounts: [1, 1] }).problems).toEqual([
      'the student is not billed installment 2 of this fee structure (load student-fees first)',
      'the fee structure has no installment 3',
    ]);
  });
});
