import { declaredPages, everyMenuItem } from '@campus/domain/shell/menu-fixtures';
import { messagesPages } from '@campus/domain/messages/messages.page';
import { profilePages } from '@campus/domain/profile/profile.page';
import { mediaPage, testPanelPage, testPaperPage } from '@campus/domain/shell/pages';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes, signedInRouteId } from './router.tsx';

/** A page's path with each `:name` part filled, as a link to it would read. */
const address = (path: string) => path.replace(/:\w+/g, '1');

/** The route the router renders at `path` under the session guard, or undefined when only the catch-all takes it. */
function signedInRouteAt(path: string) {
  const matches = matchRoutes(appRoutes, address(path)) ?? [];
  const leaf = matches.at(-1)?.route;
  const isGuarded = matches.some((match) => match.route.id === signedInRouteId);
  return leaf && leaf.path !== '*' && isGuarded ? leaf : undefined;
}

describe('router', () => {
  it.each(Object.entries(declaredPages))('mounts the signed-in page %s (%s) behind the session guard', (_, path) => {
    expect(signedInRouteAt(path)?.path).toBe(path);
  });

  it.each(everyMenuItem().map((item) => [item.label, item.path]))(
    'mounts the path of the menu item %s (%s)',
    (_, path) => {
      expect(signedInRouteAt(path)).toBeDefined();
    },
  );

  it('matches /messages and /profile whatever their case', () => {
    expect(signedInRouteAt('/messages')?.path).toBe(messagesPages.messages);
    expect(signedInRouteAt('/profile')?.path).toBe(profilePages.profile);
  });

  it.each([testPanelPage, testPaperPage, mediaPage])(
    'mounts the page %s in a window of its own, outside the shell',
    (path) => {
      const matches = matchRoutes(appRoutes, address(path)) ?? [];
      expect(matches.at(-1)?.route.path).toBe(path);
      expect(matches.some((match) => match.route.id === signedInRouteId)).toBe(false);
    },
  );

  it('leaves an unknown path to the catch-all', () => {
    expect(signedInRouteAt('/nowhere')).toBeUndefined();
  });
});
