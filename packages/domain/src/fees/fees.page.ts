import { openCourseUserType } from '../auth/index.ts';
import type { ShellArea } from '../shell/index.ts';

/** Fees (spec part 2 §2.7). */
export const feesPages = { fees: '/fees' } as const;

/** Fees: not to open-course users. */
export const shellArea: ShellArea = {
  pages: feesPages,
  menu: {
    key: 'fees',
    label: 'Fees',
    order: 110,
    path: feesPages.fees,
    isShown: (session) => session.user_type !== openCourseUserType,
    gatesPages: true,
  },
};
