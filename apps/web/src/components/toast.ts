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
 * The toast of a failed call. A 403 shows nothing here: it logs the user out and the login screen's Alert says
 * the server's message, once (defect 7: it showed twice, toast and alert).
 */
export function showFailureToast(error: Error) {
  if ((error as { status?: unknown }).status === 403) return;
  showToast(error.message, 'error');
}
