// The timetable area's example calls for the access matrix (test/access-cells.test.ts finds this file by its
// name). Test support: the server never loads it.
import type { CellExamples } from '../../../test/access-cells-kit.ts';

export const cells: CellExamples = {
  'timetable.timetable': (ids) => ({
    body: {
      batch_id: -1,
      course_id: -1,
      standard_id: -1,
      subject_id: -1,
      teacher_id: -1,
      master_course: '',
      startdate: '2026-11-01',
      enddate: '2026-11-30',
      institute_id: ids.instituteId,
      student_id: ids.studentId,
      isCourseStructureTimeTable: 'N',
      isExamIncludedInTimeTable: 'Y',
      is_included_online_class: 'Y',
      is_included_online_exam: 'Y',
    },
  }),
  'timetable.yearCount': (ids) => ({ body: { year: 2026, institute_id: ids.instituteId, student_id: ids.studentId } }),
  'timetable.attendance': (ids) => ({
    params: { student_id: ids.studentId, batch_id: ids.batchId },
    body: {
      batch_id: ids.batchId,
      standard_id: -1,
      subject_id: -1,
      teacher_id: -1,
      type: 1,
      startdate: '2026-04-01',
      enddate: '2026-11-30',
      institute_id: ids.instituteId,
      student_id: ids.studentId,
    },
  }),
  'timetable.feedStatus': (ids) => ({ params: { institute_id: ids.instituteId, student_id: ids.studentId } }),
  'timetable.feedCreate': (ids) => ({ params: { institute_id: ids.instituteId, student_id: ids.studentId } }),
  'timetable.feedRevoke': (ids) => ({ params: { institute_id: ids.instituteId, student_id: ids.studentId } }),
  'timetable.feed': () => ({ params: { secret: 'not-a-feed-secret' } }),
};
