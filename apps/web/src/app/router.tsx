import { publicPages } from '@campus/domain/shell/pages';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { assignmentsRoutes } from '../features/assignments/routes.ts';
import { TokenLogin } from '../features/auth/components/token-login.tsx';
import { eventsRoutes } from '../features/events/routes.ts';
import { feesRoutes } from '../features/fees/routes.ts';
import { examRoutes, testPanelRoute } from '../features/exam/routes.ts';
import { homeRoutes } from '../features/home/routes.ts';
import { messagesRoutes } from '../features/messages/routes.ts';
import { libraryRoutes } from '../features/library/routes.ts';
import { documentsRoutes } from '../features/documents/routes.ts';
import { productsRoutes } from '../features/products/routes.ts';
import { profileRoutes } from '../features/profile/routes.ts';
import { reportRoutes } from '../features/report/routes.ts';
import { liveRoutes } from '../features/live/routes.ts';
import { timetableRoutes } from '../features/timetable/routes.ts';
import type { FeatureRoutes } from '../lib/feature-routes.ts';
import { basename, guardByMenu, loginScreenLoader, requireSession } from './guards.ts';
import { AccountScreen } from './routes/account.tsx';
import { ErrorPage } from './routes/error-page.tsx';
import { RootLayout } from './routes/root-layout.tsx';
import { RouteError } from './routes/route-error.tsx';

export { basename };

const authenticatedLayout = async () => ({
  Component: (await import('./routes/authenticated-layout.tsx')).AuthenticatedLayout,
});

/**
 * Each area's signed-in routes (`features/<area>/routes.ts`: paths from `signedInPages`, lazy screens, loaders
 * that start a screen's requests while its code downloads). Adding an area is its folder and one line here.
 */
const areaRoutes: FeatureRoutes[] = [
  homeRoutes,
  assignmentsRoutes,
  productsRoutes,
  profileRoutes,
  messagesRoutes,
  eventsRoutes,
  feesRoutes,
  timetableRoutes,
  liveRoutes,
  examRoutes,
  libraryRoutes,
  documentsRoutes,
  reportRoutes,
];

/** Signed-in routes (spec part 1 §2, all exact). Matching ignores case, so /messages and /profile match too. */
const authenticatedRoutes = (queryClient: QueryClient): RouteObject[] =>
  guardByMenu(areaRoutes.flatMap((routes) => routes(queryClient)));

export const appRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <RootLayout />,
    HydrateFallback: PageLoader,
    // The sign-in pages and a shell that failed to load: the app's own error screen, not React Router's.
    errorElement: <RouteError fullPage />,
    children: [
      { path: publicPages.signIn, loader: loginScreenLoader, element: <AccountScreen /> },
      { path: publicPages.tokenLogin, element: <TokenLogin /> },
      { path: publicPages.error, element: <ErrorPage /> },
      testPanelRoute,
      {
        // The shell and its screens load only once signed in, keeping the login page's script small.
        loader: requireSession,
        lazy: authenticatedLayout,
        // A screen that fails (its script, its data, a bug) shows the error inside the shell, menu still there.
        children: [{ errorElement: <RouteError />, children: authenticatedRoutes(queryClient) }],
      },
      { path: '*', element: <Navigate to={publicPages.signIn} replace /> },
    ],
  },
];

export const createRouter = (queryClient: QueryClient) => createBrowserRouter(appRoutes(queryClient), { basename });
