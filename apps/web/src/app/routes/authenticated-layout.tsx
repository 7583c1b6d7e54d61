import { Outlet } from 'react-router';
import { useLogout } from '../../features/auth/api/logout.ts';
import { AppLayout } from '../../features/shell/components/app-layout.tsx';
import { useSession } from '../../lib/session.ts';

/** The shell around every signed-in screen. */
export function AuthenticatedLayout() {
  const session = useSession();
  const logout = useLogout();
  // The session goes away during logout, just before the login screen opens.
  if (!session) return null;
  return (
    <AppLayout session={session} onLogout={() => void logout()}>
      <Outlet />
    </AppLayout>
  );
}
