import { autoLoginParams } from '@campus/domain/auth/auto-login';
import { publicPages, signedInPages } from '@campus/domain/shell/pages';
import { isPageAllowed } from '@campus/domain/shell/menu';
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { getSession, loadSession, rememberOrigin } from '../lib/session.ts';

/** Base path of the app (spec part 1 §2). */
export const basename = '/my-account';

/** The path inside the app that a loader's request asks for (the browser router's requests carry the base). */
function appPath(request: Request): string {
  const url = new URL(request.url);
  const path = url.pathname.startsWith(`${basename}/`) ? url.pathname.slice(basename.length) : url.pathname;
  return `${path}${url.search}`;
}

/**
 * Access guard of spec part 1 §2: no session (or yesterday's, §1) sends the user to / and remembers where they
 * were going, so the login can return there.
 */
export function requireSession({ request }: LoaderFunctionArgs) {
  if (loadSession(new Date())) return null;
  rememberOrigin(appPath(request));
  return redirect(publicPages.signIn);
}

/** The login screen: a link token goes to /userLogin; a signed-in user goes on to the dashboard. */
export function loginScreenLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get('token');
  if (token) return redirect(`${publicPages.tokenLogin}?${new URLSearchParams({ token })}`);
  // An auto-login address stays here even over a session: the form asks before it replaces another user’s.
  if (loadSession(new Date()) && !params.has(autoLoginParams.login)) return redirect(signedInPages.dashboard);
  return null;
}

/**
 * The menu's rules as a guard (defect 10): a signed-in screen the menu hides for this session (a parent's
 * Documents, an open-course user's Homework, …) is refused by address too, to the dashboard. Each route's own
 * loader runs after it, so the check runs on every navigation, not only on the first.
 */
export function guardByMenu(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    if (route.index || !route.path) return route;
    const own = route.loader;
    const loader = (args: LoaderFunctionArgs) => {
      const session = getSession();
      const path = new URL(appPath(args.request), 'http://app').pathname;
      if (session && !isPageAllowed(session, path)) return redirect(signedInPages.dashboard);
      return typeof own === 'function' ? own(args) : null;
    };
    return { ...route, loader } as RouteObject;
  });
}
