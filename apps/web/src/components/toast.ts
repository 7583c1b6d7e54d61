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
