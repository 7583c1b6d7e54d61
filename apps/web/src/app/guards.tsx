import { autoLoginParams } from '@campus/domain/auth/auto-login';
import { homePages } from '@campus/domain/home/home.page';
import { publicPages } from '@campus/domain/shell/pages';
import type { ReactNode } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router';
import { getSession, loadSession, rememberOrigin } from '../lib/session.ts';
import { isPageAllowed } from '../lib/shell-areas.ts';

/** Base path of the app (spec part 1 §2). */
export const basename = '/my-account';

/**
 * Access guard of spec part 1 §2: no session (or yesterday's, §1) sends the user to / and remembers where they
 * were going, so the login can return there. It checks again on every address inside.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  if (loadSession(new Date())) return children;
  rememberOrigin(`${pathname}${search}`);
  return <Navigate to={publicPages.signIn} replace />;
}

/** Where the login screen sends its visitor instead of showing the form, if anywhere. */
export function loginScreenRedirect(search: string): string | undefined {
  const params = new URLSearchParams(search);
  const token = params.get('token');
  if (token) return `${publicPages.tokenLogin}?${new URLSearchParams({ token })}`;
  // An auto-login address stays here even over a session: the form asks before it replaces another user’s.
  if (loadSession(new Date()) && !params.has(autoLoginParams.login)) return homePages.dashboard;
  return undefined;
}

/** The login screen: a link token goes to /userLogin; a signed-in user goes on to the dashboard. */
export function LoginScreenGuard({ children }: { children: ReactNode }) {
  const target = loginScreenRedirect(useLocation().search);
  return target ? <Navigate to={target} replace /> : children;
}

/**
 * The menu's rules as a guard (defect 10): a signed-in screen the menu hides for this session (a parent's
 * Documents, an open-course user's Homework, …) is refused by address too, to the dashboard, on every navigation.
 * The screen's own requests start only once allowed.
 */
function MenuGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const session = getSession();
  if (session && !isPageAllowed(session, pathname)) return <Navigate to={homePages.dashboard} replace />;
  return children;
}

/** Puts each signed-in route behind the menu's rules. */
export function guardByMenu(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) =>
    route.index || !route.path ? route : { ...route, element: <MenuGuard>{route.element}</MenuGuard> },
  );
}
