import { isOnlineMode, type ShellArea } from '../shell/index.ts';

/** Exam Reports (spec part 2 §2.4). */
export const reportPages = { report: '/report' } as const;

/** Exam Reports: where the institute holds exams, online or offline. */
export const shellArea: ShellArea = {
  pages: reportPages,
  menu: {
    key: 'reports',
    label: 'Exam Reports',
    order: 60,
    path: reportPages.report,
    isShown: ({ inst_set_up: { exam } }) => isOnlineMode(exam) || exam === 'OFFLINE',
    gatesPages: true,
    bannerName: 'EXAM REPORTS',
  },
};
