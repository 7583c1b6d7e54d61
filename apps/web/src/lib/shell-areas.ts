import { landingRoute as landingOf } from '@campus/domain/home/home-rules';
import {
  activeMenuKey,
  isPageAllowed as isAllowed,
  visibleMenuItems as menuItems,
  type MenuContext,
  type ShellArea,
} from '@campus/domain/shell/menu';

/**
 * Every area's signed-in pages and menu item (`packages/domain/src/<area>/<area>.page.ts`, export `shellArea`),
 * found by file name: a new area adds no line here. The domain's rules take them as an argument, as the server runs
 * the domain under Node, which has no `import.meta.glob`.
 */
export const shellAreas: ShellArea[] = Object.values(
  import.meta.glob<ShellArea>('../../../../packages/domain/src/*/*.page.ts', { eager: true, import: 'shellArea' }),
);

/** The menu items the session may see, in the spec's order. */
export const visibleMenuItems = (session: MenuContext) => menuItems(shellAreas, session);

/** Whether a signed-in path may open for this session: what the menu hides, the address does not open (defect 10). */
export const isPageAllowed = (session: MenuContext, pathname: string) => isAllowed(shellAreas, session, pathname);

/** The app route a home banner lands on (its `land_scr`), or undefined for an unknown label. */
export const landingRoute = (label: string) => landingOf(shellAreas, label);

export { activeMenuKey };
