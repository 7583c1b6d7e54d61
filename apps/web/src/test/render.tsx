import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers.tsx';
import { appRoutes } from '../app/router.tsx';

/** Renders the real routes at `path` with fresh providers (no retries, so failures show at once). */
export function renderRoute(path: string) {
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  const router = createMemoryRouter(appRoutes(queryClient), { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}

/** Renders one element inside the app providers. */
export function renderWithProviders(element: ReactElement) {
  return render(<AppProviders queryClient={createQueryClient()}>{element}</AppProviders>);
}
