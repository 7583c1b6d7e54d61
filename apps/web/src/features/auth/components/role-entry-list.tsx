import type { RoleEntry } from '@campus/domain/auth/auth.contract';
import { Avatar, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';

/** How one profile reads: a student by name, a parent as the parent of a student. */
export function describeRoleEntry(entry: RoleEntry): string {
  return entry.display === 'parent_student' ? `Parent of ${entry.student_name}` : 'Student';
}

/** The profiles of one login or phone, each a button (Select Profile, Forgot Password For). */
export function RoleEntryList({
  entries,
  onSelect,
  disabled,
}: {
  entries: RoleEntry[];
  onSelect: (entry: RoleEntry) => void;
  disabled?: boolean;
}) {
  return (
    <Stack gap="xs">
      {entries.map((entry) => (
        <UnstyledButton
          key={`${entry.user_type}-${entry.user_id}-${entry.institute_id}-${entry.student_id ?? ''}`}
          onClick={() => onSelect(entry)}
          disabled={disabled}
        >
          <Paper withBorder p="sm">
            <Group wrap="nowrap" gap="sm">
              <Avatar src={entry.photo_url || null} alt="" />
              <div>
                <Text fw={600}>{entry.name}</Text>
                <Text size="sm">
                  {describeRoleEntry(entry)} · {entry.institute_name}
                </Text>
              </div>
            </Group>
          </Paper>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
