import { networkError } from '@campus/domain/shared/http-messages';
import { notifications } from '@mantine/notifications';

/** A short message in the corner (spec part 1 §9); its close button is named for screen readers. */
export function showToast(message: string, tone: 'success' | 'error', options: { autoClose?: number } = {}) {
  notifications.show({
    message,
    color: tone === 'success' ? 'green' : 'red',
    closeButtonProps: { 'aria-label': 'Close' },
    ...options,
  });
}

/**
 * The toast of a failed call: its message, or `fallback` where it has none. A 403 shows nothing here: it logs the
 * user out and the login screen's Alert says the server's message, once (defect 7: it showed twice, toast and
 * alert; a screen's own toast could land after the logout had cleared the toasts, on a slow phone).
 */
export function showFailureToast(error: unknown, fallback = networkError) {
  if ((error as { status?: unknown } | null)?.status === 403) return;
  showToast(error instanceof Error && error.message ? error.message : fallback, 'error');
}
