import { maxLinkNameLength, maxLinkRemarksLength } from '@campus/domain/assignments/assignment-rules';
import type { UpdateAssignmentJson } from '@campus/domain/assignments/assignments.contract';
import { Button, Flex, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';

/** The fields of a link not added yet: one of the update's `url_lists` (spec part 1 §7). */
export type LinkDraft = Required<UpdateAssignmentJson['url_lists'][number]>;

export const emptyLink: LinkDraft = { display_name: '', url: '', remarks: '' };

/** A link's name, address and remarks, and Add Link (its problem shown under the fields). */
export function LinkForm({
  draft,
  onChange,
  error,
  disabled,
  onAdd,
}: {
  draft: LinkDraft;
  onChange: (update: (current: LinkDraft) => LinkDraft) => void;
  error: string | undefined;
  disabled: boolean;
  onAdd: () => void;
}) {
  return (
    <Stack gap="xs">
      <Flex direction={{ base: 'column', sm: 'row' }} gap="xs">
        <TextInput
          label="Link Name"
          flex={1}
          maxLength={maxLinkNameLength}
          disabled={disabled}
          value={draft.display_name}
          onChange={(event) => {
            const display_name = event.currentTarget.value;
            onChange((current) => ({ ...current, display_name }));
          }}
        />
        <TextInput
          label="URL"
          type="url"
          inputMode="url"
          flex={2}
          disabled={disabled}
          value={draft.url}
          onChange={(event) => {
            const url = event.currentTarget.value;
            onChange((current) => ({ ...current, url }));
          }}
        />
      </Flex>
      <Textarea
        label="Remarks"
        rows={2}
        resize="vertical"
        maxLength={maxLinkRemarksLength}
        disabled={disabled}
        value={draft.remarks}
        onChange={(event) => {
          const remarks = event.currentTarget.value;
          onChange((current) => ({ ...current, remarks }));
        }}
      />
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button variant="default" disabled={disabled} onClick={onAdd}>
          Add Link
        </Button>
      </Group>
    </Stack>
  );
}
