import type { InstSetUp } from '../auth/auth.contract.ts';

/** What the menu needs to know of the session. */
export interface MenuContext {
  user_type: number;
  is_institute_type_school: boolean;
  enable_online_assignment_feature: boolean;
  inst_set_up: Pick<InstSetUp, 'classes' | 'exam' | 'file_manager_study_material' | 'store'>;
}

/**
 * An area's item in the menu of spec part 1 §2 ("Menu and visibility"), declared beside its pages in
 * `<area>/<area>.page.ts`.
 */
export interface MenuEntry {
  key: string;
  /** Its label, or the label for the session where it depends on it (Homework for a school, Assignments elsewhere). */
  label: string | ((session: MenuContext) => string);
  /** Its place in the spec's order, the same for every kind of institute and user: lower comes first. */
  order: number;
  /** The page it opens: one of its area's pages. */
  path: string;
  /** Whether the session sees it; without a rule, everyone does. */
  isShown?: (session: MenuContext) => boolean;
  /** Whether its path and the paths under it open only while it shows (defect 10). */
  gatesPages: boolean;
  /** The screen name (`land_scr`, upper case) by which a home banner lands on its page (spec part 1 §2). */
  bannerName?: string;
}

/**
 * What an area declares to the shell: its signed-in pages and its menu item. Each `<area>/<area>.page.ts` exports
 * one as `shellArea`; the web app finds them by file name and passes them to the functions here.
 */
export interface ShellArea {
  /** Its signed-in pages by name, byte for byte as the spec writes them (a `:name` part is filled by a builder). */
  pages: Readonly<Record<string, string>>;
  menu?: MenuEntry;
}

export interface MenuItem {
  key: string;
  label: string;
  /** Route under the base path: one of its area's pages. */
  path: string;
  /** Every page of its area: each highlights the item (the announcement list highlights Home). */
  pages: readonly string[];
}

/** Whether a class or exam mode includes online sessions. */
export const isOnlineMode = (mode: string) => mode === 'ONLINE' || mode === 'HYBRID_BLENDED';

const menuEntries = (areas: readonly ShellArea[]) =>
  areas.flatMap((area) => (area.menu ? [{ entry: area.menu, pages: Object.values(area.pages) }] : []));

const isShownTo = (entry: MenuEntry, session: MenuContext) => entry.isShown?.(session) ?? true;

/** The menu items the session may see, in the spec's order (spec part 1 §2, "Menu and visibility"). */
export function visibleMenuItems(areas: readonly ShellArea[], session: MenuContext): MenuItem[] {
  return menuEntries(areas)
    .filter(({ entry }) => isShownTo(entry, session))
    .sort((a, b) => a.entry.order - b.entry.order)
    .map(({ entry, pages }) => ({
      key: entry.key,
      label: typeof entry.label === 'string' ? entry.label : entry.label(session),
      path: entry.path,
      pages,
    }));
}

const isUnder = (path: string, page: string) =>
  path === page.toLowerCase() || path.startsWith(`${page.toLowerCase()}/`);

/** The menu item a path belongs to (case-insensitive, so /messages and /profile match too). */
export function activeMenuKey(items: MenuItem[], pathname: string): string | undefined {
  const path = pathname.toLowerCase();
  return items.find((item) => isUnder(path, item.path) || item.pages.some((page) => path === page.toLowerCase()))?.key;
}

/**
 * Whether a signed-in path may open for this session: a screen the menu hides (a parent's Documents or Study
 * Materials, Live Classes without online classes, …) is refused by address too (defect 10). Pages the menu does
 * not gate (home, announcements, messages, profile) always open.
 */
export function isPageAllowed(areas: readonly ShellArea[], session: MenuContext, pathname: string): boolean {
  const path = pathname.toLowerCase();
  const gate = menuEntries(areas).find(({ entry }) => entry.gatesPages && isUnder(path, entry.path));
  return !gate || isShownTo(gate.entry, session);
}
