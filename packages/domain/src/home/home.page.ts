import type { ShellArea } from '../shell/index.ts';

/** Home and its full announcement list, one screen (spec part 1 §1–§2). */
export const homePages = { dashboard: '/dashboard', announcement: '/announcement' } as const;

/** Home: first in the menu, for everyone. */
export const shellArea: ShellArea = {
  pages: homePages,
  menu: { key: 'home', label: 'Home', order: 10, path: homePages.dashboard, gatesPages: false },
};
