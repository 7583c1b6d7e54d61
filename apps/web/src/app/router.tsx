import { publicPages, signedInPages } from '@campus/domain/shell/pages';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { assignmentsRoutes } from '../features/assignments/routes.ts';
import { TokenLogin } from '../features/auth/components/token-login.tsx';
import { homeRoutes } from '../features/home/routes.ts';
import { messagesRoutes } from '../features/messages/routes.ts';
import { productsRoutes } from '../features/products/routes.ts';
import { profileRoutes } from '../features/profile/routes.ts';
import type { FeatureRoutes } from '../lib/feature-routes.ts';
import { basename, loginScreenLoader, requireSession } from './guards.ts';
import { AccountScreen } from './routes/account.tsx';
import { ErrorPage } from './routes/error-page.tsx';
import { RootLayout } from './routes/root-layout.tsx';

export { basename };

/** A screen that a later issue fills: a plain heading with its menu label until then. */
const placeholder = (title: string, schoolTitle?: string) => async () => {
  const { PlaceholderScreen } = await import('./routes/placeholder-screen.tsx');
  return { element: <PlaceholderScreen title={title} schoolTitle={schoolTitle} /> };
};

const authenticatedLayout = async () => ({
  Component: (await import('./routes/authenticated-layout.tsx')).AuthenticatedLayout,
});

/**
 * Each area's signed-in routes (`features/<area>/routes.ts`: paths from `signedInPages`, lazy screens, loaders
 * that start a screen's requests while its code downloads). Adding an area is its folder and one line here.
 */
const areaRoutes: FeatureRoutes[] = [homeRoutes, assignmentsRoutes, productsRoutes, profileRoutes, messagesRoutes];

/** Signed-in pages whose area a later issue builds: a plain heading with the menu label until then. */
const placeholderRoutes = (): RouteObject[] => [
  { path: signedInPages.timetable, lazy: placeholder('Time Table') },
  { path: signedInPages.studyLibrary, lazy: placeholder('Study Materials') },
  { path: signedInPages.live, lazy: placeholder('Live Classes') },
  { path: signedInPages.exam, lazy: placeholder('My Exam') },
  { path: signedInPages.report, lazy: placeholder('Exam Reports') },
  { path: signedInPages.document, lazy: placeholder('Documents') },
  { path: signedInPages.eventCalender, lazy: placeholder('Event Calender') },
  { path: signedInPages.fees, lazy: placeholder('Fees') },
];

/** Signed-in routes (spec part 1 §2, all exact). Matching ignores case, so /messages and /profile match too. */
const authenticatedRoutes = (queryClient: QueryClient): RouteObject[] => [
  ...areaRoutes.flatMap((routes) => routes(queryClient)),
  ...placeholderRoutes(),
];

export const appRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <RootLayout />,
    HydrateFallback: PageLoader,
    children: [
      { path: publicPages.signIn, loader: loginScreenLoader, element: <AccountScreen /> },
      { path: publicPages.tokenLogin, element: <TokenLogin /> },
      { path: publicPages.error, element: <ErrorPage /> },
      {
        // The shell and its screens load only once signed in, keeping the login page's script small.
        loader: requireSession,
        lazy: authenticatedLayout,
        children: authenticatedRoutes(queryClient),
      },
      { path: '*', element: <Navigate to={publicPages.signIn} replace /> },
    ],
  },
];

export const createRouter = (queryClient: QueryClient) => createBrowserRouter(appRoutes(queryClient), { basename });
