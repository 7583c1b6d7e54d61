import { Center, Stack, Title } from '@mantine/core';
import { Component, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { LoadFailure, useOnline } from '../../components/load-failure.tsx';

/** Session key: when the page last reloaded itself for a script that failed to load (once, never in a loop). */
export const releaseReloadKey = 'cp-release-reload-at';

/**
 * Session key: when the guard last declined a second reload and showed the failure instead. The browser tests wait
 * for it to know the page will not reload again (no sleeping to see whether it does).
 */
export const releaseReloadDeclinedKey = 'cp-release-reload-declined-at';

/** A reload closer than this to the previous one is the same failure again: the page stops and shows it. */
const reloadGuardMs = 60_000;

/** Whether an error is a script file that failed to download (module import or Vite's preload of its parts). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i.test(
    error.message,
  );
}

/**
 * Reloads the page once for a script that failed to load while the browser is online: after a release the open
 * tab asks for files the server no longer has, and the reloaded page names the new ones. A second failure within
 * a minute is not a release: it shows instead of reloading again. Answers whether it reloads.
 */
export function reloadOnceForRelease(now = Date.now()): boolean {
  if (reloadedRecently(now)) return false;
  sessionStorage.setItem(releaseReloadKey, String(now));
  window.location.reload();
  return true;
}

/** Whether the page already reloaded itself for a failed script within the guard time. */
function reloadedRecently(now = Date.now()): boolean {
  return now - Number(sessionStorage.getItem(releaseReloadKey) ?? 0) < reloadGuardMs;
}

/**
 * A route's error screen, in the app's own design: offline 'Please check your internet connection!', otherwise
 * 'Network Error' (or the failed call's message), and Retry. A script renamed by a release reloads the page once
 * instead. `fullPage` for errors outside the signed-in shell (it has no layout around it).
 */
export function RouteError({ error, fullPage = false }: { error: unknown; fullPage?: boolean }) {
  const online = useOnline();
  const isChunk = isChunkLoadError(error);
  const reloading = isChunk && online && !reloadedRecently();

  useEffect(() => {
    if (reloading) reloadOnceForRelease();
    else if (isChunk && online) sessionStorage.setItem(releaseReloadDeclinedKey, String(Date.now()));
  }, [reloading, isChunk, online]);

  const failure = (
    <Stack gap="sm" w="100%" maw={520}>
      <Title order={1} size="h3" ta="center">
        Oops! Something went wrong.
      </Title>
      <LoadFailure error={isChunk ? undefined : error} onRetry={() => window.location.reload()} />
    </Stack>
  );
  if (reloading) return null;
  return fullPage ? (
    <Center mih="100dvh" p="md">
      {failure}
    </Center>
  ) : (
    <Center p="md">{failure}</Center>
  );
}

interface BoundaryProps {
  children: ReactNode;
  fullPage?: boolean;
  /** The address: a failure belongs to the screen it happened on, and another address tries afresh. */
  resetKey: string;
}

interface BoundaryState {
  error?: unknown;
  resetKey: string;
}

/** Catches what a screen throws while it renders or loads (its script, a bug) and shows RouteError. */
class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: undefined, resetKey: props.resetKey };
  }

  override render() {
    const { error } = this.state;
    return error === undefined ? this.props.children : <RouteError error={error} fullPage={this.props.fullPage} />;
  }
}

/**
 * Every route's error element (React Router's developer page never shows): around the sign-in pages and the shell
 * (`fullPage`), and inside the shell around each screen, menu still there.
 */
export function RouteErrorBoundary({ children, fullPage = false }: { children: ReactNode; fullPage?: boolean }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fullPage={fullPage}>
      {children}
    </ErrorBoundary>
  );
}
