/**
 * The generic network error a screen shows where a failed call carries no server message (spec part 1 §8:
 * "else a generic network error ('Network error' …)"): one text for the toasts, the viewer, the live classes and
 * the assignment's solutions.
 */
export const networkError = 'Network error';

/**
 * Generic HTTP fallback messages (spec part 1 §8), shown when a failed call carries no server message.
 * `null` status means no response arrived at all.
 */
export function describeHttpFailure(status: number | null): string {
  if (status === null) return 'Please check your internet connection!';
  switch (status) {
    case 400:
      return 'Bad Request';
    case 401:
      return 'Unauthorized';
    case 404:
      return 'Not Found';
    case 500:
      return 'Internal Server Error';
    case 503:
      return 'Service Unavailable';
    default:
      return 'Something went wrong! Please try after sometime.';
  }
}

/** The message to show for a failed call: the server's own message when it sent one, else the fallback. */
export function pickFailureMessage(status: number | null, serverMessage: unknown): string {
  if (typeof serverMessage === 'string' && serverMessage.trim() !== '') return serverMessage;
  return describeHttpFailure(status);
}

/** What a screen or route that could not load says (spec part 1 §8, §9): offline first, then the call's message. */
export const loadFailureMessages = {
  offline: 'Please check your internet connection!',
  network: 'Network Error',
} as const;

/**
 * The text for a screen that could not load: 'Please check your internet connection!' while the browser is
 * offline; the failed call's own message (server message or catalogue fallback) when there was one; otherwise
 * (a script that failed to load, a bug) 'Network Error'.
 */
export function describeLoadFailure(online: boolean, callMessage?: string): string {
  if (!online) return loadFailureMessages.offline;
  return callMessage && callMessage.trim() !== '' ? callMessage : loadFailureMessages.network;
}
