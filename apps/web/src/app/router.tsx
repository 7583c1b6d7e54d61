import { publicPages } from '@campus/domain/shell/pages';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { matchRoutes, Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { startScreen, type FeatureRoutes, type OwnPage, type ScreenHandle } from '../lib/feature-routes.tsx';
import { retryingLoader, useLoaded } from '../lib/on-demand.ts';
import { getSession } from '../lib/session.ts';
import { isPageAllowed } from '../lib/shell-areas.ts';
import { basename, guardByMenu, LoginScreenGuard, RequireSession } from './guards.tsx';
import { ErrorPage } from './routes/error-page.tsx';
import { RootLayout } from './routes/root-layout.tsx';
import { RouteErrorBoundary } from './routes/route-error.tsx';

export { basename };

// The shell and its screens load only once signed in, keeping the login page's script small.
const AuthenticatedLayout = lazy(async () => ({
  default: (await import('./routes/authenticated-layout.tsx')).AuthenticatedLayout,
}));

/**
 * The sign-in pages' screens load on those pages only (issue 28): in the entry, the login form, its password field
 * and its rules were ~4 KB of script on every signed-in route. main.tsx starts the fetch beside the entry's own
 * evaluation on these pages, so the form is usually there at the first render.
 */
export const signInScreens = retryingLoader(() => import('./routes/sign-in-screens.tsx'));

function SignInScreen({ name }: { name: 'AccountScreen' | 'TokenLogin' }) {
  const loaded = useLoaded(signInScreens, true);
  const Screen = loaded?.[name];
  return Screen ? <Screen /> : <PageLoader />;
}

/**
 * Each area's routes, found by folder (a new area adds no line here): `features/<area>/routes.ts`, its signed-in
 * screens (paths its `<area>.page.ts` in the domain declares, lazy screens that start their requests while their
 * code downloads), and `features/<area>/own-pages.ts`, pages outside the shell in windows of their own. Eager: the
 * same modules as static imports would be.
 */
const areaRoutes = Object.values(
  import.meta.glob<FeatureRoutes>('../features/*/routes.ts', { eager: true, import: 'routes' }),
).flat();
const ownPages = Object.values(
  import.meta.glob<OwnPage[]>('../features/*/own-pages.ts', { eager: true, import: 'ownPages' }),
).flat();

/** The signed-in screens, each behind the menu's rules. */
const signedInRoutes = guardByMenu(areaRoutes);

/** The address each query client last started a screen for (one client per app). */
const startedFor = new WeakMap<QueryClient, string>();

/**
 * Starts the signed-in screen at the address (its code and first requests) beside the shell's own script, once per
 * address; nothing for a screen the menu hides, which the router refuses.
 */
function StartScreen() {
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  if (startedFor.get(queryClient) !== pathname) {
    startedFor.set(queryClient, pathname);
    const handle = matchRoutes(signedInRoutes, pathname)?.at(-1)?.route.handle as ScreenHandle | undefined;
    const session = getSession();
    if (handle && (!session || isPageAllowed(session, pathname)))
      startScreen(handle, queryClient, new URLSearchParams(search));
  }
  return null;
}

/** The id of the route that holds the session guard and the signed-in shell. */
export const signedInRouteId = 'signed-in';

/**
 * The app's routes, declared for `useRoutes` (React Router's declarative mode: no data router in the first
 * script). Signed-in routes (spec part 1 §2) are all exact; matching ignores case, so /messages and /profile match
 * too.
 */
export const appRoutes: RouteObject[] = [
  {
    element: (
      // The sign-in pages and a shell that failed to load: the app's own error screen, not React Router's.
      <RouteErrorBoundary fullPage>
        <RootLayout>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </RootLayout>
      </RouteErrorBoundary>
    ),
    children: [
      {
        path: publicPages.signIn,
        element: (
          <LoginScreenGuard>
            <SignInScreen name="AccountScreen" />
          </LoginScreenGuard>
        ),
      },
      { path: publicPages.tokenLogin, element: <SignInScreen name="TokenLogin" /> },
      { path: publicPages.error, element: <ErrorPage /> },
      ...ownPages.map(({ route, needsSession }) =>
        needsSession ? { ...route, element: <RequireSession>{route.element}</RequireSession> } : route,
      ),
      {
        id: signedInRouteId,
        element: (
          <RequireSession>
            <StartScreen />
            <AuthenticatedLayout />
          </RequireSession>
        ),
        children: signedInRoutes,
      },
      { path: '*', element: <Navigate to={publicPages.signIn} replace /> },
    ],
  },
];

/** The app's screen for the address (inside a `<BrowserRouter basename={basename}>`). */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
