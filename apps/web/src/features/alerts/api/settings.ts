import { alertSettingsEndpoints } from '@campus/domain/alerts/alerts-settings.endpoints';
import type { AlertSettingsTable } from '@campus/domain/alerts/alerts.contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** GET /api/v1/alerts/settings: the account's own alert settings, every kind spelled out. */
export const settingsQuery = () =>
  queryOptions({
    queryKey: ['alerts', 'settings'],
    queryFn: ({ signal }) => call(alertSettingsEndpoints.settings, {}, { signal }),
  });

/** PUT /api/v1/alerts/settings. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (table: AlertSettingsTable) => call(alertSettingsEndpoints.saveSettings, { body: table }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQuery().queryKey }),
  });
}

/** The server's VAPID key as the browser's subscribe() takes it (base64url to bytes). */
function keyBytes(key: string): Uint8Array<ArrayBuffer> {
  const base64 = key
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(key.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** Whether this browser can take phone notifications at all (an installed or open app with a service worker). */
export const canPush = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/**
 * Subscribes this browser for the signed-in account: asks the user's permission, subscribes at the browser's push
 * service with the server's key, and gives the server the subscription. Answers false when permission is refused.
 */
export async function subscribeThisDevice(pushKey: string): Promise<boolean> {
  if ((await Notification.requestPermission()) !== 'granted') return false;
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(pushKey) }));
  const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  await call(alertSettingsEndpoints.subscribe, { body: { endpoint: json.endpoint, keys: json.keys } });
  return true;
}
