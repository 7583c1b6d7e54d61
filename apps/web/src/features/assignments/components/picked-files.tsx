import { maxFileNameDisplay, truncateName } from '@campus/domain/assignments/assignment-list';
import { formatMegabytes } from '@campus/domain/shared/uploads';
import { Button, Group, Stack, Text } from '@mantine/core';

/** A file picked in this visit, keyed for the list. */
export interface PickedFile {
  key: number;
  file: File;
}

/** Files picked in this visit, not sent yet. */
export function PickedFiles({
  files,
  disabled,
  onRemove,
}: {
  files: PickedFile[];
  disabled: boolean;
  onRemove: (key: number) => void;
}) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {files.map(({ key, file }) => (
        <Group component="li" key={key} justify="space-between" gap="xs" wrap="wrap">
          <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
            <Text size="sm" title={file.name} style={{ overflowWrap: 'anywhere' }}>
              {truncateName(file.name, maxFileNameDisplay)}
            </Text>
            <Text size="xs">{formatMegabytes(file.size)}</Text>
          </Stack>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            disabled={disabled}
            aria-label={`Remove ${file.name}`}
            onClick={() => onRemove(key)}
          >
            Remove
          </Button>
        </Group>
      ))}
    </Stack>
  );
}
