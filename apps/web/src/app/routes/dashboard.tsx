import { useCallback } from 'react';
import { useLogout } from '../../features/auth/api/logout.ts';
import { HomeScreen } from '../../features/home/components/home-screen.tsx';
import { useSession } from '../../lib/session.ts';

/** /dashboard and /announcement: home with its clocks, banners and announcements. */
export function DashboardScreen() {
  const session = useSession();
  const logout = useLogout();
  const onSessionRejected = useCallback((message: string) => void logout(message), [logout]);
  return session ? <HomeScreen session={session} onSessionRejected={onSessionRejected} /> : null;
}
