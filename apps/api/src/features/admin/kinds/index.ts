// The registry of entity kinds: the admin API's routes and the CSV import both read it. A new kind (fees,
// timetable, tests…) is one module here, one name in adminKinds and one row schema in admin.contract.ts.
import type { AdminKind } from '@campus/domain/admin/admin.endpoints';
import { documentsKind, passagesKind, questionsKind, testsKind } from './exam.ts';
import { feeStructuresKind, paymentsKind, studentFeesKind } from './fees.ts';
import { academicYearsKind, batchesKind, standardsKind, subjectsKind } from './academics.ts';
import type { KindModule } from './kind.ts';
import { enrolmentsKind, evaluationsKind } from './links.ts';
import { announcementsKind, assignmentsKind, eventsKind, messagesKind, teachersKind } from './notices.ts';
import {
  libraryCoursesKind,
  libraryFilesKind,
  librarySubjectsKind,
  libraryTopicsKind,
  recordingsKind,
} from './library.ts';
import { parentsKind, studentsKind } from './people.ts';
import { offlineExamsKind, offlineResultsKind } from './report.ts';
import { attendanceKind, classSessionsKind } from './timetable.ts';

export const kindModules: { [K in AdminKind]: KindModule<K> } = {
  'academic-years': academicYearsKind,
  standards: standardsKind,
  batches: batchesKind,
  subjects: subjectsKind,
  teachers: teachersKind,
  students: studentsKind,
  parents: parentsKind,
  enrolments: enrolmentsKind,
  announcements: announcementsKind,
  assignments: assignmentsKind,
  evaluations: evaluationsKind,
  events: eventsKind,
  messages: messagesKind,
  'class-sessions': classSessionsKind,
  attendance: attendanceKind,
  'fee-structures': feeStructuresKind,
  'student-fees': studentFeesKind,
  payments: paymentsKind,
  recordings: recordingsKind,
  'library-courses': libraryCoursesKind,
  'library-subjects': librarySubjectsKind,
  'library-topics': libraryTopicsKind,
  'library-files': libraryFilesKind,
  documents: documentsKind,
  tests: testsKind,
  passages: passagesKind,
  questions: questionsKind,
  'offline-exams': offlineExamsKind,
  'offline-results': offlineResultsKind,
};
