// The events area's example calls for the access matrix (test/access-cells.test.ts finds this file by its
// name). Test support: the server never loads it.
import type { CellExamples } from '../../../test/access-cells-kit.ts';

export const cells: CellExamples = {
  'events.detail': (ids) => ({
    body: {
      institution_id: ids.instituteId,
      month: 11,
      year: 2026,
      student_id: ids.studentId,
      is_all_event_for_student: true,
      event_type: 0,
      search_date: null,
      is_yearly_view: false,
    },
  }),
  'events.forTimetable': (ids) => ({
    body: {
      institution_id: ids.instituteId,
      year: 2026,
      student_id: ids.studentId,
      event_start_Date: '2026-11-01',
      event_end_date: '2026-11-30',
    },
  }),
};
