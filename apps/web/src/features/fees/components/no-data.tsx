import { feesTexts } from '@campus/domain/fees/fees-rules';
import { Stack, Text } from '@mantine/core';

/** 'No Data Available' with its illustration (an empty tray), for an empty table. */
export function NoData() {
  return (
    <Stack align="center" gap="xs" py="xl">
      <svg width="120" height="88" viewBox="0 0 120 88" role="img" aria-label="Empty list illustration">
        <ellipse cx="60" cy="80" rx="44" ry="6" fill="#e9ecef" />
        <path d="M20 44 L34 16 H86 L100 44 V70 H20 Z" fill="#f8f9fa" stroke="#adb5bd" strokeWidth="2" />
        <path d="M20 44 H44 L50 54 H70 L76 44 H100" fill="none" stroke="#adb5bd" strokeWidth="2" />
        <path d="M46 28 H74 M50 36 H70" stroke="#ced4da" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <Text c="dimmed">{feesTexts.noData}</Text>
    </Stack>
  );
}
