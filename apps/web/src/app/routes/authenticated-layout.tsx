import '@mantine/core/styles.css';
import { publicPages } from '@campus/domain/shell/pages';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { isLogoutInProgress, useLogout } from '../../features/auth/api/logout.ts';
import { AppLayout } from '../../features/shell/components/app-layout.tsx';
import { useSession } from '../../lib/session.ts';

/** The shell around every signed-in screen. */
export function AuthenticatedLayout() {
  const session = useSession();
  const logout = useLogout();
  const navigate = useNavigate();
  useEffect(() => {
    // Signed out in another tab: back to the login screen. A logout of this tab navigates on its own.
    if (!session && !isLogoutInProgress()) void navigate(publicPages.signIn, { replace: true });
  }, [session, navigate]);
  if (!session) return null;
  return (
    <AppLayout session={session} onLogout={() => void logout()}>
      <Outlet />
    </AppLayout>
  );
}
