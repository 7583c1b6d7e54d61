import { publicPages, signedInPages } from '@campus/domain/shell/pages';
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { TokenLogin } from '../features/auth/components/token-login.tsx';
import { studentAssignmentsQuery } from '../features/assignments/api/get-assignments.ts';
import { announcementsQuery } from '../features/home/api/get-announcements.ts';
import { bannersQuery } from '../features/home/api/get-banners.ts';
import { myProductsQuery } from '../features/products/api/get-my-products.ts';
import { profileQuery } from '../features/profile/api/get-profile.ts';
import { getSession, type StoredSession } from '../lib/session.ts';
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

const dashboard = async () => ({ Component: (await import('./routes/dashboard.tsx')).DashboardScreen });
const assignments = async () => ({ Component: (await import('./routes/assignments.tsx')).AssignmentsScreen });
const assignmentDetail = async () => ({
  Component: (await import('./routes/assignment-detail.tsx')).AssignmentDetailScreen,
});
const products = async () => ({ Component: (await import('./routes/products.tsx')).ProductsScreen });
const productDetail = async () => ({ Component: (await import('./routes/product-detail.tsx')).ProductDetailScreen });
const profile = async () => ({ Component: (await import('./routes/profile.tsx')).ProfileScreen });
const authenticatedLayout = async () => ({
  Component: (await import('./routes/authenticated-layout.tsx')).AuthenticatedLayout,
});

/**
 * A loader that starts a screen's queries alongside its script and returns at once; the screen reads the same
 * queries, and one the screen would not run (`enabled: false`) is not asked either. The parent guard has
 * already sent a signed-out user away.
 */
type Prefetch = <T, K extends QueryKey>(query: FetchQueryOptions<T, Error, T, K> & { enabled?: unknown }) => void;
const prefetching =
  (prefetchAll: (session: StoredSession, prefetch: Prefetch) => void) => (queryClient: QueryClient) => () => {
    const session = getSession();
    if (session) {
      prefetchAll(session, (query) => {
        if (query.enabled !== false) void queryClient.prefetchQuery(query);
      });
    }
    return null;
  };
const homeData = prefetching((session, prefetch) => {
  prefetch(bannersQuery(session));
  prefetch(announcementsQuery(session));
});
const assignmentsData = prefetching((session, prefetch) => prefetch(studentAssignmentsQuery(session)));
const productsData = prefetching((session, prefetch) => prefetch(myProductsQuery(session)));
const profileData = prefetching((session, prefetch) => prefetch(profileQuery(session)));

/** Signed-in routes (spec part 1 §2, all exact). Matching ignores case, so /messages and /profile match too. */
const authenticatedRoutes = (queryClient: QueryClient): RouteObject[] => [
  { path: signedInPages.dashboard, loader: homeData(queryClient), lazy: dashboard },
  { path: signedInPages.announcement, loader: homeData(queryClient), lazy: dashboard },
  { path: signedInPages.timetable, lazy: placeholder('Time Table') },
  { path: signedInPages.studyLibrary, lazy: placeholder('Study Materials') },
  { path: signedInPages.live, lazy: placeholder('Live Classes') },
  { path: signedInPages.exam, lazy: placeholder('My Exam') },
  { path: signedInPages.report, lazy: placeholder('Exam Reports') },
  { path: signedInPages.document, lazy: placeholder('Documents') },
  { path: signedInPages.assignment, loader: assignmentsData(queryClient), lazy: assignments },
  { path: signedInPages.assignmentDetail, lazy: assignmentDetail },
  { path: signedInPages.product, loader: productsData(queryClient), lazy: products },
  { path: signedInPages.productDetail, loader: productsData(queryClient), lazy: productDetail },
  { path: signedInPages.eventCalender, lazy: placeholder('Event Calender') },
  { path: signedInPages.fees, lazy: placeholder('Fees') },
  { path: signedInPages.messages, lazy: placeholder('Messages') },
  { path: signedInPages.profile, loader: profileData(queryClient), lazy: profile },
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
