import { Stack } from '@mantine/core';
import { Suspense } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useAccountActions } from '../../../lib/account-actions.ts';
import { useSession } from '../../../lib/session.ts';
import { AlertSettingsSection } from '../../alerts/index.ts';
import { ProfileView } from '../components/profile-view.tsx';

/**
 * /Profile (also /profile): the profile, and below it the account's alert settings (issue 31; not in the spec).
 * Its Change Password popup belongs to the auth feature: the signed-in layout opens it and logs out once it
 * succeeds.
 */
export function ProfileScreen() {
  const session = useSession();
  const { changePassword } = useAccountActions();
  if (!session) return null;
  return (
    <Stack gap="md">
      <ProfileView session={session} onChangePassword={changePassword} />
      <Suspense fallback={<PageLoader label="Loading alert settings" />}>
        <AlertSettingsSection isParent={session.parentslogin} />
      </Suspense>
    </Stack>
  );
}
