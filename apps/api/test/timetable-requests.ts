import type { Session } from '@campus/domain/auth/auth.contract';

/** The body the web app sends for the timetable of [startdate, enddate] (spec part 2 §7, every kind included). */
export const timetableBody = (session: Session, startdate: string, enddate: string) => ({
  batch_id: -1,
  course_id: -1,
  standard_id: -1,
  subject_id: -1,
  teacher_id: -1,
  master_course: '',
  startdate,
  enddate,
  institute_id: session.institute_id,
  student_id: session.student_id,
  isCourseStructureTimeTable: 'N',
  isExamIncludedInTimeTable: 'Y',
  is_included_online_class: 'Y',
  is_included_online_exam: 'Y',
});

/** The body of the Attendance Details popup's request: one batch's marks over [startdate, enddate]. */
export const attendanceBody = (session: Session, batchId: number, startdate: string, enddate: string) => ({
  batch_id: batchId,
  standard_id: -1,
  subject_id: -1,
  teacher_id: -1,
  type: 1,
  startdate,
  enddate,
  institute_id: session.institute_id,
  student_id: session.student_id,
});
