import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useThemeMode } from '../lib/theme-mode.ts';
import { themeFor } from './theme.ts';

/**
 * Creates the query client with the portal's defaults (no refetch storms on a cheap phone). Calls go out even when
 * the browser says it is offline (`networkMode: 'always'`): they fail at once with the connection message (or the
 * service worker answers from its cache) instead of waiting paused with a spinner; offline, nothing is retried.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'always',
        refetchOnWindowFocus: false,
        retry: (failureCount) => failureCount < 1 && navigator.onLine,
        staleTime: 30_000,
      },
      mutations: { networkMode: 'always' },
    },
  });
}

/**
 * Mantine's dimmed text (gray.6 on white, 3.3:1) is below the 4.5:1 WCAG AA asks for small text: axe flagged every
 * secondary line (Messages' dates and times). gray.7 (7.9:1 on white) and dark.1 (9.6:1 on dark.7) instead.
 */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});

const NotificationsLayer = lazy(async () => ({
  default: (await import('../components/notifications-layer.tsx')).NotificationsLayer,
}));

/**
 * The toast layer loads with the first toast, not with the page (~11 KB compressed off every first load): toasts
 * shown meanwhile wait in Mantine's store and appear as soon as it mounts.
 */
function NotificationsOnFirstUse() {
  const { notifications } = useNotifications();
  const [isWanted, setWanted] = useState(false);
  if (!isWanted && notifications.length > 0) setWanted(true);
  return isWanted ? (
    <Suspense fallback={null}>
      <NotificationsLayer />
    </Suspense>
  ) : null;
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const mode = useThemeMode();
  const modeTheme = useMemo(() => themeFor(mode), [mode]);
  return (
    <QueryClientProvider client={client}>
      <MantineProvider
        theme={modeTheme}
        forceColorScheme={mode === 'dark' ? 'dark' : 'light'}
        cssVariablesResolver={cssVariablesResolver}
      >
        <NotificationsOnFirstUse />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
