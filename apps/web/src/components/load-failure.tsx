import { describeLoadFailure } from '@campus/domain/shared/http-messages';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { ApiError } from '../lib/api-client.ts';

const subscribeOnline = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Whether the browser believes it is connected, following the online and offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** The text for a failure: offline first, then a call's own message, else 'Network Error'. */
export function loadFailureText(error: unknown, online: boolean): string {
  return describeLoadFailure(online, error instanceof ApiError ? error.message : undefined);
}

export interface LoadFailureProps {
  /** What failed: a call's ApiError (its message shows) or anything else ('Network Error'). */
  error: unknown;
  /** Tries again: refetches the screen's data, or reloads its code. */
  onRetry: () => void;
}

/**
 * A screen or a part of one that could not load, in the app's own design: what happened (spec part 1 §8) and a
 * Retry. Offline it says so, whatever the failure was, and tells when the connection is back.
 */
export function LoadFailure({ error, onRetry }: LoadFailureProps) {
  const online = useOnline();
  return (
    <Paper withBorder radius="md" p="lg" my="md" role="alert">
      <Stack align="center" gap="sm">
        <Text fw={600} ta="center">
          {loadFailureText(error, online)}
        </Text>
        <Button onClick={onRetry} variant="light">
          Retry
        </Button>
      </Stack>
    </Paper>
  );
}

/** A call that got no answer (offline, timed out): the screen offers Retry rather than leaving. */
export const isUnanswered = (error: unknown): boolean => error instanceof ApiError && error.status === null;
