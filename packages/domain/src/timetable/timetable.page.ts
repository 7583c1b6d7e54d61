import type { ShellArea } from '../shell/index.ts';

/** The timetable (spec part 2 §2.2). */
export const timetablePages = { timetable: '/timetable' } as const;

/** Time Table: for everyone. */
export const shellArea: ShellArea = {
  pages: timetablePages,
  menu: {
    key: 'timetable',
    label: 'Time Table',
    order: 20,
    path: timetablePages.timetable,
    gatesPages: true,
    bannerName: 'TIME TABLE',
  },
};
