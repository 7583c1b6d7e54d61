import { isOnlineMode, type ShellArea } from '../shell/index.ts';

/** Live classes (spec part 1 §2). */
export const livePages = { live: '/live' } as const;

/** Live Classes: where the institute holds classes online. */
export const shellArea: ShellArea = {
  pages: livePages,
  menu: {
    key: 'live',
    label: 'Live Classes',
    order: 40,
    path: livePages.live,
    isShown: (session) => isOnlineMode(session.inst_set_up.classes),
    gatesPages: true,
    bannerName: 'LIVE CLASSES',
  },
};
