/** What the academic-year rules need of a session. */
export interface AcademicYearContext {
  current_acad_yr_id: number | null;
  student_acad_year: { acad_yr_id: number; acad_yr_name: string }[];
}

/**
 * After a login, the user picks an academic year when their own years do not contain the institute's current one
 * (spec part 1 §4, Select Academic Year). A user without any years of their own is not asked.
 */
export function needsAcademicYearChoice(session: AcademicYearContext): boolean {
  if (session.student_acad_year.length === 0) return false;
  return !session.student_acad_year.some((year) => year.acad_yr_id === session.current_acad_yr_id);
}

/** The name of one of the user's years, or of the institute's years, or '' when neither knows it. */
export function academicYearName(
  session: AcademicYearContext & { acad_year_list?: { inst_acad_year_id: number; inst_acad_year: string }[] },
  yearId: number | null,
): string {
  if (yearId === null) return '';
  const own = session.student_acad_year.find((year) => year.acad_yr_id === yearId);
  if (own) return own.acad_yr_name;
  return session.acad_year_list?.find((year) => year.inst_acad_year_id === yearId)?.inst_acad_year ?? '';
}
