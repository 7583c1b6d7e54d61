// Academic years, standards (courses), batches (sections) and subjects: the frame every other kind hangs on.
import { academicYears, batches, standards, subjects } from '../../../db/schema/index.ts';
import { resolveReferences } from './kind.ts';
import { tableKind } from './table-kind.ts';

export const academicYearsKind = tableKind({
  kind: 'academic-years',
  table: academicYears,
  deletes: 'hard',
  build: async () => (row) => ({ columns: { name: row.name, startDate: row.start_date, endDate: row.end_date } }),
});

export const standardsKind = tableKind({
  kind: 'standards',
  table: standards,
  deletes: 'hard',
  build: async () => (row) => ({ columns: { name: row.name } }),
});

export const batchesKind = tableKind({
  kind: 'batches',
  table: batches,
  deletes: 'hard',
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
      columns: {
        name: row.name,
        standardId: standardIds.get(row.standard_external_id),
        academicYearId: yearIds.get(row.academic_year_external_id),
      },
    });
  },
});

export const subjectsKind = tableKind({
  kind: 'subjects',
  table: subjects,
  deletes: 'hard',
  build: async (context, rows, problems) => {
    const { standard_external_id: standardIds } = await resolveReferences(context, rows, problems, {
      standard_external_id: 'standards',
    });
    return (row) => ({ columns: { name: row.name, standardId: standardIds.get(row.standard_external_id) } });
  },
});
