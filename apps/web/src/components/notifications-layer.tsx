import { Notifications } from '@mantine/notifications';

/** Mantine's toast layer (its transitions, portal and scroll lock), in a chunk of its own: see AppProviders. */
export function NotificationsLayer() {
  return <Notifications position="top-right" />;
}
