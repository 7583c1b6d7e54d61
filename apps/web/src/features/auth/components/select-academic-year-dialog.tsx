import { Button, Modal, Stack, Text } from '@mantine/core';

/** Select Academic Year (spec part 1 §4): shown when the user's years do not include the current one. */
export function SelectAcademicYearDialog({
  years,
  onSelect,
  onClose,
}: {
  years: { acad_yr_id: number; acad_yr_name: string }[] | undefined;
  onSelect: (yearId: number) => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={years !== undefined} onClose={onClose} title="Select Academic Year" centered>
      <Stack gap="xs">
        <Text size="sm">Choose the academic year to work in.</Text>
        {years?.map((year) => (
          <Button key={year.acad_yr_id} variant="default" fullWidth onClick={() => onSelect(year.acad_yr_id)}>
            {year.acad_yr_name}
          </Button>
        ))}
      </Stack>
    </Modal>
  );
}
