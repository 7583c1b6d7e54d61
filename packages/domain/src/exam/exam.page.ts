import { isOnlineMode, type ShellArea } from '../shell/index.ts';

/** The exam desk (spec part 2 §2.3); the test panel opens outside the shell (`shell/pages.ts`). */
export const examPages = { exam: '/exam' } as const;

/** My Exam: where the institute holds exams online. */
export const shellArea: ShellArea = {
  pages: examPages,
  menu: {
    key: 'exams',
    label: 'My Exam',
    order: 50,
    path: examPages.exam,
    isShown: (session) => isOnlineMode(session.inst_set_up.exam),
    gatesPages: true,
    bannerName: 'MY EXAM',
  },
};
