import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { TokenLogin } from '../features/auth/components/token-login.tsx';
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

/** Signed-in routes (spec part 1 §2, all exact). Matching ignores case, so /messages and /profile match too. */
const authenticatedRoutes: RouteObject[] = [
  { path: '/dashboard', lazy: dashboard },
  { path: '/announcement', lazy: dashboard },
  { path: '/timetable', lazy: placeholder('Time Table') },
  { path: '/studymaterial', lazy: placeholder('Study Materials') },
  { path: '/live', lazy: placeholder('Live Classes') },
  { path: '/exam', lazy: placeholder('My Exam') },
  { path: '/report', lazy: placeholder('Exam Reports') },
  { path: '/document', lazy: placeholder('Documents') },
  { path: '/assignment', lazy: assignments },
  { path: '/assignment/:fileId', lazy: assignmentDetail },
  { path: '/product', lazy: products },
  { path: '/product/:id', lazy: productDetail },
  { path: '/eventCalender', lazy: placeholder('Event Calender') },
  { path: '/fees', lazy: placeholder('Fees') },
  { path: '/Messages', lazy: placeholder('Messages') },
  { path: '/Profile', lazy: profile },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: PageLoader,
    children: [
      { path: '/', loader: loginScreenLoader, element: <AccountScreen /> },
      { path: '/userLogin', element: <TokenLogin /> },
      { path: '/errorPage', element: <ErrorPage /> },
      {
        // The shell and its screens load only once signed in, keeping the login page's script small.
        loader: requireSession,
        lazy: async () => ({ Component: (await import('./routes/authenticated-layout.tsx')).AuthenticatedLayout }),
        children: authenticatedRoutes,
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes, { basename });
