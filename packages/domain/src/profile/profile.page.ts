import type { ShellArea } from '../shell/index.ts';

/** The profile (spec part 1 §2), as the spec writes it; the router matches /profile too. */
export const profilePages = { profile: '/Profile' } as const;

/** Profile: last in the menu, for everyone. */
export const shellArea: ShellArea = {
  pages: profilePages,
  menu: { key: 'profile', label: 'Profile', order: 130, path: profilePages.profile, gatesPages: false },
};
