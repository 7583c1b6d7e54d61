import { declaredAreas } from '@campus/domain/shell/menu-fixtures';
import type { ShellArea } from '@campus/domain/shell/menu';
import { describe, expect, it } from 'vitest';
import type { FeatureRoutes } from './feature-routes.tsx';
import { shellAreas } from './shell-areas.ts';

/** `features/<area>/routes.ts` and `<area>/<area>.page.ts` by area name. */
const byArea = <T>(modules: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(modules).map(([file, value]) => [file.split('/').at(-2), value]));

const routesByArea = byArea(
  import.meta.glob<FeatureRoutes>('../features/*/routes.ts', { eager: true, import: 'routes' }),
);
const pagesByArea = byArea(
  import.meta.glob<ShellArea>('../../../../packages/domain/src/*/*.page.ts', { eager: true, import: 'shellArea' }),
);

describe('the areas’ declarations (issue 29: an area registers itself)', () => {
  it('are all the web app finds, the same the domain’s tests hold', () => {
    expect(shellAreas).toHaveLength(Object.keys(pagesByArea).length);
    expect(shellAreas).toEqual(declaredAreas);
  });

  it('come from the areas with signed-in screens, one declaration each, under the same name', () => {
    expect(Object.keys(pagesByArea).sort()).toEqual(Object.keys(routesByArea).sort());
  });

  it.each(Object.entries(routesByArea))('declare every path the %s area’s routes mount', (area, routes) => {
    const pages = Object.values(pagesByArea[area]?.pages ?? {});
    for (const route of routes) expect(pages).toContain(route.path);
  });
});
