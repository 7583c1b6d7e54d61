import { feesEndpoints } from '@campus/domain/fees/fees.endpoints';
import { initialAcademicYear } from '@campus/domain/fees/fees-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { keepOffline } from '../../../lib/offline-query.ts';
import { call } from '../../../lib/api-client.ts';
import type { StoredSession } from '../../../lib/session.ts';

type Reader = Pick<
  StoredSession,
  | 'institute_id'
  | 'student_id'
  | 'is_institute_type_school'
  | 'selectedAcadYrId'
  | 'student_acad_year'
  | 'acad_year_list'
>;

/** The year the screen opens on (spec part 2 §2.7), or the session's year when the institute lists none. */
export const initialFeesYear = (reader: Reader): number | null =>
  initialAcademicYear({
    isSchool: reader.is_institute_type_school,
    selectedYearId: reader.selectedAcadYrId,
    studentYears: reader.student_acad_year,
    yearList: reader.acad_year_list,
  }) ?? reader.selectedAcadYrId;

/** The year the address names (`?year=`), when the institute lists it; otherwise the year the screen opens on. */
export const feesYearOf = (reader: Reader, raw: string | null): number | null =>
  reader.acad_year_list.find((year) => String(year.inst_acad_year_id) === raw)?.inst_acad_year_id ??
  initialFeesYear(reader);

/** GET /api/v1/studentWise/fee/{instituteId}/students/{studentId}/{academicYearId}: the year's fee summary. */
export async function getFees(reader: Reader, academicYearId: number, signal?: AbortSignal) {
  const answer = await call(
    feesEndpoints.summary,
    { params: { instituteId: reader.institute_id, studentId: reader.student_id!, academicYearId } },
    { signal },
  );
  return answer.result;
}

export const feesQuery = (reader: Reader, academicYearId: number | null) =>
  keepOffline(
    queryOptions({
      queryKey: ['fees', reader.institute_id, reader.student_id, academicYearId],
      queryFn: ({ signal }) => getFees(reader, academicYearId!, signal),
      // Open-course users view no student, and a session without any year has nothing to ask for.
      enabled: reader.student_id !== null && academicYearId !== null,
      retry: false,
    }),
  );

/** The fee summary of the viewed student (parents: the selected child) in one year. */
export const useFees = (reader: Reader, academicYearId: number | null) => useQuery(feesQuery(reader, academicYearId));
