import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AccountScreen } from './routes/account.tsx';
import { ErrorPage } from './routes/error-page.tsx';

/** Base path of the app (spec part 1 §2). */
export const basename = '/my-account';

export const routes: RouteObject[] = [
  { path: '/', element: <AccountScreen /> },
  { path: '/errorPage', element: <ErrorPage /> },
  { path: '*', element: <Navigate to="/" replace /> },
];

export const createRouter = () => createBrowserRouter(routes, { basename });
