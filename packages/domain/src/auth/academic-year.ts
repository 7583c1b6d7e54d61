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
  session: AcademicYearContext & { acad_year_list?: readonly { inst_acad_year_id: number; inst_acad_year: string }[] },
  yearId: number | null,
): string {
  if (yearId === null) return '';
  const own = session.student_acad_year.find((year) => year.acad_yr_id === yearId);
  if (own) return own.acad_yr_name;
  return session.acad_year_list?.find((year) => year.inst_acad_year_id === yearId)?.inst_acad_year ?? '';
}

/** What the stored session keeps of the chosen academic year. */
export interface ChosenAcademicYear {
  selectedAcadYrId: number;
  selectedAcadYear: string;
  /** The chosen year's first and last day: the timetable's months and the attendance window follow them. */
  ay_start_date: string;
  ay_end_date: string;
}

/**
 * The session's fields once `yearId` is chosen (at sign-in or in the sidebar, spec part 1 §4): its id and name, and
 * its start and end dates from the institute's year list, so that every screen reading the dates follows the year
 * the user chose, not the one they signed in to (issue 27, item 7). A year the list does not name keeps the dates
 * the session has (there are no others to take).
 */
export function selectedYearFields(
  session: AcademicYearContext & {
    ay_start_date: string;
    ay_end_date: string;
    acad_year_list: readonly {
      inst_acad_year_id: number;
      inst_acad_year: string;
      start_date: string;
      end_date: string;
    }[];
  },
  yearId: number,
): ChosenAcademicYear {
  const listed = session.acad_year_list.find((year) => year.inst_acad_year_id === yearId);
  return {
    selectedAcadYrId: yearId,
    selectedAcadYear: academicYearName(session, yearId),
    ay_start_date: listed?.start_date ?? session.ay_start_date,
    ay_end_date: listed?.end_date ?? session.ay_end_date,
  };
}
