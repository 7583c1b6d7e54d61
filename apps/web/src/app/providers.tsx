import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, useMemo, useState, type ReactNode } from 'react';
import { onFirstInput, preload, retryingLoader, useLoaded } from '../lib/on-demand.ts';
import { useThemeMode } from '../lib/theme-mode.ts';
import { themeFor } from './theme.ts';

/**
 * Whether a failed call is asked again (once, a second later): where it may answer then — no answer, a server
 * failure, a timeout or too many requests — and the browser is online. A refusal (any other 4xx: a rule's message,
 * a 403 that logs out) would say the same again, and its screen showed its message a second late.
 */
function retriesFailedCall(failureCount: number, error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  const refused = typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429;
  return failureCount < 1 && navigator.onLine && !refused;
}

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
        retry: retriesFailedCall,
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
  // The timetable's schedule counts and selected day: blue.9 and gray.3 are for a white page, so the dark scheme
  // has its own (axe found 54 unreadable day cells in dark mode). A light button under the mouse: Mantine tints it
  // with shade 2, behind shade 9 text 4.0:1 (blue) and 4.3:1 (violet); 70 % of shade 1 and 30 % of shade 2 keeps a
  // visible change at 4.6:1 and 5.0:1.
  light: {
    '--mantine-color-blue-light-hover': '#c3e5ff',
    '--mantine-color-violet-light-hover': '#dfd3ff',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--cp-schedule-count': 'var(--mantine-color-blue-9)',
    '--cp-selected-day': 'var(--mantine-color-gray-3)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--cp-schedule-count': 'var(--mantine-color-blue-3)',
    '--cp-selected-day': 'var(--mantine-color-dark-4)',
  },
});

const loadNotificationsLayer = retryingLoader(
  async () => (await import('../components/notifications-layer.tsx')).NotificationsLayer,
);
if (typeof window !== 'undefined') onFirstInput(() => preload(loadNotificationsLayer));

/**
 * The toast layer is not in the page's first script (~11 KB compressed), and no screen raises a toast before the
 * person does something: its code is fetched at the first pointer or key press, which is well before the call that
 * press starts can answer, so toasts still show at once. It mounts with the first toast, which waits in Mantine's
 * store meanwhile. Loading it when idle instead sent it with every page on a cheap phone's first load.
 */
function NotificationsOnFirstUse() {
  const { notifications } = useNotifications();
  const layer = useLoaded(loadNotificationsLayer, notifications.length > 0);
  // A module's export, the same component at every render once it has arrived.
  return layer ? createElement(layer) : null;
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
