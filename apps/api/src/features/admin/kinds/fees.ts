// Fee structures with their installments, the students billed them, and the payments received (each recorded
// through the fees ledger's recordPayment, which issues the receipt). Amounts are whole paise throughout.
import type { RowProblem } from '@campus/domain/admin/admin-rules';
import { and, asc, count, eq } from 'drizzle-orm';
import {
  feeInstallments,
  feePaymentAllocations,
  feePayments,
  feeStructures,
  studentInstallments,
} from '../../../db/schema/index.ts';
import { recordPayment } from '../../fees/index.ts';
import { anyOf, findExternalIds, insertExternalIds, insertRows, updateRows } from '../admin.repository.ts';
import {
  academicYearsOf,
  chunks,
  defineKind,
  resolveReferences,
  RowProblems,
  sameValue,
  toInstant,
  type KindContext,
  type RowOutcome,
} from './kind.ts';
import { pairKind } from './pair-kind.ts';
import { tableKind, type ChildSet } from './table-kind.ts';

interface Installment {
  installNo: number;
  dueDate: string;
  amount: number;
}

/** The installments of fee structures, in number order, with their ids. */
async function loadInstallments(context: KindContext, structureIds: number[]) {
  const found = new Map<number, (Installment & { id: number })[]>(structureIds.map((id) => [id, []]));
  for (const part of chunks(structureIds, 5000)) {
    const rows = await context.tx
      .select({
        id: feeInstallments.id,
        structureId: feeInstallments.structureId,
        installNo: feeInstallments.installNo,
        dueDate: feeInstallments.dueDate,
        amount: feeInstallments.amount,
      })
      .from(feeInstallments)
      .where(and(eq(feeInstallments.instituteId, context.instituteId), anyOf(feeInstallments.structureId, part)))
      .orderBy(asc(feeInstallments.installNo));
    for (const { structureId, ...row } of rows) found.get(structureId)?.push(row);
  }
  return found;
}

/**
 * A structure's installments, replaced by number: a changed due date or amount is updated in place (and the
 * amount of the students billed it with it), a new number added, a dropped one deleted (refused while billed).
 */
const installments: ChildSet<Installment[]> = {
  async load(context, ids) {
    const found = await loadInstallments(context, ids);
    return new Map([...found].map(([id, rows]) => [id, rows.map(({ id: _id, ...row }) => row)]));
  },
  async save(context, structureId, wanted, isNew) {
    const stored = isNew ? [] : ((await loadInstallments(context, [structureId])).get(structureId) ?? []);
    const byNo = new Map(stored.map((row) => [row.installNo, row]));
    const inserts: Record<string, unknown>[] = [];
    const updates: Record<string, unknown>[] = [];
    const billedAmounts: Record<string, unknown>[] = [];
    for (const item of wanted) {
      const current = byNo.get(item.installNo);
      byNo.delete(item.installNo);
      if (!current) {
        inserts.push({ instituteId: context.instituteId, structureId, ...item });
        continue;
      }
      if (current.dueDate === item.dueDate && current.amount === item.amount) continue;
      updates.push({ instituteId: context.instituteId, id: current.id, dueDate: item.dueDate, amount: item.amount });
      if (current.amount !== item.amount) {
        billedAmounts.push({ instituteId: context.instituteId, installmentId: current.id, initialAmount: item.amount });
      }
    }
    await updateRows(context.tx, feeInstallments, ['instituteId', 'id'], updates);
    await updateRows(context.tx, studentInstallments, ['instituteId', 'installmentId'], billedAmounts);
    await insertRows(context.tx, feeInstallments, inserts);
    const dropped = [...byNo.values()].map((row) => row.id);
    if (dropped.length > 0) {
      // Refused by the foreign key while students are billed it (the batch answers 422).
      await context.tx
        .delete(feeInstallments)
        .where(and(eq(feeInstallments.instituteId, context.instituteId), anyOf(feeInstallments.id, dropped)));
    }
  },
};

export const feeStructuresKind = tableKind({
  kind: 'fee-structures',
  table: feeStructures,
  // Deleted for good, but never one students are billed: their dues and receipts are history.
  deletes: 'hard',
  children: installments,
  build: async (context, rows, problems) => {
    const {
      academic_year_external_id: yearIds,
      standard_external_id: standardIds,
      batch_external_id: batchIds,
    } = await resolveReferences(context, rows, problems, {
      academic_year_external_id: 'academic-years',
      standard_external_id: 'standards',
      batch_external_id: 'batches',
    });
    return (row) => ({
      columns: {
        academicYearId: yearIds.get(row.academic_year_external_id),
        name: row.name,
        standardId: row.standard_external_id ? standardIds.get(row.standard_external_id) : null,
        batchId: row.batch_external_id ? batchIds.get(row.batch_external_id) : null,
        lateFineAmount: row.late_fine ?? null,
      },
      children: row.installment_due_dates.map((dueDate, index) => ({
        installNo: index + 1,
        dueDate,
        amount: row.installment_amounts[index]!,
      })),
    });
  },
  async keep(context, ids) {
    const kept = new Map<number, string>();
    for (const part of chunks(ids, 5000)) {
      const rows = await context.tx
        .select({ id: feeInstallments.structureId, total: count() })
        .from(studentInstallments)
        .innerJoin(
          feeInstallments,
          and(
            eq(feeInstallments.instituteId, studentInstallments.instituteId),
            eq(feeInstallments.id, studentInstallments.installmentId),
          ),
        )
        .where(and(eq(studentInstallments.instituteId, context.instituteId), anyOf(feeInstallments.structureId, part)))
        .groupBy(feeInstallments.structureId);
      for (const row of rows) {
        kept.set(row.id, `has ${row.total} students' installments billed, so it cannot be deleted`);
      }
    }
    return kept;
  },
});

/** Students' installments of the given installments: `${studentId}|${installmentId}` → the row. */
async function loadStudentInstallments(context: KindContext, installmentIds: number[]) {
  const found = new Map<string, typeof studentInstallments.$inferSelect>();
  for (const part of chunks(installmentIds, 5000)) {
    const rows = await context.tx
      .select()
      .from(studentInstallments)
      .where(
        and(eq(studentInstallments.instituteId, context.instituteId), anyOf(studentInstallments.installmentId, part)),
      );
    for (const row of rows) found.set(`${row.studentId}|${row.installmentId}`, row);
  }
  return found;
}

export const studentFeesKind = pairKind({
  kind: 'student-fees',
  // Deleted for good (the student is no longer billed), but never once anything of it is paid.
  deletes: 'hard',
  sides: ['students', 'fee-structures'],
  // A row bills the student each installment of the structure: one stored row per installment.
  table: studentInstallments,
  keys: ['studentId', 'installmentId'],
  load: async (context, structureIds) => ({
    installments: await loadInstallments(context, structureIds),
    years: await academicYearsOf(context, feeStructures, structureIds),
  }),
  expand: ({ first, second, loaded }) =>
    (loaded.installments.get(second) ?? []).map((item): [number, number] => [first, item.id]),
  check({ index, row }, { second, loaded }, problems) {
    const count = loaded.installments.get(second)!.length;
    for (const field of ['discounts', 'taxes'] as const) {
      const values = row[field];
      if (values !== undefined && values.length !== count) {
        problems.push({ row: index, field, rule: `must have one amount per installment (${count}), or be empty` });
      }
    }
  },
  columns: (row, position, { second, loaded }) => ({
    initialAmount: loaded.installments.get(second)![position]!.amount,
    discountAmount: row.discounts?.[position] ?? 0,
    taxAmount: row.taxes?.[position] ?? 0,
  }),
  insertColumns: (_context, { second, loaded }) => ({ academicYearId: loaded.years.get(second)! }),
  keep: {
    rule: 'has payments towards it, so it cannot be deleted',
    async find(context, stored) {
      const paid = await context.tx
        .selectDistinct({ id: feePaymentAllocations.studentInstallmentId })
        .from(feePaymentAllocations)
        .where(
          and(
            eq(feePaymentAllocations.instituteId, context.instituteId),
            anyOf(
              feePaymentAllocations.studentInstallmentId,
              stored.map((row) => row.id),
            ),
          ),
        );
      const ids = new Set(paid.map((row) => row.id));
      return new Set(stored.filter((row) => ids.has(row.id as number)));
    },
  },
});

export const paymentsKind = defineKind({
  kind: 'payments',
  // A recorded payment has an issued receipt, which never changes: it is neither changed nor deleted (a wrong
  // one is corrected in the office system and the portal keeps what was issued).
  deletes: 'hard',
  keyOf: (row) => String(row.external_id),
  async upsert(context, rows) {
    const problems: RowProblem[] = [];
    const { student_external_id: studentIds, fee_structure_external_id: structureIds } = await resolveReferences(
      context,
      rows,
      problems,
      {
        student_external_id: 'students',
        fee_structure_external_id: 'fee-structures',
      },
    );
    if (problems.length > 0) throw new RowProblems(problems);
    const ids = [...new Set(structureIds.values())];
    const structureInstallments = await loadInstallments(context, ids);
    const years = await academicYearsOf(context, feeStructures, ids);
    const billed = await loadStudentInstallments(
      context,
      [...structureInstallments.values()].flat().map((item) => item.id),
    );
    // Each row's parts, as the student's installments they pay.
    const parts = new Map<number, { studentInstallmentId: number; amount: number; fine: number }[]>();
    for (const { index, row } of rows) {
      const studentId = studentIds.get(row.student_external_id)!;
      const items = structureInstallments.get(structureIds.get(row.fee_structure_external_id)!)!;
      const rowParts: { studentInstallmentId: number; amount: number; fine: number }[] = [];
      for (const [position, installNo] of row.install_nos.entries()) {
        const item = items.find((candidate) => candidate.installNo === installNo);
        const own = item && billed.get(`${studentId}|${item.id}`);
        if (!item) {
          problems.push({
            row: index,
            field: 'install_nos',
            rule: `the fee structure has no installment ${installNo}`,
          });
        } else if (!own) {
          problems.push({
            row: index,
            field: 'install_nos',
            rule: `the student is not billed installment ${installNo} of this fee structure (load student-fees first)`,
          });
        } else {
          rowParts.push({
            studentInstallmentId: own.id,
            amount: row.amounts[position]!,
            fine: row.fines?.[position] ?? 0,
          });
        }
      }
      parts.set(index, rowParts);
    }
    if (problems.length > 0) throw new RowProblems(problems);
    const mappings = await findExternalIds(
      context.tx,
      context.instituteId,
      'payments',
      rows.map((row) => row.key),
    );
    const storedIds = [...mappings.values()].map((mapping) => mapping.internalId);
    const stored = new Map<number, Record<string, unknown>>();
    for (const part of chunks(storedIds, 5000)) {
      const found = await context.tx
        .select()
        .from(feePayments)
        .where(and(eq(feePayments.instituteId, context.instituteId), anyOf(feePayments.id, part)));
      for (const row of found) stored.set(row.id, { ...row, parts: [] });
      const allocations = await context.tx
        .select()
        .from(feePaymentAllocations)
        .where(
          and(eq(feePaymentAllocations.instituteId, context.instituteId), anyOf(feePaymentAllocations.paymentId, part)),
        );
      for (const allocation of allocations) {
        (stored.get(allocation.paymentId)!.parts as unknown[]).push({
          studentInstallmentId: allocation.studentInstallmentId,
          amount: allocation.amount,
          fine: allocation.fine,
        });
      }
    }
    const outcomes: RowOutcome[] = [];
    const byInstallment = (a: { studentInstallmentId: number }, b: { studentInstallmentId: number }) =>
      a.studentInstallmentId - b.studentInstallmentId;
    for (const { index, key, row } of rows) {
      const wanted = {
        studentId: studentIds.get(row.student_external_id)!,
        academicYearId: years.get(structureIds.get(row.fee_structure_external_id)!)!,
        receiptNo: row.receipt_no || row.external_id,
        mode: row.mode,
        paidAt: toInstant(row.paid_at, context.timeZone),
        parts: [...parts.get(index)!].sort(byInstallment),
      };
      const mapping = mappings.get(key);
      if (mapping) {
        const current = stored.get(mapping.internalId)!;
        const same = Object.entries(wanted).every(([column, value]) =>
          column === 'parts'
            ? sameValue(value, [...(current.parts as typeof wanted.parts)].sort(byInstallment))
            : sameValue(value, current[column]),
        );
        if (!same) {
          problems.push({
            row: index,
            field: 'external_id',
            rule: 'is a recorded payment whose receipt is issued, so it cannot change',
          });
        }
        outcomes.push({ index, key, action: 'unchanged', beforeId: mapping.internalId, afterId: mapping.internalId });
        continue;
      }
      if (!context.receipts) throw new Error('payments need a receipt storage and origin');
      const recorded = await recordPayment(
        context.tx,
        context.receipts.storage,
        { instituteId: context.instituteId, ...wanted },
        { origin: context.receipts.origin, logo: 'load' },
      );
      await insertExternalIds(context.tx, context.instituteId, 'payments', [
        { externalId: key, internalId: recorded.paymentId },
      ]);
      outcomes.push({ index, key, action: 'created', beforeId: null, afterId: recorded.paymentId });
    }
    if (problems.length > 0) throw new RowProblems(problems);
    return outcomes;
  },
  async remove(context, keys) {
    const mappings = await findExternalIds(
      context.tx,
      context.instituteId,
      'payments',
      keys.map((key) => key.key),
    );
    const problems: RowProblem[] = keys
      .filter((key) => mappings.has(key.key))
      .map((key) => ({
        row: key.index,
        field: 'external_id',
        rule: 'is a recorded payment whose receipt is issued, so it cannot be deleted',
      }));
    if (problems.length > 0) throw new RowProblems(problems);
    return keys.map(({ index, key }) => ({ index, key, action: 'missing', beforeId: null, afterId: null }));
  },
});
