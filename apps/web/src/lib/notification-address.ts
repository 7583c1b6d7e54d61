// What the service worker makes of an alert's push (issue 31); apart from sw.ts so a test can read it.

import type { Alert } from '@campus/domain/alerts/alerts.contract';

/** What the server's alert push carries (api: features/alerts delivery): an alert's words, screen and ids. */
export type AlertPush = Pick<Alert, 'title' | 'body' | 'path' | 'student_id' | 'alert_id'>;

/** The query parameter naming the child a screen is opened on (the shell switches a parent's app to it). */
export const childParameter = 'child';

/**
 * The address a notification opens: the alert's screen in the app, naming the child it is about, so a parent's app
 * viewing another child switches first. Only paths of this app: a push cannot send the user to another site.
 */
export function notificationAddress(push: Partial<AlertPush>): string {
  const path =
    typeof push.path === 'string' && push.path.startsWith('/') && !push.path.startsWith('//')
      ? push.path
      : '/dashboard';
  const url = new URL(`/my-account${path}`, 'https://app.invalid');
  if (typeof push.student_id === 'number') url.searchParams.set(childParameter, String(push.student_id));
  return `${url.pathname}${url.search}`;
}
