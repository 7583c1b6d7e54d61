// Academic years, standards (courses), batches (sections) and subjects: the frame every other kind hangs on, written
// by the academic frame's writer (access/academics.writer.ts).
import { academicYearRows, batchRows, standardRows, subjectRows } from '../../../access/academics.writer.ts';
import { resolveReferences } from './kind.ts';
import { rowsStore, storeKind } from './table-kind.ts';

// Deleted for good; the database refuses one that other rows still use (the batch answers 422).
export const academicYearsKind = storeKind({
  kind: 'academic-years',
  deletes: 'hard',
  store: rowsStore(academicYearRows),
  build: async () => (row) => ({ name: row.name, startDate: row.start_date, endDate: row.end_date }),
});

export const standardsKind = storeKind({
  kind: 'standards',
  deletes: 'hard',
  store: rowsStore(standardRows),
  build: async () => (row) => ({ name: row.name }),
});

export const batchesKind = storeKind({
  kind: 'batches',
  deletes: 'hard',
  store: rowsStore(batchRows),
  build: async (context, rows, problems) => {
    const { standard_external_id: standardIds, academic_year_external_id: yearIds } = await resolveReferences(
      context,
      rows,
      problems,
      {
        standard_external_id: 'standards',
        academic_year_external_id: 'academic-years',
      },
    );
    return (row) => ({
      name: row.name,
      standardId: standardIds.get(row.standard_external_id)!,
      academicYearId: yearIds.get(row.academic_year_external_id)!,
    });
  },
});

export const subjectsKind = storeKind({
  kind: 'subjects',
  deletes: 'hard',
  store: rowsStore(subjectRows),
  build: async (context, rows, problems) => {
    const { standard_external_id: standardIds } = await resolveReferences(context, rows, problems, {
      standard_external_id: 'standards',
    });
    return (row) => ({ name: row.name, standardId: standardIds.get(row.standard_external_id)! });
  },
});
