import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useThemeMode } from '../lib/theme-mode.ts';
import { themeFor } from './theme.ts';

/** Creates the query client with the portal's defaults (no refetch storms on a cheap phone). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1, staleTime: 30_000 } },
  });
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const mode = useThemeMode();
  const modeTheme = useMemo(() => themeFor(mode), [mode]);
  return (
    <QueryClientProvider client={client}>
      <MantineProvider theme={modeTheme} forceColorScheme={mode === 'dark' ? 'dark' : 'light'}>
        <Notifications position="top-right" />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
