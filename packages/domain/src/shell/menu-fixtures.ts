/// <reference types="vite/client" />
// Test-only (vitest runs it through Vite): the server runs this package under Node, which has no import.meta.glob.
import { deliveryModes, materialModes } from '../auth/auth.contract.ts';
import { visibleMenuItems, type MenuContext, type MenuItem, type ShellArea } from './menu.ts';

/** Every area's declaration (`<area>/<area>.page.ts`), found by file name as the web app finds them. */
export const declaredAreas: ShellArea[] = Object.values(
  import.meta.glob<ShellArea>('../*/*.page.ts', { eager: true, import: 'shellArea' }),
);

/** Every signed-in page the areas declare, by name. */
export const declaredPages: Record<string, string> = Object.assign({}, ...declaredAreas.map((area) => area.pages));

/** The menu the declared areas give the session. */
export const menuOf = (session: MenuContext) => visibleMenuItems(declaredAreas, session);

/**
 * Every menu item some session sees, one per key: each user type (student, parent, open course) against each
 * institute setting. For tests that hold the menu against the pages table and the router.
 */
export function everyMenuItem(): MenuItem[] {
  const items = new Map<string, MenuItem>();
  for (const user_type of [1, 2, 99])
    for (const is_institute_type_school of [true, false])
      for (const enable_online_assignment_feature of [true, false])
        for (const classes of deliveryModes)
          for (const exam of deliveryModes)
            for (const file_manager_study_material of materialModes)
              for (const store of [true, false]) {
                const session = {
                  user_type,
                  is_institute_type_school,
                  enable_online_assignment_feature,
                  inst_set_up: { classes, exam, file_manager_study_material, store },
                };
                for (const item of menuOf(session)) items.set(item.key, item);
              }
  return [...items.values()];
}
