import type { InstSetUp } from '../auth/auth.contract.ts';
import { isParentUserType, openCourseUserType } from '../auth/index.ts';
import { hasEventCalendar } from '../events/index.ts';
import { signedInPages } from './pages.ts';

/** What the menu needs to know of the session. */
export interface MenuContext {
  user_type: number;
  is_institute_type_school: boolean;
  enable_online_assignment_feature: boolean;
  inst_set_up: Pick<InstSetUp, 'classes' | 'exam' | 'file_manager_study_material' | 'store'>;
}

export interface MenuItem {
  key: string;
  label: string;
  /** Route under the base path: one of `signedInPages`. */
  path: string;
}

const hasOnline = (mode: string) => mode === 'ONLINE' || mode === 'HYBRID_BLENDED';

/** The menu items the session may see, in the spec's order (spec part 1 §2, "Menu and visibility"). */
export function visibleMenuItems(session: MenuContext): MenuItem[] {
  const isParent = isParentUserType(session.user_type);
  const isOpenCourse = session.user_type === openCourseUserType;
  const { classes, exam, file_manager_study_material: material, store } = session.inst_set_up;
  const items: (MenuItem | false)[] = [
    { key: 'home', label: 'Home', path: signedInPages.dashboard },
    { key: 'timetable', label: 'Time Table', path: signedInPages.timetable },
    (material === 'STUDY_MATERIAL' || material === 'BOTH') &&
      !isParent && { key: 'study-library', label: 'Study Materials', path: signedInPages.studyLibrary },
    hasOnline(classes) && { key: 'live', label: 'Live Classes', path: signedInPages.live },
    hasOnline(exam) && { key: 'exams', label: 'My Exam', path: signedInPages.exam },
    (hasOnline(exam) || exam === 'OFFLINE') && { key: 'reports', label: 'Exam Reports', path: signedInPages.report },
    (material === 'FILE_MANEGER' || material === 'BOTH') &&
      !isParent && { key: 'documents', label: 'Documents', path: signedInPages.document },
    session.enable_online_assignment_feature &&
      !isOpenCourse && {
        key: 'assignments',
        label: session.is_institute_type_school ? 'Homework' : 'Assignments',
        path: signedInPages.assignment,
      },
    store && { key: 'products', label: 'My Products', path: signedInPages.product },
    hasEventCalendar(session) && { key: 'events', label: 'Event Calender', path: signedInPages.eventCalender },
    !isOpenCourse && { key: 'fees', label: 'Fees', path: signedInPages.fees },
    { key: 'messages', label: 'Messages', path: signedInPages.messages },
    { key: 'profile', label: 'Profile', path: signedInPages.profile },
  ];
  return items.filter((item): item is MenuItem => item !== false);
}

/** The menu item a path belongs to (case-insensitive, so /messages and /profile match too). */
export function activeMenuKey(items: MenuItem[], pathname: string): string | undefined {
  const path = pathname.toLowerCase();
  if (path === signedInPages.announcement.toLowerCase()) return 'home';
  return items.find((item) => path === item.path.toLowerCase() || path.startsWith(`${item.path.toLowerCase()}/`))?.key;
}

/** Pages the menu may hide: each is reachable only while its menu item shows (spec part 1 §2). */
const menuGatedPages = [
  signedInPages.timetable,
  signedInPages.studyLibrary,
  signedInPages.live,
  signedInPages.exam,
  signedInPages.report,
  signedInPages.document,
  signedInPages.assignment,
  signedInPages.product,
  signedInPages.eventCalender,
  signedInPages.fees,
];

const isUnder = (path: string, page: string) =>
  path === page.toLowerCase() || path.startsWith(`${page.toLowerCase()}/`);

/**
 * Whether a signed-in path may open for this session: a screen the menu hides (a parent's Documents or Study
 * Materials, Live Classes without online classes, …) is refused by address too (defect 10). Pages the menu does
 * not gate (home, announcements, messages, profile) always open.
 */
export function isPageAllowed(session: MenuContext, pathname: string): boolean {
  const path = pathname.toLowerCase();
  const gate = menuGatedPages.find((page) => isUnder(path, page));
  if (!gate) return true;
  return visibleMenuItems(session).some((item) => item.path === gate);
}
