import { NativeSelect } from '@mantine/core';
import type { StoredSession } from '../../../lib/session.ts';
import { useSwitchAcademicYear } from '../hooks/use-switch-academic-year.ts';

/** School users pick among their own academic years (spec part 1 §4). */
export function AcademicYearSelect({ session }: { session: StoredSession }) {
  const switchYear = useSwitchAcademicYear();
  if (!session.is_institute_type_school || session.student_acad_year.length === 0) return null;
  return (
    <NativeSelect
      label="Academic Year"
      value={String(session.selectedAcadYrId ?? '')}
      onChange={(event) => switchYear(session, Number(event.currentTarget.value))}
      data={[
        // A session whose year is none of the user's own shows a blank choice rather than a wrong one.
        ...(session.student_acad_year.some((year) => year.acad_yr_id === session.selectedAcadYrId)
          ? []
          : [{ value: '', label: 'Select year', disabled: true }]),
        ...session.student_acad_year.map((year) => ({ value: String(year.acad_yr_id), label: year.acad_yr_name })),
      ]}
    />
  );
}
