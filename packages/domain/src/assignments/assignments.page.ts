import { openCourseUserType } from '../auth/index.ts';
import type { ShellArea } from '../shell/index.ts';

/** The assignment list and one assignment with its submission (spec part 1 §2). */
export const assignmentsPages = { assignment: '/assignment', assignmentDetail: '/assignment/:fileId' } as const;

/** The address of one assignment (`assignmentsPages.assignmentDetail`). */
export const assignmentDetailPath = (fileId: number) =>
  assignmentsPages.assignmentDetail.replace(':fileId', String(fileId));

/** Homework (a school) or Assignments: where the institute takes work online, not to open-course users. */
export const shellArea: ShellArea = {
  pages: assignmentsPages,
  menu: {
    key: 'assignments',
    label: (session) => (session.is_institute_type_school ? 'Homework' : 'Assignments'),
    order: 80,
    path: assignmentsPages.assignment,
    isShown: (session) => session.enable_online_assignment_feature && session.user_type !== openCourseUserType,
    gatesPages: true,
    bannerName: 'ASSIGNMENTS',
  },
};
