import { render } from '@testing-library/react';
import { useLayoutEffect, type ReactElement } from 'react';
import { MemoryRouter, useLocation, useNavigate, useNavigationType, NavigationType, type Location } from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers.tsx';
import { AppRoutes } from '../app/router.tsx';

/** What a test reads of the router and how it navigates, as a user typing an address would. */
export interface TestRouter {
  state: { location: Location; historyAction: NavigationType };
  /** An address, or a step back (-1) or forward in the history. */
  navigate: (to: string | number) => Promise<void>;
}

/** Keeps `router` up to date with the rendered app's address. */
function RouterProbe({ onChange }: { onChange: (router: TestRouter) => void }) {
  const location = useLocation();
  const historyAction = useNavigationType();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    onChange({
      state: { location, historyAction },
      navigate: async (to) => {
        await (typeof to === 'number' ? navigate(to) : navigate(to));
      },
    });
  }, [onChange, location, historyAction, navigate]);
  return null;
}

/** Renders the real routes at `path` with fresh providers (no retries, so failures show at once). */
export function renderRoute(path: string) {
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  const router: TestRouter = {
    state: {
      location: { pathname: path, search: '', hash: '', state: null, key: 'default' },
      historyAction: NavigationType.Pop,
    },
    navigate: () => Promise.reject(new Error('the app has not rendered yet')),
  };
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <RouterProbe onChange={(next) => Object.assign(router, next)} />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** Renders one element inside the app providers. */
export function renderWithProviders(element: ReactElement) {
  return render(<AppProviders queryClient={createQueryClient()}>{element}</AppProviders>);
}
