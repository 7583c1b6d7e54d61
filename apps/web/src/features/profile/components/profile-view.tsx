import { studentUserType } from '@campus/domain/auth/user-types';
import { displayAddress, displayDate, profileLabels } from '@campus/domain/profile/profile-display';
import type { ProfileUpdateBody } from '@campus/domain/profile/profile.contract';
import { displayDob, displayProfileValue } from '@campus/domain/profile/profile-rules';
import { homePages } from '@campus/domain/home/home.page';
import { Avatar, Button, Group, Stack, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ErrorOverlay } from '../../../components/error-overlay.tsx';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { showFailureToast, showToast } from '../../../components/toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { getSession, saveSession, type StoredSession } from '../../../lib/session.ts';
import { useProfile } from '../api/get-profile.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import {
  AddressDialog,
  BirthPlaceDialog,
  BloodGroupDialog,
  DobDialog,
  PhotoDialog,
  type EditableField,
  type FieldDialogProps,
} from './profile-edit-dialogs.tsx';
import { ProfileSection, type ProfileRow } from './profile-section.tsx';

const dialogs: Record<EditableField, (props: FieldDialogProps) => ReactNode> = {
  address: AddressDialog,
  birth_place: BirthPlaceDialog,
  blood_group: BloodGroupDialog,
  dob: DobDialog,
  photo: PhotoDialog,
};

const show = displayProfileValue;

export interface ProfileViewProps {
  session: StoredSession;
  /** Opens the Change Password popup (the app layer owns it: it logs out afterwards). */
  onChangePassword: () => void;
}

/**
 * Profile (spec part 1 §2, §3, §5): education, profile, parent/guardian, contact, address and photo, with the
 * school or coaching labels. A student whose institute allows it edits address, birth place, blood group, date
 * of birth and photo, one field per popup.
 */
export function ProfileView({ session, onChangePassword }: ProfileViewProps) {
  const { data: profile, error, isPending, refetch } = useProfile(session);
  const update = useUpdateProfile(session);
  const navigate = useNavigate();
  const [editing, setEditing] = useState<EditableField>();

  // The header's avatar and popup show the session's photo: keep it the one the profile shows (defect 2).
  const shownPhoto = profile?.photo_url;
  useEffect(() => {
    const current = getSession();
    if (shownPhoto && current && current.photo_url !== shownPhoto) saveSession({ ...current, photo_url: shownPhoto });
  }, [shownPhoto]);

  // No answer at all (offline, timed out): the dashboard would fail the same way, so Retry here instead.
  const isUnanswered = error instanceof ApiError && error.status === null;
  useEffect(() => {
    // The message first, then the overlay that leads back to the dashboard (spec part 1 §8).
    if (error && !isUnanswered) showFailureToast(error);
  }, [error, isUnanswered]);

  const heading = (
    <Group justify="space-between" align="center">
      <Title order={1} size="h2">
        Profile
      </Title>
      <Button variant="light" onClick={onChangePassword}>
        Change Password
      </Button>
    </Group>
  );

  // An open-course login has no student record: what the session holds, and Change Password (defect 1).
  if (session.student_id === null) {
    return (
      <Stack gap="md">
        {heading}
        <AccountProfile session={session} />
      </Stack>
    );
  }
  if (isPending) {
    return (
      <Stack gap="md">
        {heading}
        <PageLoader label="Loading profile" />
      </Stack>
    );
  }
  if (!profile && isUnanswered) {
    return (
      <Stack gap="md">
        {heading}
        <LoadFailure error={error} onRetry={() => void refetch()} />
      </Stack>
    );
  }
  if (!profile) {
    return (
      <Stack gap="md">
        {heading}
        <ErrorOverlay
          message={error?.message ?? ''}
          actionLabel="Go to Dashboard"
          onAction={() => void navigate(homePages.dashboard, { replace: true })}
        />
      </Stack>
    );
  }

  const canEdit = session.user_type === studentUserType && profile.student_profile_update_restrict;
  const editable = (field: EditableField) => (canEdit ? () => setEditing(field) : undefined);
  const labels = profileLabels(profile.is_institute_type_school);

  const save = async (body: ProfileUpdateBody) => {
    try {
      const answer = await update.mutateAsync(body);
      showToast(answer.message, 'success');
      setEditing(undefined);
      return undefined;
    } catch (failure) {
      return failure instanceof Error ? failure.message : String(failure);
    }
  };

  const education: ProfileRow[] = [
    { label: 'Student ID', value: show(profile.student_display_id) },
    { label: labels.standard, value: show(profile.standard_name) },
    { label: labels.section, value: show(profile.batch_name) },
    ...(labels.rollNo ? [{ label: labels.rollNo, value: show(profile.roll_no) }] : []),
    { label: 'Assigned Courses', value: show(profile.assigned_courses.join(', ')) },
    { label: 'Join Date', value: displayDate(profile.join_date) },
  ];
  const personal: ProfileRow[] = [
    { label: 'Name', value: show(profile.name) },
    { label: 'Gender', value: show(profile.gender) },
    { label: 'Date of Birth', value: displayDob(profile.dob), onEdit: editable('dob') },
    { label: 'Birth Place', value: show(profile.birth_place), onEdit: editable('birth_place') },
    { label: 'Blood Group', value: show(profile.blood_group), onEdit: editable('blood_group') },
    { label: 'Mother Tongue', value: show(profile.mother_tongue) },
    { label: 'Religion', value: show(profile.religion) },
    { label: 'Aadhar Number', value: show(profile.student_aadhar_no) },
  ];
  const family: ProfileRow[] = [
    { label: `${labels.parent} Name`, value: show(profile.parent_name) },
    { label: `${labels.parent} Email`, value: show(profile.parent_email) },
    { label: `${labels.parent} Phone`, value: show(profile.parent_phone) },
    { label: `${labels.parent} Profession`, value: show(profile.parent_profession) },
    { label: `${labels.parent} Aadhar Number`, value: show(profile.parent_aadhar_no) },
    { label: 'Guardian Name', value: show(profile.guardian_name) },
    { label: 'Guardian Phone', value: show(profile.guardian_phone) },
    { label: 'Guardian Email', value: show(profile.guardian_email) },
  ];
  const contact: ProfileRow[] = [
    { label: 'Mobile Number', value: show(profile.mobile_no) },
    { label: 'Email', value: show(profile.email_id) },
  ];
  const address: ProfileRow[] = [
    { label: 'Address', value: displayAddress(profile.address), onEdit: editable('address') },
    { label: 'Permanent Address', value: displayAddress(profile.permanent_address) },
    { label: 'State', value: show(profile.state) },
    { label: 'Country', value: show(profile.country) },
  ];

  const Dialog = editing ? dialogs[editing] : undefined;
  return (
    <Stack gap="md">
      {heading}
      <ProfileSection title="Photo" rows={[]}>
        <Group gap="md">
          <Avatar src={profile.photo_url || null} alt={`Photo of ${profile.name}`} size={96} radius="md" />
          {canEdit && (
            <Button variant="light" onClick={() => setEditing('photo')}>
              Change Photo
            </Button>
          )}
        </Group>
      </ProfileSection>
      <ProfileSection title="Education Info" rows={education} />
      <ProfileSection title="Profile" rows={personal} />
      <ProfileSection title="Parent / Guardian" rows={family} />
      <ProfileSection title="Contact" rows={contact} />
      <ProfileSection title="Address" rows={address} />
      {Dialog && <Dialog profile={profile} save={save} onClose={() => setEditing(undefined)} />}
    </Stack>
  );
}

/** The profile of a login without a student record (open-course buyer): account and contact from the session. */
function AccountProfile({ session }: { session: StoredSession }) {
  const account: ProfileRow[] = [
    { label: 'Name', value: show(session.name) },
    { label: 'Institute', value: show(session.institute_name) },
  ];
  const contact: ProfileRow[] = [
    { label: 'Mobile Number', value: show(session.student_phone) },
    { label: 'Email', value: show(session.email_id) },
  ];
  return (
    <>
      <ProfileSection title="Photo" rows={[]}>
        <Avatar src={session.photo_url || null} alt={`Photo of ${session.name}`} size={96} radius="md" />
      </ProfileSection>
      <ProfileSection title="Account" rows={account} />
      <ProfileSection title="Contact" rows={contact} />
    </>
  );
}
