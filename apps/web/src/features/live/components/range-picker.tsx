import { checkPastRange } from '@campus/domain/live/live-rules';
import { Button, Group, Popover, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { showToast } from '../../../components/toast.ts';

/** The past tab's from-to picker with Cancel and Apply (spec part 1 §2, §5). */
export default function RangePicker({
  range,
  label,
  today,
  onApply,
}: {
  range: { from: string; to: string };
  /** The range as the button shows it (DD-MM-YYYY to DD-MM-YYYY). */
  label: string;
  today: string;
  onApply: (range: { from: string; to: string }) => void;
}) {
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState(range);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow trapFocus>
      <Popover.Target>
        <Button
          variant="default"
          onClick={() => {
            setDraft(range);
            setOpened((open) => !open);
          }}
        >
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <TextInput
            type="date"
            label="From"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            label="To"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button
              size="xs"
              onClick={() => {
                const problem = checkPastRange(draft.from, today);
                if (problem) {
                  showToast(problem, 'error');
                  return;
                }
                onApply(draft.to < draft.from ? { from: draft.from, to: draft.from } : draft);
                setOpened(false);
              }}
            >
              Apply
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
