import { monthNames } from '@campus/domain/calendar/calendar';
import { checkPhoto, dobYears, toIsoDate } from '@campus/domain/profile/profile-display';
import type { ProfileUpdateBody, StudentProfile } from '@campus/domain/profile/profile.contract';
import {
  bloodGroups,
  maxAddressLength,
  maxBirthPlaceLength,
  parseIsoDate,
  validateDob,
} from '@campus/domain/profile/profile-rules';
import { Group, Input, NativeSelect, Text, Textarea, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { EditDialog } from './edit-dialog.tsx';

/** The profile fields a student may edit, one per request (spec part 1 §5). */
export type EditableField = 'address' | 'birth_place' | 'blood_group' | 'dob' | 'photo';

export interface FieldDialogProps {
  profile: StudentProfile;
  /** Sends one field; answers the message to show when it was refused, or undefined once saved. */
  save: (body: ProfileUpdateBody) => Promise<string | undefined>;
  onClose: () => void;
}

/** Today as `YYYY-MM-DD` in the browser's calendar. */
const localToday = () => {
  const now = new Date();
  return toIsoDate(now.getDate(), now.getMonth() + 1, now.getFullYear());
};

export function AddressDialog({ profile, save, onClose }: FieldDialogProps) {
  const [address, setAddress] = useState(profile.address.slice(0, maxAddressLength));
  const value = address.trim();
  return (
    <EditDialog title="Edit Address" onClose={onClose} onSave={value ? () => save({ address: value }) : undefined}>
      <Textarea
        label="Address"
        value={address}
        // The limit holds while typing and pasting, not only at save (spec part 1 §5).
        onChange={(event) => setAddress(event.currentTarget.value.slice(0, maxAddressLength))}
        maxLength={maxAddressLength}
        rows={4}
        description={`${address.length}/${maxAddressLength} characters`}
        data-autofocus
      />
    </EditDialog>
  );
}

export function BirthPlaceDialog({ profile, save, onClose }: FieldDialogProps) {
  const [birthPlace, setBirthPlace] = useState(profile.birth_place.slice(0, maxBirthPlaceLength));
  const value = birthPlace.trim();
  return (
    <EditDialog
      title="Edit Birth Place"
      onClose={onClose}
      onSave={value ? () => save({ birth_place: value }) : undefined}
    >
      <TextInput
        label="Birth Place"
        value={birthPlace}
        onChange={(event) => setBirthPlace(event.currentTarget.value.slice(0, maxBirthPlaceLength))}
        maxLength={maxBirthPlaceLength}
        description={`At most ${maxBirthPlaceLength} characters`}
        data-autofocus
      />
    </EditDialog>
  );
}

export function BloodGroupDialog({ profile, save, onClose }: FieldDialogProps) {
  const current = bloodGroups.find((group) => group === profile.blood_group) ?? '';
  const [bloodGroup, setBloodGroup] = useState<string>(current);
  const chosen = bloodGroups.find((group) => group === bloodGroup);
  return (
    <EditDialog
      title="Edit Blood Group"
      onClose={onClose}
      onSave={chosen ? () => save({ blood_group: chosen }) : undefined}
    >
      <NativeSelect
        label="Blood Group"
        value={bloodGroup}
        onChange={(event) => setBloodGroup(event.currentTarget.value)}
        data={[{ value: '', label: 'Select Blood Group', disabled: true }, ...bloodGroups]}
        data-autofocus
      />
    </EditDialog>
  );
}

export function DobDialog({ profile, save, onClose }: FieldDialogProps) {
  const stored = profile.dob && profile.dob !== '1900-01-01' ? parseIsoDate(profile.dob) : undefined;
  const [day, setDay] = useState(stored ? String(stored.day) : '');
  const [month, setMonth] = useState(stored ? String(stored.month) : '');
  const [year, setYear] = useState(stored ? String(stored.year) : '');
  const today = localToday();
  const isComplete = day !== '' && month !== '' && year !== '';

  const saveDob = async () => {
    // The rules of spec part 1 §5, checked before anything is sent; the server checks them again.
    const problem = validateDob(Number(day), Number(month), Number(year), today);
    if (problem) return problem;
    return save({ dob: toIsoDate(Number(day), Number(month), Number(year)) });
  };

  return (
    <EditDialog title="Edit Date of Birth" onClose={onClose} onSave={isComplete ? saveDob : undefined}>
      <Group grow gap="xs" align="flex-start">
        <NativeSelect
          label="Day"
          value={day}
          onChange={(event) => setDay(event.currentTarget.value)}
          data={[
            { value: '', label: 'Day', disabled: true },
            ...Array.from({ length: 31 }, (_, index) => String(index + 1)),
          ]}
          data-autofocus
        />
        <NativeSelect
          label="Month"
          value={month}
          onChange={(event) => setMonth(event.currentTarget.value)}
          data={[
            { value: '', label: 'Month', disabled: true },
            ...monthNames.map((name, index) => ({ value: String(index + 1), label: name })),
          ]}
        />
        <NativeSelect
          label="Year"
          value={year}
          onChange={(event) => setYear(event.currentTarget.value)}
          data={[{ value: '', label: 'Year', disabled: true }, ...dobYears(today).map(String)]}
        />
      </Group>
    </EditDialog>
  );
}

/** The file as a data: URL (base64), which the update accepts as it is. */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

export function PhotoDialog({ save, onClose }: FieldDialogProps) {
  const inputId = useId();
  const [file, setFile] = useState<File>();

  const savePhoto = async () => {
    if (!file) return undefined;
    // Refused here, by content and size, before a large or wrong file travels (the server checks again).
    const problem = checkPhoto(new Uint8Array(await file.slice(0, 16).arrayBuffer()), file.size);
    if (problem) return problem;
    let photo: string;
    try {
      photo = await readAsDataUrl(file);
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
    return save({ photo });
  };

  return (
    <EditDialog title="Change Photo" onClose={onClose} onSave={file ? savePhoto : undefined}>
      <Input.Wrapper label="Photo" labelElement="label" id={inputId} description="JPEG, PNG, GIF or WebP, up to 2 MB">
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          onChange={(event) => setFile(event.currentTarget.files?.[0])}
          style={{ display: 'block', marginTop: 4 }}
        />
      </Input.Wrapper>
      {file && <Text size="sm">{file.name}</Text>}
    </EditDialog>
  );
}
