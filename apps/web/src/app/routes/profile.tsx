import { PlaceholderScreen } from './placeholder-screen.tsx';

/** Route module of Profile; the screen itself is built in its feature folder. */
export function ProfileScreen() {
  return <PlaceholderScreen title="Profile" />;
}
