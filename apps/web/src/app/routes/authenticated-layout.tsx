import '@mantine/core/styles.css';
import { publicPages } from '@campus/domain/shell/pages';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { isLogoutInProgress, useLogout } from '../../features/auth/api/logout.ts';
import { AppLayout } from '../../features/shell/components/app-layout.tsx';
import { AccountActionsContext, type AccountActions } from '../../lib/account-actions.ts';
import { registerServiceWorker } from '../../lib/service-worker.ts';
import { useSession } from '../../lib/session.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { RouteErrorBoundary } from './route-error.tsx';

// Loaded when asked for, as it was with the Profile screen's code.
const ChangePasswordDialog = lazy(async () => ({
  default: (await import('../../features/auth/components/change-password-dialog.tsx')).ChangePasswordDialog,
}));

/** The shell around every signed-in screen, and the account actions (auth's) those screens ask for. */
export function AuthenticatedLayout() {
  const session = useSession();
  const logout = useLogout();
  const navigate = useNavigate();
  const [isChangingPassword, setIsChangingPassword] = useState(false);
  const actions = useMemo<AccountActions>(
    () => ({ logout: (message) => void logout(message), changePassword: () => setIsChangingPassword(true) }),
    [logout],
  );
  useEffect(() => {
    // Signed out in another tab: back to the login screen. A logout of this tab navigates on its own.
    if (!session && !isLogoutInProgress()) void navigate(publicPages.signIn, { replace: true });
  }, [session, navigate]);
  // The installable app is for signed-in users: its worker comes with the first signed-in screen.
  useEffect(registerServiceWorker, []);
  if (!session) return null;
  return (
    <AccountActionsContext value={actions}>
      <AppLayout session={session} onLogout={() => void logout()}>
        {/* A screen that fails (its script, a bug) shows the error inside the shell, menu still there. */}
        <RouteErrorBoundary>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </AppLayout>
      {isChangingPassword && (
        // A parent login changes the parent's password (the dialog sends the parent id, spec part 1 §6).
        <Suspense fallback={null}>
          <ChangePasswordDialog
            opened
            owner={session}
            onClose={() => setIsChangingPassword(false)}
            onPasswordChanged={() => void logout()}
          />
        </Suspense>
      )}
    </AccountActionsContext>
  );
}
