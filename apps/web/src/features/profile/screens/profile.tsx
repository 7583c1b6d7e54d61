import { useAccountActions } from '../../../lib/account-actions.ts';
import { useSession } from '../../../lib/session.ts';
import { ProfileView } from '../components/profile-view.tsx';

/**
 * /Profile (also /profile): the profile. Its Change Password popup belongs to the auth feature: the signed-in
 * layout opens it and logs out once it succeeds.
 */
export function ProfileScreen() {
  const session = useSession();
  const { changePassword } = useAccountActions();
  return session ? <ProfileView session={session} onChangePassword={changePassword} /> : null;
}
