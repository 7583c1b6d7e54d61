import { useState } from 'react';
import { ChangePasswordDialog } from '../../features/auth/components/change-password-dialog.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { ProfileView } from '../../features/profile/components/profile-view.tsx';
import { useSession } from '../../lib/session.ts';

/** /Profile (also /profile): the profile, with the Change Password popup that logs out once it succeeds. */
export function ProfileScreen() {
  const session = useSession();
  const logout = useLogout();
  const [isChangingPassword, setIsChangingPassword] = useState(false);
  if (!session) return null;
  return (
    <>
      <ProfileView session={session} onChangePassword={() => setIsChangingPassword(true)} />
      {isChangingPassword && (
        // A parent login changes the parent's password (the dialog sends the parent id, spec part 1 §6).
        <ChangePasswordDialog
          opened
          owner={session}
          onClose={() => setIsChangingPassword(false)}
          onPasswordChanged={() => void logout()}
        />
      )}
    </>
  );
}
