import { scheduleCountLabel, yearTiles } from '@campus/domain/timetable/timetable-rules';
import { Paper, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CSSProperties } from 'react';
import { PeriodHeader, Shortened, useIsWide } from './calendar-parts.tsx';

/**
 * A row of four months: Mantine's SimpleGrid as it lays out four columns (4 px apart, 10 px from the xs width), without
 * its own file on the route (issue 28).
 */
const yearRowStyle: CSSProperties = { display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' };

/** The year's 12 months in 3 rows of 4 (spec part 2 §2.2, §9); a phone shows short names and the count's number. */
export function YearTiles(props: {
  year: number;
  counts: Record<string, number>;
  selected: number | null;
  canPrevious: boolean;
  canNext: boolean;
  onMove: (step: 1 | -1) => void;
  onSelect: (month: number) => void;
}) {
  const isWide = useIsWide();
  const isRoomy = useMediaQuery('(min-width: 36em)', false, { getInitialValueInEffect: false });
  return (
    <Paper withBorder p={{ base: 4, xs: 'sm' }} radius="md">
      <PeriodHeader
        unit="year"
        title={String(props.year)}
        canPrevious={props.canPrevious}
        canNext={props.canNext}
        onMove={props.onMove}
      />
      <Stack gap="xs">
        {yearTiles().map((row, index) => (
          <div key={index} style={{ ...yearRowStyle, gap: isRoomy ? 'var(--mantine-spacing-xs)' : 4 }}>
            {row.map((tile) => {
              const count = props.counts[String(tile.month)] ?? 0;
              const label = scheduleCountLabel(count);
              return (
                <UnstyledButton
                  key={tile.month}
                  onClick={() => props.onSelect(tile.month)}
                  aria-pressed={props.selected === tile.month}
                  style={{
                    padding: '8px 4px',
                    minHeight: 56,
                    borderRadius: 6,
                    textAlign: 'center',
                    border: '1px solid var(--mantine-color-gray-3)',
                    background: props.selected === tile.month ? 'var(--cp-selected-day)' : undefined,
                  }}
                >
                  <Text fw={600} size="sm">
                    {isWide ? tile.name : <Shortened short={tile.name.slice(0, 3)} full={tile.name} />}
                    <VisuallyHidden> {props.year},</VisuallyHidden>
                  </Text>
                  <Text size="xs" c="var(--cp-schedule-count)">
                    {isWide ? label : count > 0 && <Shortened short={String(count)} full={label} />}
                  </Text>
                </UnstyledButton>
              );
            })}
          </div>
        ))}
      </Stack>
    </Paper>
  );
}
