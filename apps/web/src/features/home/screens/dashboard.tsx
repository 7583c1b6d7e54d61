import { useAccountActions } from '../../../lib/account-actions.ts';
import { useSession } from '../../../lib/session.ts';
import { HomeScreen } from '../components/home-screen.tsx';

/** /dashboard and /announcement: home with its clocks, banners and announcements. */
export function DashboardScreen() {
  const session = useSession();
  const { logout } = useAccountActions();
  return session ? <HomeScreen session={session} onSessionRejected={logout} /> : null;
}
