// Fee structures with their installments, the students billed them, and the payments received (each recorded
// through the fees area's recordPayment, which issues the receipt). The rows are written by the fees area's writer
// (features/fees/fees.writer.ts); this module maps a batch's rows onto it by external id. Amounts are whole paise.
import type { RowProblem } from '@campus/domain/admin/admin-rules';
import {
  billStudents,
  createFeeStructures,
  deleteFeeStructures,
  deleteStudentFees,
  enqueueReceipts,
  findBilledInstallments,
  findFeeStructures,
  findFeeStructureYears,
  findInstallments,
  findKeptFeeStructures,
  findPaidStudentFees,
  findPayments,
  findStudentFees,
  paidStudentFeeRule,
  paymentParts,
  recordPayment,
  recordPaymentToDraw,
  updateFeeStructure,
  updateStudentFees,
  type FeeStructureValues,
  type StudentFeeValues,
} from '../../fees/index.ts';
import { enqueueAlerts } from '../../alerts/index.ts';
import { findExternalIds, insertExternalIds } from '../admin.repository.ts';
import {
  defineKind,
  resolveReferences,
  RowProblems,
  unknownReferenceRule,
  sameColumns,
  toInstant,
  type KindContext,
  type RowOutcome,
} from './kind.ts';
import { pairKind } from './pair-kind.ts';
import { storeKind } from './table-kind.ts';

export const feeStructuresKind = storeKind<'fee-structures', FeeStructureValues>({
  kind: 'fee-structures',
  // What it changes, its institute's alerts tell (features/alerts).
  afterCommit: (jobs, instituteId) => enqueueAlerts(jobs, instituteId),
  // Deleted for good, but never one students are billed: their dues and receipts are history.
  deletes: 'hard',
  store: {
    load: async ({ tx, instituteId }, ids) =>
      (await findFeeStructures(tx, instituteId, ids)) as Map<number, unknown> as Map<number, Record<string, unknown>>,
    insert: ({ tx, instituteId }, values) => createFeeStructures(tx, instituteId, values),
    // A dropped installment is refused by the foreign key while students are billed it (the batch answers 422).
    update: ({ tx, instituteId }, id, value) => updateFeeStructure(tx, instituteId, id, value),
    remove: ({ tx, instituteId }, ids) => deleteFeeStructures(tx, instituteId, ids),
  },
  keep: ({ tx, instituteId }, ids) => findKeptFeeStructures(tx, instituteId, ids),
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
      academicYearId: yearIds.get(row.academic_year_external_id)!,
      name: row.name,
      standardId: row.standard_external_id ? standardIds.get(row.standard_external_id)! : null,
      batchId: row.batch_external_id ? batchIds.get(row.batch_external_id)! : null,
      lateFineAmount: row.late_fine ?? null,
      installments: row.installment_due_dates.map((dueDate, index) => ({
        installNo: index + 1,
        dueDate,
        amount: row.installment_amounts[index]!,
      })),
    });
  },
});

export const studentFeesKind = pairKind({
  kind: 'student-fees',
  // What it changes, its institute's alerts tell (features/alerts).
  afterCommit: (jobs, instituteId) => enqueueAlerts(jobs, instituteId),
  // Deleted for good (the student is no longer billed), but never once anything of it is paid.
  deletes: 'hard',
  sides: ['students', 'fee-structures'],
  // A row bills the student each installment of the structure: one stored row per installment.
  store: {
    load: ({ tx, instituteId }, pairs) => findStudentFees(tx, instituteId, pairs),
    insert: ({ tx, instituteId }, rows) => billStudents(tx, instituteId, rows as unknown as StudentFeeValues[]),
    update: ({ tx, instituteId }, rows) => updateStudentFees(tx, instituteId, rows as unknown as StudentFeeValues[]),
    remove: ({ tx, instituteId }, pairs) => deleteStudentFees(tx, instituteId, pairs),
  },
  keys: ['studentId', 'installmentId'],
  // The years first: they hold the structures until the batch commits (a parallel delete waits, or has won).
  load: async ({ tx, instituteId }, structureIds) => {
    const years = await findFeeStructureYears(tx, instituteId, structureIds);
    return { years, installments: await findInstallments(tx, instituteId, structureIds) };
  },
  expand: ({ first, second, loaded }) =>
    (loaded.installments.get(second) ?? []).map((item): [number, number] => [first, item.id]),
  check({ index, row }, { second, loaded }, problems) {
    if (!loaded.years.has(second)) {
      // Deleted by a request that committed after this batch found its external id.
      problems.push({
        row: index,
        field: 'fee_structure_external_id',
        rule: unknownReferenceRule('fee-structures', row.fee_structure_external_id),
      });
      return;
    }
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
    rule: paidStudentFeeRule,
    async find({ tx, instituteId }, stored) {
      const paid = await findPaidStudentFees(
        tx,
        instituteId,
        stored.map((row) => row.id as number),
      );
      return new Set(stored.filter((row) => paid.has(row.id as number)));
    },
  },
});

export const paymentsKind = defineKind({
  kind: 'payments',
  // The receipts of the payments recorded (written to draw later): drawn by the receipt-render job.
  afterCommit: (jobs, instituteId) => enqueueReceipts(jobs, instituteId),
  // A recorded payment has an issued receipt, which never changes: it is neither changed nor deleted (a wrong
  // one is corrected in the office system and the portal keeps what was issued).
  deletes: 'hard',
  keyOf: (row) => String(row.external_id),
  async upsert(context: KindContext, rows) {
    const { tx, instituteId } = context;
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
    const structureInstallments = await findInstallments(tx, instituteId, ids);
    const years = await findFeeStructureYears(tx, instituteId, ids);
    const billed = await findBilledInstallments(
      tx,
      instituteId,
      [...structureInstallments.values()].flat().map((item) => item.id),
    );
    // Each row's parts, as the student's installments they pay.
    const parts = new Map<number, ReturnType<typeof paymentParts>['parts']>();
    for (const { index, row } of rows) {
      const planned = paymentParts(
        structureInstallments.get(structureIds.get(row.fee_structure_external_id)!)!,
        billed,
        {
          studentId: studentIds.get(row.student_external_id)!,
          installNos: row.install_nos,
          amounts: row.amounts,
          fines: row.fines,
        },
      );
      for (const rule of planned.problems) problems.push({ row: index, field: 'install_nos', rule });
      parts.set(index, planned.parts);
    }
    if (problems.length > 0) throw new RowProblems(problems);
    const mappings = await findExternalIds(
      tx,
      instituteId,
      'payments',
      rows.map((row) => row.key),
    );
    const stored = await findPayments(
      tx,
      instituteId,
      [...mappings.values()].map((mapping) => mapping.internalId),
    );
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
        if (!sameColumns(wanted, { ...current, parts: [...current.parts].sort(byInstallment) })) {
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
      const recorded =
        context.receipts.draw === 'later'
          ? await recordPaymentToDraw(tx, { instituteId, ...wanted }, { origin: context.receipts.origin })
          : await recordPayment(
              tx,
              context.receipts.storage,
              { instituteId, ...wanted },
              { origin: context.receipts.origin, logo: 'load' },
            );
      await insertExternalIds(tx, instituteId, 'payments', [{ externalId: key, internalId: recorded.paymentId }]);
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
